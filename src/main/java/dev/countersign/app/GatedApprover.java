package dev.countersign.app;

import dev.countersign.approval.ApprovalRequest;
import dev.countersign.approval.Approver;
import dev.countersign.approval.Decision;
import dev.countersign.desktop.InputGate;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * The approver, with queueing a request (which makes the person asked and shows the dialog) done
 * under the {@link InputGate}'s exclusive hold: it waits for synthetic input already in flight,
 * and input after it sees the person asked. The guard around the backend holds the same gate.
 */
final class GatedApprover implements Approver {
    private final Approver delegate;
    private final InputGate gate;

    GatedApprover(Approver delegate, InputGate gate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.gate = Objects.requireNonNull(gate, "gate");
    }

    @Override
    public CompletableFuture<Decision> request(ApprovalRequest request) {
        return gate.asking(() -> delegate.request(request));
    }

    @Override
    public void withdraw(String nonce) {
        delegate.withdraw(nonce);
    }

    @Override
    public boolean asking() {
        return delegate.asking();
    }
}
