package dev.countersign.graph;

import dev.countersign.core.IdSource;
import java.util.concurrent.atomic.AtomicLong;

/** Deterministic ids for tests and replays: prefix + a counter. */
public final class SequentialIds implements IdSource {
    private final AtomicLong counter = new AtomicLong();

    @Override
    public String next(String prefix) {
        return prefix + counter.incrementAndGet();
    }
}
