package dev.countersign.driver;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Reads of the desktop that do not depend on each other, started at once: each one mostly waits
 * for another process (an application answering over the accessibility bus, the X server), so
 * the caller waits for the slowest instead of for the sum. A read's result is taken as if it had
 * run on the caller's thread: what it threw is thrown again, so callers judge results in their
 * own order exactly as they would have sequentially.
 */
final class DesktopReads {
    /** Daemon threads that end when idle: nothing waits on them at exit. */
    private static final ExecutorService READERS = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 30,
            TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
                Thread t = new Thread(r, "desktop-read");
                t.setDaemon(true);
                return t;
            });

    private DesktopReads() {
    }

    /** Starts {@code read} on another thread. */
    static <T> CompletableFuture<T> start(Supplier<T> read) {
        return CompletableFuture.supplyAsync(read, READERS);
    }

    /** The read's result, or what it threw, thrown as it was. */
    static <T> T result(CompletableFuture<T> read) {
        try {
            return read.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }
}
