package dev.countersign.driver;

import dev.countersign.core.ControlLease;
import dev.countersign.core.CountersignError;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.LeaseBoundaries;
import dev.countersign.core.Timestamps;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Each agent's standing grant from the person: how many actions, until when, which apps and
 * windows. An agent without a lease gets the default one (from settings) on first use. Every
 * change is announced to {@link #onChange} listeners (the app keeps the book across restarts, so a
 * restart does not refill an agent's spent budget) and a kept lease comes back with {@link #restore}.
 */
public final class LeaseBook {
    /** The lease an agent gets on connect: budget, lifetime, boundaries. */
    public record Terms(int budget, Duration lifetime, LeaseBoundaries boundaries) {
        public static Terms defaults() {
            return new Terms(30, Duration.ofMinutes(10), LeaseBoundaries.unscoped());
        }
    }

    private final Clock clock;
    private final String sessionId;
    private final String principalId;
    private final Terms defaults;
    private final Map<String, ControlLease> leases = new ConcurrentHashMap<>();
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();

    public LeaseBook(Clock clock, String sessionId, String principalId, Terms defaults) {
        this.clock = clock;
        this.sessionId = sessionId;
        this.principalId = principalId;
        this.defaults = defaults;
    }

    /** The agent's lease as it stands (issuing the default one if it has none). */
    public ControlLease current(String agentId) {
        ControlLease held = leases.get(agentId);
        if (held != null) {
            return held;
        }
        ControlLease issued = leases.computeIfAbsent(agentId, a -> issue(a, defaults));
        changed();
        return issued;
    }

    /** Every lease as it stands now, by agent. */
    public Map<String, ControlLease> snapshot() {
        return Map.copyOf(leases);
    }

    /** Hears every change of any lease: issued, granted, charged, revoked, forgotten. */
    public void onChange(Runnable listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /**
     * Takes back a lease this book held before a restart, as it was: its id, state, expiry, budget
     * and the actions already used, in this run's session. The person's grant is not renewed by a
     * restart, nor is what the agent spent of it given back.
     */
    public void restore(ControlLease kept) {
        leases.put(kept.agentId(), new ControlLease(kept.leaseId(), sessionId, principalId, kept.agentId(),
                kept.executionMode(), kept.state(), kept.expiresAt(), kept.actionBudget(), kept.actionsUsed(),
                kept.boundaries()));
    }

    public Optional<ControlLease> find(String agentId) {
        return Optional.ofNullable(leases.get(agentId));
    }

    /** Replaces the agent's lease with a fresh one on these terms (the person edited it). */
    public ControlLease grant(String agentId, Terms terms) {
        ControlLease lease = issue(agentId, terms);
        leases.put(agentId, lease);
        changed();
        return lease;
    }

    /** Revokes the agent's lease: every further action is refused until a new grant. */
    public void revoke(String agentId) {
        leases.computeIfPresent(agentId, (a, l) -> new ControlLease(l.leaseId(), l.sessionId(), l.principalId(),
                l.agentId(), l.executionMode(), "revoked", l.expiresAt(), l.actionBudget(), l.actionsUsed(),
                l.boundaries()));
        changed();
    }

    /**
     * Counts one action against the agent's current lease (issuing the default one if it has
     * none), for an act this Countersign runs elsewhere (a remote's act).
     *
     * @return the problem that forbids the charge, or empty when it was charged
     */
    public Optional<CountersignError> chargeCurrent(String agentId) {
        return charge(agentId, current(agentId).leaseId());
    }

    /**
     * Counts one action against the agent's live lease, atomically with the checks that make it
     * chargeable now: the same lease that was validated, still active, unexpired, with budget left.
     * Two concurrent acts can therefore never overspend it, and a revoke wins over a dispatch.
     *
     * @return the problem that forbids the charge, or empty when it was charged
     */
    Optional<CountersignError> charge(String agentId, String leaseId) {
        AtomicReference<CountersignError> problem = new AtomicReference<>();
        leases.compute(agentId, (a, l) -> {
            if (l == null || !l.leaseId().equals(leaseId) || !ControlLease.ACTIVE.equals(l.state())) {
                problem.set(CountersignError.onField(
                        ErrorCode.LEASE_INVALID, "lease", "the lease was revoked or replaced"));
                return l;
            }
            boolean expired = Timestamps.parse(l.expiresAt()).map(at -> !clock.instant().isBefore(at)).orElse(true);
            if (expired) {
                problem.set(CountersignError.onField(
                        ErrorCode.LEASE_INVALID, "expires_at", "the lease has expired"));
                return l;
            }
            if (l.actionsUsed() >= l.actionBudget()) {
                problem.set(CountersignError.onField(
                        ErrorCode.BUDGET_EXHAUSTED, "actions_used", "the lease's budget is used up"));
                return l;
            }
            return new ControlLease(l.leaseId(), l.sessionId(), l.principalId(), l.agentId(), l.executionMode(),
                    l.state(), l.expiresAt(), l.actionBudget(), l.actionsUsed() + 1, l.boundaries());
        });
        if (problem.get() == null) {
            changed();
        }
        return Optional.ofNullable(problem.get());
    }

    void forget(String agentId) {
        if (leases.remove(agentId) != null) {
            changed();
        }
    }

    private void changed() {
        listeners.forEach(Runnable::run);
    }

    private ControlLease issue(String agentId, Terms terms) {
        return new ControlLease("lease_" + agentId + "_" + clock.millis(), sessionId, principalId, agentId, null,
                ControlLease.ACTIVE, Timestamps.format(clock.instant().plus(terms.lifetime())), terms.budget(), 0,
                terms.boundaries());
    }
}
