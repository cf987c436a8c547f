package dev.countersign.desktop.linux;

import dev.countersign.desktop.SnapshotLimits;
import dev.countersign.desktop.WindowInfo;

/**
 * For scripts/bench/apps (never the test suite): what one application's element cache costs a
 * walk — one {@code Cache.GetItems} timed on its own, and the same window walked with the cache
 * and without it (every element read from the application, level by level). It has its own
 * connections, so the backend under test keeps its own.
 */
public final class CacheCost implements AutoCloseable {
    private final A11yBus bus = new A11yBus();

    /** One {@code Cache.GetItems} of the window's application: {wall ms, items in the cache}. */
    public double[] getItems(WindowInfo window) {
        AtspiRef ref = (AtspiRef) window.handle();
        BusCalls calls = bus.appCalls(ref.bus());
        long t = System.nanoTime();
        AppCache cache = AppCache.load(calls, ref.bus());
        return new double[] {(System.nanoTime() - t) / 1e6, cache.size()};
    }

    /** One walk of the window, with the cache ({@code true}) or without it: {wall ms, nodes kept}. */
    public double[] walk(WindowInfo window, SnapshotLimits limits, boolean withCache) {
        AtspiRef ref = (AtspiRef) window.handle();
        TreeWalker walker = new TreeWalker(bus.appCalls(ref.bus()), bus.reader(ref.bus()));
        long t = System.nanoTime();
        int nodes = (withCache ? walker.walk(ref, limits) : walker.walk(ref, limits, AppCache.EMPTY)).nodes().size();
        return new double[] {(System.nanoTime() - t) / 1e6, nodes};
    }

    @Override
    public void close() {
        bus.close();
    }
}
