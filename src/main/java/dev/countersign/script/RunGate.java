package dev.countersign.script;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * Who may interpret script code now: one segment (the code between two tool calls) per agent at a
 * time, and at most {@code width} segments in the process, granted in arrival order. A segment
 * ends at the script's next tool call, so a script that waits for the person or for a tool holds
 * nothing here, and since an agent holds at most one of the {@code width} turns, one agent's
 * scripts can delay another's by one segment at most, never starve them. The process-wide width
 * bounds how many scripts can flatten a huge lazy string at the same moment (docs/script.md,
 * Memory): a segment can allocate past its budget in one built-in call before the budget sees it.
 */
final class RunGate {
    private final Map<String, ReentrantLock> agents = new ConcurrentHashMap<>();
    private final Semaphore turns;

    /** As wide as the machine has processors, and never narrower than two. */
    RunGate() {
        this(Math.max(2, Runtime.getRuntime().availableProcessors()));
    }

    RunGate(int width) {
        if (width < 1) {
            throw new IllegalArgumentException("at least one segment must be able to run");
        }
        this.turns = new Semaphore(width, true);
    }

    /** Runs one segment of {@code agentId}'s script once it is that agent's turn and a turn is free. */
    <T> T run(String agentId, Supplier<T> segment) {
        Objects.requireNonNull(agentId, "agentId");
        // Fair, so that the agent's own scripts also go in the order they came.
        ReentrantLock agent = agents.computeIfAbsent(agentId, id -> new ReentrantLock(true));
        agent.lock();
        try {
            turns.acquireUninterruptibly();
            try {
                return segment.get();
            } finally {
                turns.release();
            }
        } finally {
            agent.unlock();
        }
    }
}
