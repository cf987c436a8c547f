package dev.countersign.driver;

import dev.countersign.approval.GrantOffer;
import dev.countersign.core.CountersignException;
import dev.countersign.core.IdSource;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The grants the person gave for a task (docs/approvals.md): "let this agent do this kind of act
 * in this app for N minutes, at most M times". Only {@link ApprovalFlow} creates one, from the
 * offer it made itself and the person's click on it; an agent has no path here. A grant answers
 * only the person's question: every act under it still runs the whole graph.
 *
 * <p>A grant covers an act only when every part of its scope is equal (agent, app name and pid,
 * window title, risk category, operation) and the policy digest is the one it was given under.
 * It ends when it expires, when its last act is used, when the person revokes it, pauses all
 * agents, removes the agent, or quits; its listeners hear of each creation, use and end first
 * (the app records them in the audit log). Thread-safe; time and ids are injected.
 */
public final class GrantBook {
    private static final Logger LOG = LoggerFactory.getLogger(GrantBook.class);

    /** Why a grant ended; {@link #wire()} is what the audit log records. */
    public enum End {
        EXPIRED("expired"),
        USED_UP("used_up"),
        /** The person revoked this grant in the Agents & leases window. */
        REVOKED("revoked"),
        /** The person paused all agents. */
        PAUSED("paused"),
        /** The agent was removed or its lease revoked. */
        AGENT_REVOKED("agent_revoked"),
        /** Countersign quit. */
        QUIT("quit");

        private final String wire;

        End(String wire) {
            this.wire = wire;
        }

        public String wire() {
            return wire;
        }

        /** Whether the grant ran its course (expiry, uses) rather than being ended by the person or the app. */
        public boolean ranOut() {
            return this == EXPIRED || this == USED_UP;
        }
    }

    /** What one grant covers: each part must equal the act's for the grant to answer for it. */
    public record Scope(String agentId, String app, long pid, String window, String category, String operation) {
        public Scope {
            Objects.requireNonNull(agentId, "agentId");
            Objects.requireNonNull(app, "app");
            Objects.requireNonNull(category, "category");
            Objects.requireNonNull(operation, "operation");
        }

        static Scope of(GrantOffer offer) {
            return new Scope(offer.agentId(), offer.app(), offer.pid(), offer.window(), offer.category(),
                    offer.operation());
        }
    }

    /** One live grant: its scope, the policy it was given under, until when and how many acts. */
    public record Grant(String id, Scope scope, String policyDigest, Instant createdAt, Instant expiresAt,
            int maxActs, int used) {

        /** Acts still covered. */
        public int left() {
            return maxActs - used;
        }

        Grant usedOnce() {
            return new Grant(id, scope, policyDigest, createdAt, expiresAt, maxActs, used + 1);
        }
    }

    /**
     * Hears every change before it takes effect for an act. Throwing {@link CountersignException}
     * from {@link #created} or {@link #used} refuses the grant or the use (a grant the audit log
     * does not hold must not answer for anything); an end takes effect regardless.
     */
    public interface Listener {
        default void created(Grant grant) {
        }

        default void used(Grant grant, String actionId) {
        }

        default void ended(Grant grant, End why) {
        }
    }

    private final Clock clock;
    private final IdSource ids;
    private final Map<String, Grant> live = new LinkedHashMap<>();
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();

    GrantBook(Clock clock, IdSource ids) {
        this.clock = clock;
        this.ids = ids;
    }

    /** Adds a listener (the app's audit trail). */
    public void listen(Listener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /**
     * The person took {@code offer} in the dialog for the act {@code actionId}: a grant of exactly
     * that scope, bound to {@code policyDigest}, whose first act is that one (so "at most M acts"
     * counts it). Package-private: only {@link ApprovalFlow}, on the person's answer to its own
     * offer, calls it. Throws what a listener throws, and then no grant exists.
     */
    synchronized Grant create(GrantOffer offer, String policyDigest, String actionId) {
        Instant now = clock.instant();
        sweep(now);
        Grant grant = new Grant(ids.next("tgrant_"), Scope.of(offer), Objects.requireNonNull(policyDigest),
                now, now.plus(offer.lifetime()), offer.maxActs(), 0);
        listeners.forEach(l -> l.created(grant));
        Grant first = grant.usedOnce();
        listeners.forEach(l -> l.used(first, actionId));
        keepOrEnd(first);
        return first;
    }

    /**
     * Spends one act of the live grant that covers {@code scope} under {@code policyDigest}, if
     * any; the one that ends soonest when several do. Empty when none does — then the person is asked.
     * Throws what a listener throws, and then nothing was spent.
     */
    synchronized Optional<Grant> use(Scope scope, String policyDigest, String actionId) {
        Instant now = clock.instant();
        sweep(now);
        Optional<Grant> covering = live.values().stream()
                .filter(g -> g.scope().equals(scope) && g.policyDigest().equals(policyDigest) && g.left() > 0)
                .min((a, b) -> a.expiresAt().compareTo(b.expiresAt()));
        if (covering.isEmpty()) {
            return Optional.empty();
        }
        Grant spent = covering.get().usedOnce();
        listeners.forEach(l -> l.used(spent, actionId));
        keepOrEnd(spent);
        return Optional.of(spent);
    }

    private void keepOrEnd(Grant grant) {
        if (grant.left() == 0) {
            live.remove(grant.id());
            tellEnded(grant, End.USED_UP);
        } else {
            live.put(grant.id(), grant);
        }
    }

    /** The live grants, oldest first (expired ones end first). */
    public synchronized List<Grant> live() {
        sweep(clock.instant());
        return List.copyOf(live.values());
    }

    /** Ends the grants that have expired by now; the app calls it on a timer so that expiry is recorded near its time. */
    public synchronized int sweep() {
        return sweep(clock.instant());
    }

    /** The person revoked one grant; false when it had already ended. */
    public synchronized boolean revoke(String grantId) {
        sweep(clock.instant());
        return end(g -> g.id().equals(grantId), End.REVOKED) > 0;
    }

    /** Ends every grant of one agent (removed, or its lease revoked). */
    public synchronized int endAgent(String agentId, End why) {
        return end(g -> g.scope().agentId().equals(agentId), why);
    }

    /** Ends every grant (pause, quit). */
    public synchronized int endAll(End why) {
        return end(g -> true, why);
    }

    private int sweep(Instant now) {
        return end(g -> !now.isBefore(g.expiresAt()), End.EXPIRED);
    }

    private int end(Predicate<Grant> which, End why) {
        List<Grant> ended = new ArrayList<>();
        for (Iterator<Grant> it = live.values().iterator(); it.hasNext(); ) {
            Grant g = it.next();
            if (which.test(g)) {
                it.remove();
                ended.add(g);
            }
        }
        ended.forEach(g -> tellEnded(g, why));
        return ended.size();
    }

    private void tellEnded(Grant grant, End why) {
        for (Listener l : listeners) {
            try {
                l.ended(grant, why);
            } catch (CountersignException e) {
                // The grant has ended all the same: ending one never waits for the log.
                LOG.error("the end of grant {} ({}) could not be recorded: {}", grant.id(), why.wire(),
                        e.getMessage());
            }
        }
    }
}
