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
    /**
     * At most this many reads run on threads of their own; past that a read runs on the caller's
     * thread, as it did before reads were started together. Many agents calling at once (or one
     * calling many times) then cannot grow the process a thread per read.
     */
    static final int MAX_THREADS = 8;

    /** Daemon threads that end when idle: nothing waits on them at exit. */
    private static final ExecutorService READERS = new ThreadPoolExecutor(0, MAX_THREADS, 30,
            TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
                Thread t = new Thread(r, "desktop-read");
                t.setDaemon(true);
                return t;
            }, new ThreadPoolExecutor.CallerRunsPolicy());

    private DesktopReads() {
    }

    /** Starts {@code read} on another thread, or runs it now on this one when {@link #MAX_THREADS} are busy. */
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
