package dev.countersign.app;

import dev.countersign.app.fx.NativeHeap;
import java.time.Duration;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gives the memory a busy period took back to the system once agents have gone quiet: one full
 * collection (the serial collector the launchers choose collects only when its heap fills, so an
 * idle app never would, and it shrinks the heap to {@code -XX:MaxHeapFreeRatio} only after a full
 * collection; G1, where the JVM runs without our options, uncommits after one too) and one trim of
 * the C heap. Once per quiet spell, never while agents call: {@link #tick} is called every few
 * seconds by the app's sweeper.
 */
final class IdleMemory {
    private static final Logger LOG = LoggerFactory.getLogger(IdleMemory.class);
    /** How long without a single call before the memory is given back. */
    static final Duration QUIET = Duration.ofSeconds(20);
    private final LongSupplier calls;
    private final LongSupplier nanoTime;
    private final Runnable giveBack;
    private long seen = -1;
    private long quietSince;
    private boolean owed;

    /** {@code calls} counts the agents' calls so far (it only grows). */
    IdleMemory(LongSupplier calls) {
        this(calls, System::nanoTime, IdleMemory::giveBack);
    }

    /** As {@link #IdleMemory(LongSupplier)}, with the time source and what giving back does. */
    IdleMemory(LongSupplier calls, LongSupplier nanoTime, Runnable giveBack) {
        this.calls = calls;
        this.nanoTime = nanoTime;
        this.giveBack = giveBack;
    }

    /** Notes whether agents called since the last tick, and gives memory back after {@link #QUIET}. */
    synchronized void tick() {
        long now = nanoTime.getAsLong();
        long count = calls.getAsLong();
        if (count != seen) {
            seen = count;
            quietSince = now;
            owed = true;
            return;
        }
        if (owed && now - quietSince >= QUIET.toNanos()) {
            owed = false;
            giveBack.run();
        }
    }

    private static void giveBack() {
        Runtime rt = Runtime.getRuntime();
        long before = rt.totalMemory();
        long start = System.nanoTime();
        // Deliberate: the one way to make an idle serial-collector heap shrink (see the class comment).
        System.gc();
        NativeHeap.trim();
        LOG.debug("agents quiet: heap {} -> {} MB committed in {} ms", before >> 20, rt.totalMemory() >> 20,
                (System.nanoTime() - start) / 1_000_000);
    }
}
