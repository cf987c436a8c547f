package dev.countersign.driver;

import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.ActionRequest;
import dev.countersign.core.ApprovalGrant;
import dev.countersign.core.ControlLease;
import dev.countersign.core.CountersignException;
import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.ExecutionReceipt;
import dev.countersign.core.ReceiptVerification;
import dev.countersign.core.TargetReservation;
import dev.countersign.graph.ComputerUseRuntime;
import java.util.Optional;

/**
 * A runtime whose every dispatch is preceded by its intent in the {@link ActJournal}: the one place
 * every carrier's act — a ref act, a visual act, a script's, a governed server's, a remote
 * Countersign's, and another Countersign's act on this desktop — is recorded before it may reach a
 * desktop. An intent that cannot be written refuses the dispatch: nothing is sent, nothing charged.
 */
final class JournaledRuntime implements TimedRuntime {
    private final ComputerUseRuntime runtime;
    private final ActJournal journal;

    private JournaledRuntime(ComputerUseRuntime runtime, ActJournal journal) {
        this.runtime = runtime;
        this.journal = journal;
    }

    /** {@code runtime} behind {@code journal}; {@code runtime} itself when the driver keeps no journal. */
    static ComputerUseRuntime of(ComputerUseRuntime runtime, ActJournal journal) {
        return journal == null ? runtime : new JournaledRuntime(runtime, journal);
    }

    /** {@code runtime} behind {@code journal}, keeping its timings for the receipt. */
    static TimedRuntime timed(TimedRuntime runtime, ActJournal journal) {
        return journal == null ? runtime : new JournaledRuntime(runtime, journal);
    }

    @Override
    public ExecutionReceipt executeAction(ActionEnvelope envelope, ControlLease lease, TargetReservation reservation,
            ApprovalGrant approval) {
        try {
            journal.intent(envelope, approval);
        } catch (DispatchRefusedException e) {
            throw e;
        } catch (CountersignException e) {
            // Before dispatch: the graph reports rejected with the journal's code, and releases.
            throw new DispatchRefusedException(e.error());
        }
        return runtime.executeAction(envelope, lease, reservation, approval);
    }

    @Override
    public ActionEnvelope previewAction(ActionRequest request) {
        return runtime.previewAction(request);
    }

    @Override
    public TargetReservation reserveTarget(ActionEnvelope envelope) {
        return runtime.reserveTarget(envelope);
    }

    @Override
    public void releaseTarget(TargetReservation reservation) {
        runtime.releaseTarget(reservation);
    }

    @Override
    public ControlLease acquireLease(ActionEnvelope envelope) {
        return runtime.acquireLease(envelope);
    }

    @Override
    public ReceiptVerification verify(ActionEnvelope envelope, ExecutionReceipt receipt) {
        return runtime.verify(envelope, receipt);
    }

    @Override
    public Optional<Delivery> delivery() {
        return runtime instanceof TimedRuntime t ? t.delivery() : Optional.empty();
    }

    @Override
    public long verifyNanos() {
        return runtime instanceof TimedRuntime t ? t.verifyNanos() : -1;
    }

    /** The wrapped act's pictures: the journal adds a record, never hides what the timeline shows. */
    @Override
    public java.util.Map<String, byte[]> pictures() {
        return runtime instanceof TimedRuntime t ? t.pictures() : java.util.Map.of();
    }
}
