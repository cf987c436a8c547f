package dev.countersign.driver;

import java.lang.ref.WeakReference;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Drops expired observations after agents go quiet. An agent that observes again sweeps its own
 * scope as it adds (see {@link ObservationStore}); an agent that stops would otherwise leave its
 * last observations — up to its whole budget, hundreds of windows' nodes — held for as long as
 * the app runs.
 *
 * <p>One timer is armed while observations are held, for just after the latest of them may go,
 * and none otherwise: nothing wakes an idle app. It runs on the JDK's shared delay thread (one
 * daemon thread for every such one-shot timer in the process, the tray's included); the sweep
 * itself takes microseconds and never blocks.
 */
final class ExpirySweep {
    /** After the expiry, so that the observation is expired by the time the sweep runs. */
    static final Duration SLACK = Duration.ofMillis(500);

    /**
     * Weak: a pending timer must not keep a closed driver's observations, and the backend handles
     * behind them (AXUIElements released only when unreachable), alive until it fires.
     */
    private final WeakReference<ObservationStore> store;
    private final Clock clock;
    private final AtomicBoolean armed = new AtomicBoolean();
    /** The clock's reading when the pending sweep was armed. */
    private volatile Instant armedAt = Instant.MIN;

    ExpirySweep(ObservationStore store, Clock clock) {
        this.store = new WeakReference<>(store);
        this.clock = clock;
    }

    /** Makes sure a sweep runs after {@code expiry}; a sweep already armed re-arms itself for what it leaves. */
    void after(Instant expiry) {
        if (armed.compareAndSet(false, true)) {
            Instant now = clock.instant();
            armedAt = now;
            long delay = Math.max(0, Duration.between(now, expiry).toMillis()) + SLACK.toMillis();
            CompletableFuture.delayedExecutor(delay, TimeUnit.MILLISECONDS, Runnable::run).execute(this::sweep);
        }
    }

    private void sweep() {
        Instant armedWhen = armedAt;
        // Disarmed first: an observation added while this sweeps arms a sweep of its own.
        armed.set(false);
        ObservationStore observations = store.get();
        if (observations == null) {
            return;
        }
        Optional<Instant> held = observations.sweep();
        // A clock that has not moved since arming (a test's) can expire nothing: wait for the next
        // observation to arm again instead of re-arming for ever.
        if (held.isPresent() && clock.instant().isAfter(armedWhen)) {
            after(held.get());
        }
    }
}
