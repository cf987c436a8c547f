package dev.countersign.approval;

import dev.countersign.core.CountersignException;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * An {@link Approver} decorator for callers that must not wait while the person decides (CodeAct
 * scripts, docs/script.md). Every request goes to the person's approver unchanged; when a request
 * comes from an operation run through {@link #bound}, the bound listener hears first that the
 * person is being asked (so it can persist a suspension), and hears of an allow before the driver
 * does (so it can persist that dispatch may follow). If the listener cannot record either, the
 * answer is {@link Decision#UNAVAILABLE}: nothing is dispatched without its durable trace.
 */
public final class ApprovalTap implements Approver {
    private final Approver person;
    private final ThreadLocal<Listener> bound = new ThreadLocal<>();
    private final SecureRandom random = new SecureRandom();
    /** Questions asked through {@link #askPerson} that are still open, by agent, so they can be withdrawn. */
    private final Map<String, Set<String>> questions = new ConcurrentHashMap<>();

    /** Hears about approvals of the operation running on its thread. */
    public interface Listener {
        /** The person is about to be asked about {@code summary}; throw a {@link CountersignException} to refuse asking. */
        void asking(String summary);

        /** The person allowed; throw a {@link CountersignException} to turn the allow into {@link Decision#UNAVAILABLE}. */
        void allowed();
    }

    public ApprovalTap(Approver person) {
        this.person = Objects.requireNonNull(person, "person");
    }

    @Override
    public CompletableFuture<Decision> request(ApprovalRequest request) {
        Listener listener = bound.get();
        if (listener == null) {
            return person.request(request);
        }
        try {
            listener.asking(request.summary());
        } catch (CountersignException e) {
            // The suspension could not be recorded: do not ask for an action nobody could resume.
            return CompletableFuture.completedFuture(Decision.UNAVAILABLE);
        }
        return person.request(request).thenApply(decision -> {
            if (!decision.allows()) {
                return decision;
            }
            try {
                listener.allowed();
                return decision;
            } catch (CountersignException e) {
                // The allow could not be recorded: dispatching now could later be repeated after a crash.
                return Decision.UNAVAILABLE;
            }
        });
    }

    @Override
    public void withdraw(String nonce) {
        person.withdraw(nonce);
    }

    @Override
    public boolean asking() {
        return person.asking();
    }

    /** Withdraws every open {@link #askPerson} question about an agent (it was removed). */
    public void withdrawQuestions(String agentId) {
        Set<String> open = questions.remove(agentId);
        if (open != null) {
            open.forEach(person::withdraw);
        }
    }

    /** Runs {@code operation} with approvals asked on this thread reported to {@code listener}. */
    public <T> T bound(Listener listener, Supplier<T> operation) {
        bound.set(Objects.requireNonNull(listener, "listener"));
        try {
            return operation.get();
        } finally {
            bound.remove();
        }
    }

    /**
     * Asks the person a question that is not an action (e.g. whether an interrupted script may go
     * on); completes {@code true} only for "Allow once". No screenshot; the nonce is fresh.
     */
    public CompletableFuture<Boolean> askPerson(String agentId, String summary, String category, String appName,
            String windowTitle, Instant expiresAt) {
        return askPerson(agentId, summary, category, appName, windowTitle, expiresAt, ApprovalWatch.NONE);
    }

    /**
     * {@link #askPerson(String, String, String, String, String, Instant)}, reporting the question and
     * the answer to {@code watch} (the audit log) like an action's approval; if the question cannot
     * be recorded, the person is not asked and the answer is no.
     */
    public CompletableFuture<Boolean> askPerson(String agentId, String summary, String category, String appName,
            String windowTitle, Instant expiresAt, ApprovalWatch watch) {
        byte[] nonce = new byte[16];
        random.nextBytes(nonce);
        ApprovalRequest request = new ApprovalRequest("ask_" + HexFormat.of().formatHex(nonce), agentId, null, summary,
                category, List.of(), appName, windowTitle, expiresAt, null);
        try {
            watch.asking(request);
        } catch (CountersignException e) {
            return CompletableFuture.completedFuture(false);
        }
        String key = agentId == null ? "" : agentId;
        questions.computeIfAbsent(key, k -> ConcurrentHashMap.newKeySet()).add(request.nonce());
        return person.request(request).thenApply(decision -> {
            questions.getOrDefault(key, Set.of()).remove(request.nonce());
            try {
                watch.decided(request, decision, false);
            } catch (CountersignException e) {
                return false;
            }
            return decision == Decision.ALLOW_ONCE;
        });
    }
}
