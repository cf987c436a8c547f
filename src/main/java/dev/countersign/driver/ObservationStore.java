package dev.countersign.driver;

import dev.countersign.core.CountersignError;
import dev.countersign.core.ErrorCode;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Per-agent observations and their refs, in memory only (docs/driver.md, "Observations and refs").
 *
 * <ul>
 *   <li>A ref resolves only in the scope of the agent that observed it; in any other scope it is
 *       {@code REF_UNKNOWN}, exactly as a ref that never existed (no oracle).</li>
 *   <li>A ref of an expired observation is {@code REF_EXPIRED}; of a consumed one
 *       {@code OBSERVATION_CONSUMED}; of an evicted one {@code OBSERVATION_EVICTED}.</li>
 *   <li>An expired observation is dropped when its agent next observes, or by {@link #sweep()}
 *       once agents go quiet; one that carried an act is dropped as soon as the act ended
 *       ({@link #retire}). Only a marker stays: one per observation, found from any of its refs
 *       through the tag they share ({@link Refs#tagged}), kept at most {@link #MARKER_TTL} and
 *       {@link #MARKERS} per agent, the oldest dropped first. After that its refs are
 *       {@code REF_UNKNOWN}, like refs that never existed.</li>
 *   <li>Each agent has a byte budget of serialized observations. A new observation that would
 *       exceed it evicts the oldest live ones; the newest is never evicted.</li>
 * </ul>
 */
final class ObservationStore {
    /**
     * How many markers (two per dropped observation: its id and its refs' tag) a scope keeps, to
     * answer EVICTED/EXPIRED/CONSUMED instead of UNKNOWN: a busy agent's last thousand observations.
     */
    static final int MARKERS = 2_048;
    /** How long a dropped observation's marker is kept: far beyond any ref's 30 s at most. */
    static final Duration MARKER_TTL = Duration.ofMinutes(10);

    private final Clock clock;
    private final long budgetBytes;
    /**
     * How long past its expiry a consumed observation is kept: the act it carried may still be
     * waiting for the person, or running, and must find it held (an approval outlives a short TTL).
     */
    private final Duration actInFlight;
    private final Map<String, Scope> scopes = new ConcurrentHashMap<>();

    ObservationStore(Clock clock, long budgetBytes, Duration actInFlight) {
        this.clock = clock;
        this.budgetBytes = budgetBytes;
        this.actInFlight = actInFlight;
    }

    /** Where a ref led: the observation and node index, or the error an agent should see. */
    sealed interface Resolution {
        /** The ref is live. */
        record Found(Observation observation, int index) implements Resolution {
        }

        /** The ref cannot be used. */
        record Refused(CountersignError error) implements Resolution {
        }
    }

    /** Stores a new observation in its agent's scope, evicting older ones to stay within budget. */
    void add(Observation observation) {
        scope(observation.agentId).add(observation, clock.instant(), budgetBytes, actInFlight);
    }

    Resolution resolve(String agentId, String ref) {
        Scope scope = scopes.get(agentId);
        if (scope == null) {
            return unknown();
        }
        return scope.resolve(ref, clock.instant());
    }

    /**
     * The agent's observation with this id if it is still fresh and unconsumed; otherwise the
     * error an agent should see (another agent's id is unknown, never "someone else's").
     */
    Resolution fresh(String agentId, String observationId) {
        Optional<Observation> found = observation(agentId, observationId);
        if (found.isEmpty()) {
            Scope scope = scopes.get(agentId);
            ErrorCode why = scope == null ? null : scope.tombstone(observationId, clock.instant());
            if (why == ErrorCode.OBSERVATION_CONSUMED) {
                return new Resolution.Refused(CountersignError.onField(ErrorCode.OBSERVATION_CONSUMED, "observation_id",
                        "this observation already carried one action; observe again"));
            }
            if (why == ErrorCode.REF_EXPIRED) {
                return new Resolution.Refused(CountersignError.onField(ErrorCode.REF_EXPIRED, "observation_id",
                        "this observation has expired; observe again"));
            }
            return new Resolution.Refused(CountersignError.onField(ErrorCode.REF_UNKNOWN, "observation_id",
                    "this is not one of your live observations"));
        }
        Observation o = found.get();
        if (o.isConsumed()) {
            return new Resolution.Refused(CountersignError.onField(ErrorCode.OBSERVATION_CONSUMED, "observation_id",
                    "this observation already carried one action; observe again"));
        }
        if (o.isExpired(clock.instant())) {
            return new Resolution.Refused(CountersignError.onField(ErrorCode.REF_EXPIRED, "observation_id",
                    "this observation expired at " + o.view.expiresAt()));
        }
        return new Resolution.Found(o, 0);
    }

    /** The agent's live observation with this id, for reads that do not consume it. */
    Optional<Observation> observation(String agentId, String observationId) {
        Scope scope = scopes.get(agentId);
        return scope == null ? Optional.empty() : scope.find(observationId);
    }

    /**
     * Drops an observation whose act has ended (it carried one, so it is consumed): nothing needs
     * its nodes any more, and keeping them for the longest approval wait made memory climb under
     * load. Its refs go on answering {@code OBSERVATION_CONSUMED} from its marker.
     */
    void retire(Observation observation) {
        Scope scope = scopes.get(observation.agentId);
        if (scope != null && observation.isConsumed()) {
            scope.retire(observation, clock.instant());
        }
    }

    /**
     * Kills every ref of the observation: one mutating action per observation. Refuses when a
     * concurrent act got there first.
     */
    Optional<CountersignError> consume(Observation observation) {
        return observation.consume() ? Optional.empty()
                : Optional.of(CountersignError.onField(ErrorCode.OBSERVATION_CONSUMED, "ref",
                        "this observation already carried one action"));
    }

    /** Whether the observation is still in its agent's scope (not disposed, not evicted). */
    boolean holds(Observation observation) {
        Scope scope = scopes.get(observation.agentId);
        return scope != null && scope.find(observation.id).isPresent();
    }

    /**
     * Drops every agent's expired observations, keeping their refs' tombstones; returns the latest
     * expiry of the observations still held, empty when none is. Adding an observation sweeps its
     * own agent's scope; this is for when agents have gone quiet.
     */
    Optional<Instant> sweep() {
        Instant now = clock.instant();
        Instant latest = null;
        for (Scope scope : scopes.values()) {
            Optional<Instant> held = scope.sweep(now, actInFlight);
            if (held.isPresent() && (latest == null || held.get().isAfter(latest))) {
                latest = held.get();
            }
        }
        return Optional.ofNullable(latest);
    }

    /** Forgets everything of this agent: observations, refs and tombstones. */
    void dispose(String agentId) {
        scopes.remove(agentId);
    }

    long bytesUsed(String agentId) {
        Scope scope = scopes.get(agentId);
        return scope == null ? 0 : scope.bytes();
    }

    private Scope scope(String agentId) {
        return scopes.computeIfAbsent(agentId, a -> new Scope());
    }

    private static Resolution unknown() {
        return new Resolution.Refused(CountersignError.onField(ErrorCode.REF_UNKNOWN, "ref",
                "this ref is not one of your observations"));
    }

    /** One agent's observations, oldest first. */
    private static final class Scope {
        private final LinkedHashMap<String, Observation> byId = new LinkedHashMap<>();
        private final Map<String, Observation> byRef = new LinkedHashMap<>();
        /**
         * Why observations were dropped, by id and by their refs' tag (a {@link Long}), oldest
         * first: bounded by count here and by age in {@link #forgetOldMarkers}.
         */
        private final LinkedHashMap<Object, Marker> markers = new LinkedHashMap<>() {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<Object, Marker> eldest) {
                return size() > MARKERS;
            }
        };
        private long bytes;
        /**
         * No held observation expires before this (null when nothing was added since a sweep that
         * left none): a lower bound, exact after a sweep and lowered by every add, so an add before
         * it need not look at every observation — an agent observing in a loop holds hundreds.
         * Carrying an act only moves an expiry later.
         */
        private Instant noneExpiresBefore;

        synchronized void add(Observation observation, Instant now, long budget, Duration actInFlight) {
            // The expired go first, always: an agent that observes in a loop would otherwise keep
            // every observation of its budget (about a thousand windows' nodes) alive long after
            // its refs stopped working.
            if (noneExpiresBefore != null && !now.isBefore(noneExpiresBefore)) {
                sweep(now, actInFlight);
            }
            forgetOldMarkers(now);
            long excess = bytes + observation.bytes - budget;
            if (excess > 0) {
                // Then the oldest live ones, until the newest fits. Only the victims are gathered:
                // a scope at its budget holds hundreds of observations.
                List<Observation> victims = new ArrayList<>();
                long freed = 0;
                for (Iterator<Observation> it = byId.values().iterator(); freed < excess && it.hasNext(); ) {
                    Observation o = it.next();
                    victims.add(o);
                    freed += o.bytes;
                }
                for (Observation victim : victims) {
                    drop(victim, ErrorCode.OBSERVATION_EVICTED, now);
                }
            }
            byId.put(observation.id, observation);
            observation.refs.keySet().forEach(ref -> byRef.put(ref, observation));
            bytes += observation.bytes;
            if (noneExpiresBefore == null || observation.expiresAt.isBefore(noneExpiresBefore)) {
                noneExpiresBefore = observation.expiresAt;
            }
        }

        synchronized Resolution resolve(String ref, Instant now) {
            Observation o = byRef.get(ref);
            if (o == null) {
                ErrorCode why = marker(Refs.tagOf(ref), now);
                if (why == ErrorCode.OBSERVATION_EVICTED) {
                    return refused(why, "the observation of this ref was evicted to keep within your memory budget");
                }
                if (why == ErrorCode.REF_EXPIRED) {
                    return refused(why, "this ref has expired");
                }
                if (why == ErrorCode.OBSERVATION_CONSUMED) {
                    return refused(why, "this observation already carried one action");
                }
                return unknown();
            }
            if (o.isConsumed()) {
                return refused(ErrorCode.OBSERVATION_CONSUMED, "this observation already carried one action");
            }
            if (o.isExpired(now)) {
                return refused(ErrorCode.REF_EXPIRED, "this ref expired at " + o.view.expiresAt());
            }
            return new Resolution.Found(o, o.refs.get(ref));
        }

        /**
         * Drops the expired observations (their refs then answer REF_EXPIRED, or
         * OBSERVATION_CONSUMED for one that carried an act, which is kept {@code actInFlight}
         * longer); returns when the latest of those still held may go.
         */
        synchronized Optional<Instant> sweep(Instant now, Duration actInFlight) {
            List<Observation> gone = new ArrayList<>();
            Instant latest = null;
            Instant earliest = null;
            for (Observation o : byId.values()) {
                Instant until = o.isConsumed() ? o.expiresAt.plus(actInFlight) : o.expiresAt;
                if (!now.isBefore(until)) {
                    gone.add(o);
                } else {
                    if (latest == null || until.isAfter(latest)) {
                        latest = until;
                    }
                    if (earliest == null || until.isBefore(earliest)) {
                        earliest = until;
                    }
                }
            }
            gone.forEach(o -> drop(o, o.isConsumed() ? ErrorCode.OBSERVATION_CONSUMED : ErrorCode.REF_EXPIRED, now));
            noneExpiresBefore = earliest;
            forgetOldMarkers(now);
            return Optional.ofNullable(latest);
        }

        synchronized void retire(Observation observation, Instant now) {
            if (byId.get(observation.id) == observation) {
                drop(observation, ErrorCode.OBSERVATION_CONSUMED, now);
            }
        }

        /** Why an observation id of this scope was dropped, or null. */
        synchronized ErrorCode tombstone(String observationId, Instant now) {
            return marker(observationId, now);
        }

        /** The reason a marker keeps under {@code key}, or null (none, or older than {@link #MARKER_TTL} at {@code now}). */
        private ErrorCode marker(Object key, Instant now) {
            Marker m = markers.get(key);
            return m == null || !now.isBefore(m.at.plus(MARKER_TTL)) ? null : m.why;
        }

        /** Drops the markers older than {@link #MARKER_TTL}: they are in insertion (drop) order. */
        private void forgetOldMarkers(Instant now) {
            Instant cutoff = now.minus(MARKER_TTL);
            for (Iterator<Marker> it = markers.values().iterator(); it.hasNext(); ) {
                if (it.next().at.isAfter(cutoff)) {
                    return;
                }
                it.remove();
            }
        }

        synchronized Optional<Observation> find(String id) {
            return Optional.ofNullable(byId.get(id));
        }

        synchronized long bytes() {
            return bytes;
        }

        private void drop(Observation victim, ErrorCode why, Instant now) {
            byId.remove(victim.id);
            Marker marker = new Marker(why, now);
            // By id, for acts named by observation, and by the tag all its refs share: two small
            // entries, not one per ref (a busy agent's refs once filled 50,000 entries each).
            markers.remove(victim.id);
            markers.put(victim.id, marker);
            long tag = -1;
            for (String ref : victim.refs.keySet()) {
                byRef.remove(ref);
                tag = Refs.tagOf(ref);
            }
            if (tag >= 0) {
                markers.remove(tag);
                markers.put(tag, marker);
            }
            bytes -= victim.bytes;
        }

        /** Why an observation was dropped, and when. */
        private record Marker(ErrorCode why, Instant at) {
        }

        private static Resolution refused(ErrorCode code, String message) {
            return new Resolution.Refused(CountersignError.onField(code, "ref", message));
        }
    }
}
