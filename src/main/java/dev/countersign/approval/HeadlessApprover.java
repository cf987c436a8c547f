package dev.countersign.approval;

import java.util.concurrent.CompletableFuture;

/**
 * The approver where no UI can be shown ({@code serve --headless}, {@code --approver deny}): it
 * answers every request with {@link Decision#UNAVAILABLE}, so risky actions never run unattended.
 */
public final class HeadlessApprover implements Approver {
    @Override
    public CompletableFuture<Decision> request(ApprovalRequest request) {
        return CompletableFuture.completedFuture(Decision.UNAVAILABLE);
    }

    @Override
    public void withdraw(String nonce) {
        // Nothing is ever pending.
    }
}
