package dev.countersign.graph;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/** A clock that only moves when a test moves it. */
public final class TestClock extends Clock {
    /** Volatile: timers on other threads (the driver's expiry sweep) read it. */
    private volatile Instant now;
    private final AtomicReference<Duration> afterNextRead = new AtomicReference<>();

    public TestClock(Instant start) {
        this.now = start;
    }

    public void advance(Duration duration) {
        now = now.plus(duration);
    }

    /** Moves the clock by {@code duration} right after its next reading: that reader still sees the time before. */
    public void advanceAfterNextRead(Duration duration) {
        afterNextRead.set(duration);
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }

    @Override
    public Instant instant() {
        Instant read = now;
        Duration later = afterNextRead.getAndSet(null);
        if (later != null) {
            advance(later);
        }
        return read;
    }
}
