package dev.countersign.desktop;

import java.util.Objects;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;

/**
 * Makes "nobody is being asked" and one synthetic input a single step with respect to an approval
 * dialog opening. Input holds the gate shared (many inputs may run at once) from its check to the
 * end of its injection; whatever makes the person asked (queueing a request, which shows the
 * dialog) holds it exclusively. So a request waits for input already in flight, and input that
 * starts after it sees the person asked and is refused: no other agent's dialog can open between
 * the check and the keys or clicks that follow it.
 */
public final class InputGate {
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();

    /** Runs one input, its checks included, while no dialog can open. */
    public <T> T input(Supplier<T> checkAndDispatch) {
        Objects.requireNonNull(checkAndDispatch, "checkAndDispatch");
        lock.readLock().lock();
        try {
            return checkAndDispatch.get();
        } finally {
            lock.readLock().unlock();
        }
    }

    /** Runs the step that makes the person asked, once no input is in flight. */
    public <T> T asking(Supplier<T> markAsked) {
        Objects.requireNonNull(markAsked, "markAsked");
        lock.writeLock().lock();
        try {
            return markAsked.get();
        } finally {
            lock.writeLock().unlock();
        }
    }

    /** Whether a step is waiting for the gate (for tests: proves a request is held back by input in flight). */
    boolean hasWaiting() {
        return lock.hasQueuedThreads();
    }
}
