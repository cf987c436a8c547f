package dev.countersign.graph;

import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.ActionRequest;
import dev.countersign.core.ApprovalDecision;
import dev.countersign.core.ApprovalGrant;
import dev.countersign.core.ControlLease;
import dev.countersign.core.ExecutionReceipt;
import dev.countersign.core.PendingApproval;
import dev.countersign.core.ReceiptVerification;
import dev.countersign.core.TargetReservation;
import java.time.Clock;
import java.util.function.BiFunction;

/**
 * One graph wired to a scripted runtime, a test clock and sequential ids. The graph may drive the scripted runtime directly or through a runtime in front of
 * it (e.g. an MCP client whose far side is the scripted runtime): the scenarios bend the scripted
 * runtime either way.
 */
public final class GraphHarness {
    final TestClock clock = new TestClock(Fixtures.NOW);
    final SequentialIds ids = new SequentialIds();
    /** The runtime the scenarios bend: the graph's own, or the far side of {@link #front}. */
    public final ScriptedRuntime runtime = new ScriptedRuntime(clock, ids);
    private final ComputerUseRuntime front;
    ApprovalGate gate = Fixtures.noApproval();
    /** Runs when the graph's lease call has returned, before the graph checks that lease. */
    Runnable afterLease = () -> { };

    public GraphHarness() {
        this((far, clock) -> far);
    }

    /** @param front the runtime the graph drives, given the scripted far side and the test clock */
    public GraphHarness(BiFunction<ScriptedRuntime, Clock, ComputerUseRuntime> front) {
        this.front = front.apply(runtime, clock);
    }

    GovernedGraph graph() {
        return new GovernedGraph(new LeaseTap(), envelope -> gate.assess(envelope), clock, ids);
    }

    /** The front runtime, with {@link #afterLease} run as its lease call returns to the graph. */
    private final class LeaseTap implements ComputerUseRuntime {
        @Override
        public ActionEnvelope previewAction(ActionRequest request) {
            return front.previewAction(request);
        }

        @Override
        public TargetReservation reserveTarget(ActionEnvelope envelope) {
            return front.reserveTarget(envelope);
        }

        @Override
        public void releaseTarget(TargetReservation reservation) {
            front.releaseTarget(reservation);
        }

        @Override
        public ControlLease acquireLease(ActionEnvelope envelope) {
            ControlLease lease = front.acquireLease(envelope);
            afterLease.run();
            return lease;
        }

        @Override
        public ExecutionReceipt executeAction(ActionEnvelope envelope, ControlLease lease,
                TargetReservation reservation, ApprovalGrant approval) {
            return front.executeAction(envelope, lease, reservation, approval);
        }

        @Override
        public ReceiptVerification verify(ActionEnvelope envelope, ExecutionReceipt receipt) {
            return front.verify(envelope, receipt);
        }
    }

    GraphStep start() {
        return graph().start(Fixtures.request());
    }

    ActionResult finish(GraphStep step) {
        if (!(step instanceof GraphStep.Finished)) {
            throw new AssertionError("expected the graph to finish, but it stopped at " + step);
        }
        return ((GraphStep.Finished) step).result();
    }

    GraphStep.Interrupted interrupted(GraphStep step) {
        if (!(step instanceof GraphStep.Interrupted)) {
            throw new AssertionError("expected the graph to wait for approval, but it ended with " + step);
        }
        return (GraphStep.Interrupted) step;
    }

    /** The grant the local UI would issue for {@code pending}. */
    static ApprovalGrant grantFor(PendingApproval pending) {
        return new ApprovalGrant("grant-1", null, pending.actionId(), pending.route(), pending.actionDigest(),
                pending.policyDigest(), pending.nonce(), "2026-11-29T12:00:03Z");
    }

    static ApprovalDecision allow(PendingApproval pending) {
        return new ApprovalDecision.AllowedOnce(grantFor(pending));
    }
}
