package dev.countersign.bench;

import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.ActionRequest;
import dev.countersign.core.ApprovalGrant;
import dev.countersign.core.ControlLease;
import dev.countersign.core.ExecutionReceipt;
import dev.countersign.core.ReceiptVerification;
import dev.countersign.core.TargetReservation;
import dev.countersign.graph.ComputerUseRuntime;
import dev.countersign.graph.ScriptedRuntime;

/** Delegates to the scripted runtime but keeps its call log from growing during a benchmark. */
final class CountingRuntime implements ComputerUseRuntime {
    private final ScriptedRuntime delegate;

    CountingRuntime(ScriptedRuntime delegate) {
        this.delegate = delegate;
    }

    @Override
    public ActionEnvelope previewAction(ActionRequest request) {
        delegate.calls.clear();
        return delegate.previewAction(request);
    }

    @Override
    public TargetReservation reserveTarget(ActionEnvelope envelope) {
        return delegate.reserveTarget(envelope);
    }

    @Override
    public void releaseTarget(TargetReservation reservation) {
        delegate.releaseTarget(reservation);
    }

    @Override
    public ControlLease acquireLease(ActionEnvelope envelope) {
        return delegate.acquireLease(envelope);
    }

    @Override
    public ExecutionReceipt executeAction(ActionEnvelope envelope, ControlLease lease, TargetReservation reservation,
            ApprovalGrant approval) {
        return delegate.executeAction(envelope, lease, reservation, approval);
    }

    @Override
    public ReceiptVerification verify(ActionEnvelope envelope, ExecutionReceipt receipt) {
        return delegate.verify(envelope, receipt);
    }



}
