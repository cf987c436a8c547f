package dev.countersign.server;

import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * The MCP session ids agents see. The SDK names its sessions with a random UUID (122 random
 * bits); agents get a 256-bit random id instead, bound to the agent that initialized it, and the
 * endpoint translates it back on every request. A session id is never enough on its own: the
 * bearer token is checked first, and another agent's session id is simply not found.
 */
final class SessionBook {
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();

    private record Entry(String agentId, String innerId, long lastUsed) {
    }

    private final SecureRandom random;
    private final LongSupplier nanos;
    private final long idleNanos;
    private final int maxPerAgent;
    private final Map<String, Entry> byOuter = new ConcurrentHashMap<>();

    SessionBook(SecureRandom random, LongSupplier nanos, Duration idle, int maxPerAgent) {
        this.random = random;
        this.nanos = nanos;
        this.idleNanos = idle.toNanos();
        this.maxPerAgent = maxPerAgent;
    }

    /** Registers the SDK's new session for this agent and returns the id the agent will use. */
    String open(String agentId, String innerId) {
        forgetIdle();
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        String outer = ENCODER.encodeToString(bytes);
        byOuter.put(outer, new Entry(agentId, innerId, nanos.getAsLong()));
        return outer;
    }

    /**
     * Whether this agent already holds its maximum of live sessions. The filter refuses a new
     * {@code initialize} then (429), so the SDK's own sessions, which only a DELETE frees, stay
     * bounded per agent instead of piling up behind evicted mappings.
     */
    boolean full(String agentId) {
        forgetIdle();
        return byOuter.values().stream().filter(e -> e.agentId().equals(agentId)).count() >= maxPerAgent;
    }

    /** The SDK's id for this agent's session, touching it; empty when unknown, idle or another agent's. */
    Optional<String> resolve(String agentId, String outerId) {
        Entry entry = byOuter.get(outerId);
        if (entry == null || !entry.agentId().equals(agentId)) {
            return Optional.empty();
        }
        long now = nanos.getAsLong();
        if (now - entry.lastUsed() > idleNanos) {
            byOuter.remove(outerId, entry);
            return Optional.empty();
        }
        byOuter.replace(outerId, entry, new Entry(entry.agentId(), entry.innerId(), now));
        return Optional.of(entry.innerId());
    }

    void close(String outerId) {
        byOuter.remove(outerId);
    }

    /** Forgets every session of an agent (it was revoked); returns how many there were. */
    int forgetAgent(String agentId) {
        int[] n = {0};
        byOuter.entrySet().removeIf(e -> {
            boolean mine = e.getValue().agentId().equals(agentId);
            n[0] += mine ? 1 : 0;
            return mine;
        });
        return n[0];
    }

    int size() {
        return byOuter.size();
    }

    private void forgetIdle() {
        long now = nanos.getAsLong();
        byOuter.entrySet().removeIf(e -> now - e.getValue().lastUsed() > idleNanos);
    }
}
