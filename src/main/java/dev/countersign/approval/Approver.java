package dev.countersign.approval;

import java.util.concurrent.CompletableFuture;

/**
 * The port through which the driver asks the person. Implementations are the local UI (the
 * approval dialog) and the headless approver; nothing an agent sends reaches this port.
 */
public interface Approver {

    /**
     * Shows the request to the person (queued behind earlier ones) and completes with their
     * decision. The future completes with {@link Decision#TIMEOUT} at the request's expiry at the
     * latest; it never completes exceptionally for an expected outcome.
     */
    CompletableFuture<Decision> request(ApprovalRequest request);

    /** Withdraws a request that is no longer needed (the agent went away); it then denies. */
    void withdraw(String nonce);

    /**
     * Whether the person is being asked right now (an approval dialog is showing or queued): no
     * synthetic input may be sent then, or it could land in the dialog. False for approvers
     * without a UI.
     */
    default boolean asking() {
        return false;
    }
}
