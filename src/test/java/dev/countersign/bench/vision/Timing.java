package dev.countersign.bench.vision;

import java.util.Arrays;
import java.util.function.Supplier;

/** Times a piece of work: warm-up runs, then median and 90th percentile over measured runs. */
record Timing(double medianMs, double p90Ms, double minMs, int runs) {

    static Timing of(int warmup, int runs, Supplier<?> work) {
        Object sink = null;
        for (int i = 0; i < warmup; i++) {
            sink = work.get();
        }
        double[] ms = new double[runs];
        for (int i = 0; i < runs; i++) {
            long t0 = System.nanoTime();
            sink = work.get();
            ms[i] = (System.nanoTime() - t0) / 1e6;
        }
        if (sink == null) {
            throw new IllegalStateException("the benchmarked work returned nothing");
        }
        Arrays.sort(ms);
        return new Timing(ms[runs / 2], ms[(int) Math.ceil(runs * 0.9) - 1], ms[0], runs);
    }
}
