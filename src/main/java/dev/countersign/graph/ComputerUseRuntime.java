package dev.countersign.graph;

import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.ActionRequest;
import dev.countersign.core.ApprovalGrant;
import dev.countersign.core.ControlLease;
import dev.countersign.core.ExecutionReceipt;
import dev.countersign.core.ReceiptVerification;
import dev.countersign.core.TargetReservation;

/**
 * A runtime the governed graph drives (docs/graph.md): the in-process desktop driver, or an MCP
 * client to an external computer-use server. The runtime is the authority on what it did; the
 * graph never trusts the shape of what it returns and binds every response to the envelope.
 *
 * <p>A runtime reports a fault by throwing {@link dev.countersign.core.CountersignException}; the
 * graph turns it into the action's error and still releases what it reserved.
 */
public interface ComputerUseRuntime {

    /** Builds the envelope for a request. Nothing is reserved or mutated. */
    ActionEnvelope previewAction(ActionRequest request);

    /** Reserves the envelope's app and window for this action. */
    TargetReservation reserveTarget(ActionEnvelope envelope);

    /** Releases a reservation this runtime returned. Called on every terminal path once one was returned. */
    void releaseTarget(TargetReservation reservation);

    /** The agent's lease as it stands before this action is charged to it. */
    ControlLease acquireLease(ActionEnvelope envelope);

    /**
     * Runs the action: the only call that mutates the desktop. {@code approval} is null when the
     * policy required none.
     */
    ExecutionReceipt executeAction(ActionEnvelope envelope, ControlLease lease, TargetReservation reservation,
            ApprovalGrant approval);

    /**
     * Evidence that the envelope's postcondition holds after {@code receipt}, or null when the
     * runtime has none beyond what the receipt carries. Evidence, not a verdict: the graph
     * classifies it.
     */
    ReceiptVerification verify(ActionEnvelope envelope, ExecutionReceipt receipt);
}
