package dev.countersign.server;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.function.LongSupplier;

/**
 * Per-agent request rate (a token bucket) and in-flight call limit, so that one runaway agent
 * cannot starve the others or the approval UI (docs/endpoint.md, "Security checks"). Answers are
 * immediate: a request over a limit is refused with 429, never queued.
 */
final class AgentLimits {
    private final double perNano;
    private final int burst;
    private final int concurrent;
    private final LongSupplier nanos;
    private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();
    private final Map<String, Semaphore> inFlight = new ConcurrentHashMap<>();

    AgentLimits(double perSecond, int burst, int concurrent, LongSupplier nanos) {
        this.perNano = perSecond / 1e9;
        this.burst = burst;
        this.concurrent = concurrent;
        this.nanos = nanos;
    }

    /** Takes one request from the agent's bucket; false when it is empty. */
    boolean tryRequest(String agentId) {
        return buckets.computeIfAbsent(agentId, a -> new Bucket(burst, nanos.getAsLong())).take(perNano, burst,
                nanos.getAsLong());
    }

    /** Seconds until the agent's bucket has a request again (for Retry-After), at least 1. */
    long retryAfterSeconds() {
        return Math.max(1, (long) Math.ceil(1 / (perNano * 1e9)));
    }

    /** Enters one call; the caller must {@link #leave} exactly once when it returns true. */
    boolean tryEnter(String agentId) {
        return inFlight.computeIfAbsent(agentId, a -> new Semaphore(concurrent)).tryAcquire();
    }

    void leave(String agentId) {
        inFlight.get(agentId).release();
    }

    private static final class Bucket {
        private double tokens;
        private long last;

        Bucket(int tokens, long now) {
            this.tokens = tokens;
            this.last = now;
        }

        synchronized boolean take(double perNano, int burst, long now) {
            tokens = Math.min(burst, tokens + (now - last) * perNano);
            last = now;
            if (tokens >= 1) {
                tokens -= 1;
                return true;
            }
            return false;
        }
    }
}
