package dev.countersign.script;

import dev.countersign.approval.ApprovalRequest;
import dev.countersign.approval.Approver;
import dev.countersign.approval.Decision;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * The approver the driver is given when scripts may run: it passes every request to the person's
 * approver unchanged, and when the request comes from a tool call of a script it first records
 * the suspension durably (so the script can answer {@code suspended} and survive a restart), and
 * records an allow durably before the driver sees it (so a crash after dispatch is recognised as
 * {@code unknown}, never re-run). If either record cannot be written the answer is
 * {@link Decision#UNAVAILABLE}: nothing is dispatched without a durable trace.
 */
public final class ScriptApprovals implements Approver {
    private final Approver person;
    private final ThreadLocal<Listener> bound = new ThreadLocal<>();

    /** What a script's tool call wants to know about its approval. */
    interface Listener {
        /** The person is about to be asked; persist the suspension. */
        void asking(ApprovalRequest request);

        /** The person allowed; persist that dispatch may now happen. */
        void allowed();
    }

    public ScriptApprovals(Approver person) {
        this.person = Objects.requireNonNull(person, "person");
    }

    @Override
    public CompletableFuture<Decision> request(ApprovalRequest request) {
        Listener listener = bound.get();
        if (listener == null) {
            return person.request(request);
        }
        try {
            listener.asking(request);
        } catch (RuntimeException e) {
            return CompletableFuture.completedFuture(Decision.UNAVAILABLE);
        }
        return person.request(request).thenApply(decision -> {
            if (decision != Decision.ALLOW_ONCE) {
                return decision;
            }
            try {
                listener.allowed();
                return decision;
            } catch (RuntimeException e) {
                return Decision.UNAVAILABLE;
            }
        });
    }

    @Override
    public void withdraw(String nonce) {
        person.withdraw(nonce);
    }

    /** Asks the person directly, outside any tool call (the interrupted-action question). */
    CompletableFuture<Decision> askPerson(ApprovalRequest request) {
        return person.request(request);
    }

    /** Runs {@code call} with approvals on this thread reported to {@code listener}. */
    <T> T bound(Listener listener, java.util.function.Supplier<T> call) {
        bound.set(listener);
        try {
            return call.get();
        } finally {
            bound.remove();
        }
    }
}
