package dev.countersign.desktop.macos;

import com.sun.jna.Callback;
import com.sun.jna.Library;
import com.sun.jna.Pointer;

/**
 * The two calls that put work on the process's main thread, from libSystem (which re-exports
 * libdispatch and libsystem_pthread): macOS requires Text Input Sources — the keyboard-layout read —
 * on the main thread and traps other threads' calls. The main queue is the global
 * {@code _dispatch_main_q} ({@code dispatch_get_main_queue()} is a macro over its address), read by
 * {@link MacNative}. Loaded only on macOS.
 */
interface LibDispatch extends Library {

    /** Non-zero on the process's main thread (the one the launcher parks in the main run loop). */
    int pthread_main_np();

    /**
     * Queues {@code work(context)} on {@code queue} and returns at once; nothing is allocated for the
     * caller to release. The callback must stay reachable until it has run ({@link MainThread}).
     */
    void dispatch_async_f(Pointer queue, Pointer context, Work work);

    /** {@code dispatch_function_t}: {@code void (*)(void *context)}. */
    interface Work extends Callback {
        void invoke(Pointer context);
    }
}
