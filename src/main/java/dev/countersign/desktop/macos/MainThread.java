package dev.countersign.desktop.macos;

import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a call on the process's main thread, where macOS wants Text Input Sources called (current
 * releases trap a keyboard-layout read from another thread and end the process). The JDK launcher
 * parks the main thread in the main run loop, and JavaFX runs its toolkit there; both drain the main
 * dispatch queue, so work queued there runs between their events. A call that has not run within
 * {@link #TIMEOUT_MS} (the main thread busy) gives {@code onTimeout} instead of blocking the caller.
 */
final class MainThread {
    private static final Logger LOG = LoggerFactory.getLogger(MainThread.class);
    static final long TIMEOUT_MS = 2000;
    /** Callbacks queued and not yet run: JNA's native stub must outlive the Java object's last use. */
    private static final Set<LibDispatch.Work> PENDING = ConcurrentHashMap.newKeySet();

    private MainThread() {
    }

    static <T> T call(Supplier<T> work, T onTimeout) {
        LibDispatch dispatch = MacNative.Libs.DISPATCH;
        if (dispatch.pthread_main_np() != 0) {
            return work.get();
        }
        CompletableFuture<T> result = new CompletableFuture<>();
        LibDispatch.Work[] self = new LibDispatch.Work[1];
        self[0] = context -> {
            try {
                result.complete(work.get());
            } catch (RuntimeException e) {
                result.completeExceptionally(e);
            } finally {
                PENDING.remove(self[0]);
            }
        };
        PENDING.add(self[0]);
        dispatch.dispatch_async_f(MacNative.Libs.MAIN_QUEUE, null, self[0]);
        try {
            return result.get(TIMEOUT_MS, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            LOG.info("the main thread did not run a call within {} ms", TIMEOUT_MS);
            return onTimeout;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return onTimeout;
        } catch (ExecutionException e) {
            throw (RuntimeException) e.getCause();
        }
    }
}
