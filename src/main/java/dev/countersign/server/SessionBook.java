package dev.countersign.server;

import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * The MCP session ids agents see. The SDK names its sessions with a random UUID (122 random
 * bits); agents get a 256-bit random id instead, bound to the agent that initialized it, and the
 * endpoint translates it back on every request. A session id is never enough on its own: the
 * bearer token is checked first, and another agent's session id is simply not found.
 *
 * <p>Most clients never end their sessions (no DELETE). So that an agent is never locked out by
 * its own leaked sessions, a new session at the agent's cap evicts that agent's least recently
 * used session that has no call in flight — never another agent's — and a session unused for the
 * idle time is forgotten. Every session this book lets go is handed back to the caller, which
 * ends the SDK's session too: the cap bounds what the SDK holds, not only this map.
 */
final class SessionBook {
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();

    private static final class Entry {
        final String agentId;
        final String innerId;
        volatile long lastUsed;
        int inFlight;

        Entry(String agentId, String innerId, long lastUsed) {
            this.agentId = agentId;
            this.innerId = innerId;
            this.lastUsed = lastUsed;
        }
    }

    /** A session this book no longer holds; the SDK's side is ended with {@link #innerId}. */
    record Ended(String agentId, String innerId) {
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
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        String outer = ENCODER.encodeToString(bytes);
        byOuter.put(outer, new Entry(agentId, innerId, nanos.getAsLong()));
        return outer;
    }

    /**
     * Makes room for one more session of this agent: forgets idle sessions, then, at the cap,
     * evicts this agent's least recently used session without a call in flight. Returns what was
     * let go; empty {@code room} when every session of the agent is busy (the caller refuses, 429).
     */
    synchronized Room makeRoom(String agentId) {
        List<Ended> ended = new ArrayList<>(sweep());
        List<Map.Entry<String, Entry>> own = byOuter.entrySet().stream()
                .filter(e -> e.getValue().agentId.equals(agentId)).toList();
        if (own.size() < maxPerAgent) {
            return new Room(true, ended);
        }
        Optional<Map.Entry<String, Entry>> oldest = own.stream().filter(e -> e.getValue().inFlight == 0)
                .min(Comparator.comparingLong(e -> e.getValue().lastUsed));
        if (oldest.isEmpty()) {
            return new Room(false, ended);
        }
        byOuter.remove(oldest.get().getKey());
        ended.add(new Ended(agentId, oldest.get().getValue().innerId));
        return new Room(own.size() - 1 < maxPerAgent, ended);
    }

    /** Whether a session may be opened, and the sessions let go to make room. */
    record Room(boolean available, List<Ended> ended) {
        Room {
            ended = List.copyOf(ended);
        }
    }

    /**
     * The SDK's id for this agent's session, touched and marked busy until {@link #release};
     * empty when unknown, idle or another agent's.
     */
    synchronized Optional<String> acquire(String agentId, String outerId) {
        Entry entry = byOuter.get(outerId);
        if (entry == null || !entry.agentId.equals(agentId)) {
            return Optional.empty();
        }
        long now = nanos.getAsLong();
        if (entry.inFlight == 0 && now - entry.lastUsed > idleNanos) {
            byOuter.remove(outerId, entry);
            return Optional.empty();
        }
        entry.lastUsed = now;
        entry.inFlight++;
        return Optional.of(entry.innerId);
    }

    /** The request that {@link #acquire} marked is done. */
    synchronized void release(String outerId) {
        Entry entry = byOuter.get(outerId);
        if (entry != null) {
            entry.inFlight = Math.max(0, entry.inFlight - 1);
            entry.lastUsed = nanos.getAsLong();
        }
    }

    synchronized void close(String outerId) {
        byOuter.remove(outerId);
    }

    /** Forgets every session of an agent (it was revoked); returns how many there were. */
    synchronized int forgetAgent(String agentId) {
        int[] n = {0};
        byOuter.entrySet().removeIf(e -> {
            boolean mine = e.getValue().agentId.equals(agentId);
            n[0] += mine ? 1 : 0;
            return mine;
        });
        return n[0];
    }

    int size() {
        return byOuter.size();
    }

    int sizeOf(String agentId) {
        return (int) byOuter.values().stream().filter(e -> e.agentId.equals(agentId)).count();
    }

    /** Forgets every session unused for the idle time with nothing in flight, and returns them. */
    synchronized List<Ended> sweep() {
        long now = nanos.getAsLong();
        List<Ended> ended = new ArrayList<>();
        byOuter.entrySet().removeIf(e -> {
            Entry entry = e.getValue();
            boolean idle = entry.inFlight == 0 && now - entry.lastUsed > idleNanos;
            if (idle) {
                ended.add(new Ended(entry.agentId, entry.innerId));
            }
            return idle;
        });
        return ended;
    }
}
