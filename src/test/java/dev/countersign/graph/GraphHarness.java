package dev.countersign.graph;

import dev.countersign.core.ApprovalDecision;
import dev.countersign.core.ApprovalGrant;
import dev.countersign.core.PendingApproval;
import java.util.ArrayList;
import java.util.List;
import java.time.Clock;
import java.util.function.BiFunction;
import java.util.function.Consumer;

/**
 * One graph wired to a scripted runtime, a test clock and sequential ids, recording every
 * checkpoint. The graph may drive the scripted runtime directly or through a runtime in front of
 * it (e.g. an MCP client whose far side is the scripted runtime): the scenarios bend the scripted
 * runtime either way.
 */
public final class GraphHarness {
    final TestClock clock = new TestClock(Fixtures.NOW);
    final SequentialIds ids = new SequentialIds();
    /** The runtime the scenarios bend: the graph's own, or the far side of {@link #front}. */
    public final ScriptedRuntime runtime = new ScriptedRuntime(clock, ids);
    private final ComputerUseRuntime front;
    final List<GraphState> checkpoints = new ArrayList<>();
    ApprovalGate gate = Fixtures.noApproval();
    /** Runs on every checkpoint, so a test can let time pass between two nodes. */
    Consumer<GraphState> onCheckpoint = state -> { };

    public GraphHarness() {
        this((far, clock) -> far);
    }

    /** @param front the runtime the graph drives, given the scripted far side and the test clock */
    public GraphHarness(BiFunction<ScriptedRuntime, Clock, ComputerUseRuntime> front) {
        this.front = front.apply(runtime, clock);
    }

    GovernedGraph graph() {
        return new GovernedGraph(front, envelope -> gate.assess(envelope), clock, ids, state -> {
            checkpoints.add(state);
            onCheckpoint.accept(state);
        });
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

    GraphState checkpointAt(Node node) {
        return checkpoints.stream().filter(s -> s.node() == node).findFirst()
                .orElseThrow(() -> new AssertionError("no checkpoint at " + node));
    }
}
