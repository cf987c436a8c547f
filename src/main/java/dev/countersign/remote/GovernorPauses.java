package dev.countersign.remote;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sessions each governor paused on this side ({@link RuntimeHost}). Bounded: a governor that
 * pauses more than {@link #MAX_PAUSED_SESSIONS} sessions has all of its sessions paused, held in
 * one entry, so pausing cannot grow this side's memory without bound and fails closed.
 */
final class GovernorPauses {
    private static final Logger LOG = LoggerFactory.getLogger(GovernorPauses.class);
    /** How many paused sessions this side keeps per governor; one more pauses all of that governor's. */
    static final int MAX_PAUSED_SESSIONS = 1024;

    /** Per governor, the sessions it paused here; a governor past the bound is in {@link #allPaused}. */
    private final Map<String, Set<String>> sessions = new ConcurrentHashMap<>();
    /** Governors that paused more sessions than this side keeps: all their sessions are paused. */
    private final Set<String> allPaused = ConcurrentHashMap.newKeySet();

    /** Records that {@code governor} paused {@code sessionId}. */
    void pause(String governor, String sessionId) {
        Set<String> paused = sessions.computeIfAbsent(governor, g -> ConcurrentHashMap.newKeySet());
        synchronized (paused) {
            if (allPaused.contains(governor)) {
                return;
            }
            if (paused.size() >= MAX_PAUSED_SESSIONS && !paused.contains(sessionId)) {
                // One more would grow without bound: pausing everything of this governor holds in one entry.
                allPaused.add(governor);
                paused.clear();
                LOG.warn("governor {} paused more than {} sessions: all its sessions here are paused", governor,
                        MAX_PAUSED_SESSIONS);
            } else {
                paused.add(sessionId);
            }
        }
    }

    /** Whether {@code governor} paused {@code sessionId} here (or all its sessions). */
    boolean paused(String governor, String sessionId) {
        return allPaused.contains(governor) || sessions.getOrDefault(governor, Set.of()).contains(sessionId);
    }

    /** How many entries this side keeps (what a governor's pauses cost it in memory). */
    int entries() {
        return sessions.values().stream().mapToInt(Set::size).sum() + allPaused.size();
    }
}
