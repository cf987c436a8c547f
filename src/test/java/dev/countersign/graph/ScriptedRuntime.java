package dev.countersign.graph;

import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.ActionRequest;
import dev.countersign.core.ApprovalGrant;
import dev.countersign.core.ControlLease;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.ExecutionReceipt;
import dev.countersign.core.IdSource;
import dev.countersign.core.LeaseBoundaries;
import dev.countersign.core.ReceiptVerification;
import dev.countersign.core.ReservationScope;
import dev.countersign.core.TargetReservation;
import dev.countersign.core.Timestamps;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * An in-memory {@link ComputerUseRuntime} for graph tests: by default it answers every call with a
 * response correctly bound to the envelope; a test bends one answer (a foreign session, a wrong
 * digest, a throw) to drive one path. It records every call so tests can prove what never ran.
 * It is a test double: it drives the graph, it is not a desktop.
 */
public final class ScriptedRuntime implements ComputerUseRuntime {
    public final List<String> calls = new ArrayList<>();
    public final List<String> released = new ArrayList<>();
    private final Clock clock;
    private final IdSource ids;

    public UnaryOperator<ActionEnvelope> previewEdit = UnaryOperator.identity();
    public UnaryOperator<TargetReservation> reservationEdit = UnaryOperator.identity();
    public UnaryOperator<ControlLease> leaseEdit = UnaryOperator.identity();
    public UnaryOperator<ExecutionReceipt> receiptEdit = UnaryOperator.identity();
    public ReceiptVerification evidence = new ReceiptVerification(true, null, "re-read");
    public ErrorCode failPreview;
    public ErrorCode failReserve;
    public ErrorCode failLease;
    public ErrorCode failExecute;
    /** Refuses inside executeAction but before dispatch (a runtime's own last identity check). */
    public ErrorCode refuseExecute;
    public ErrorCode failVerify;
    public ErrorCode failRelease;
    public boolean returnNoReservation;
    public Duration envelopeValidity = Duration.ofSeconds(30);

    public ScriptedRuntime(Clock clock, IdSource ids) {
        this.clock = clock;
        this.ids = ids;
    }

    public long count(String call) {
        return calls.stream().filter(call::equals).count();
    }

    @Override
    public ActionEnvelope previewAction(ActionRequest request) {
        calls.add("preview");
        maybeFail(failPreview);
        ActionEnvelope envelope = new ActionEnvelope(ids.next("act_"), request.sessionId(), request.executionGroupId(),
                request.principalId(), request.agentId(), request.tool(), request.operation(), request.actionClass(),
                request.requestedMode(), request.target(), request.postcondition(),
                Timestamps.format(clock.instant()), Timestamps.format(clock.instant().plus(envelopeValidity)),
                ActionDigests.argsDigest(request));
        return previewEdit.apply(envelope);
    }

    @Override
    public TargetReservation reserveTarget(ActionEnvelope envelope) {
        calls.add("reserve");
        maybeFail(failReserve);
        if (returnNoReservation) {
            return null;
        }
        return reservationEdit.apply(new TargetReservation(ids.next("res_"), envelope.sessionId(),
                envelope.principalId(), envelope.agentId(), envelope.executionGroupId(), envelope.actionId(),
                TargetReservation.ACTIVE, Timestamps.format(clock.instant().plusSeconds(60)),
                new ReservationScope(envelope.target().appId(), envelope.target().windowId())));
    }

    @Override
    public void releaseTarget(TargetReservation reservation) {
        calls.add("release");
        maybeFail(failRelease);
        released.add(reservation.reservationId());
    }

    @Override
    public ControlLease acquireLease(ActionEnvelope envelope) {
        calls.add("lease");
        maybeFail(failLease);
        return leaseEdit.apply(new ControlLease("lease_1", envelope.sessionId(), envelope.principalId(),
                envelope.agentId(), envelope.requestedMode(), ControlLease.ACTIVE,
                Timestamps.format(clock.instant().plusSeconds(600)), 30, 3, LeaseBoundaries.unscoped()));
    }

    @Override
    public ExecutionReceipt executeAction(ActionEnvelope envelope, ControlLease lease,
            TargetReservation reservation, ApprovalGrant approval) {
        calls.add("execute");
        maybeFail(failExecute);
        if (refuseExecute != null) {
            throw new dev.countersign.core.DispatchRefusedException(
                    CountersignError.of(refuseExecute, "scripted refusal: " + refuseExecute));
        }
        return receiptEdit.apply(new ExecutionReceipt(ids.next("rcpt_"), envelope.sessionId(), envelope.actionId(),
                envelope.argsDigest(), ExecutionReceipt.COMMITTED, null, "pressed"));
    }

    @Override
    public ReceiptVerification verify(ActionEnvelope envelope, ExecutionReceipt receipt) {
        calls.add("verify");
        maybeFail(failVerify);
        return evidence;
    }




    private static void maybeFail(ErrorCode code) {
        if (code != null) {
            throw new CountersignException(CountersignError.of(code, "scripted failure: " + code));
        }
    }
}
