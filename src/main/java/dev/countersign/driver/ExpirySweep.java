package dev.countersign.driver;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Drops expired observations after agents go quiet. An agent that observes again sweeps its own
 * scope as it adds (see {@link ObservationStore}); an agent that stops would otherwise leave its
 * last observations — up to its whole budget, hundreds of windows' nodes — held for as long as
 * the app runs.
 *
 * <p>One timer is armed while observations are held, for just after the latest of them expires,
 * and none otherwise: nothing wakes an idle app. It runs on the JDK's shared delay thread, which
 * the app's other one-shot timers already use, so it adds no thread; the sweep itself takes
 * microseconds and never blocks.
 */
final class ExpirySweep {
    /** After the expiry, so that the observation is expired by the time the sweep runs. */
    static final Duration SLACK = Duration.ofMillis(500);

    private final ObservationStore store;
    private final Clock clock;
    private final AtomicBoolean armed = new AtomicBoolean();

    ExpirySweep(ObservationStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    /** Makes sure a sweep runs after {@code expiry}; a sweep already armed re-arms itself for what it leaves. */
    void after(Instant expiry) {
        if (armed.compareAndSet(false, true)) {
            long delay = Math.max(0, Duration.between(clock.instant(), expiry).toMillis()) + SLACK.toMillis();
            CompletableFuture.delayedExecutor(delay, TimeUnit.MILLISECONDS, Runnable::run).execute(this::sweep);
        }
    }

    private void sweep() {
        // Disarmed first: an observation added while this sweeps arms a sweep of its own.
        armed.set(false);
        store.sweep().ifPresent(this::after);
    }
}
