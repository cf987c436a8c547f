package dev.countersign.graph;

import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.ActionRequest;
import dev.countersign.core.ApprovalDecision;
import dev.countersign.core.ApprovalRequirement;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.Digests;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.IdSource;
import dev.countersign.core.PendingApproval;
import java.time.Clock;
import java.util.Objects;

/**
 * Runs one action through observe → preview → reserve → approve → lease → execute → verify →
 * release (docs/graph.md). The nodes, their work and their edges are declared once, in
 * {@link TransitionTable}; this class only runs that declaration until it reaches a declared stop.
 * Deterministic: time comes from the injected clock and ids from the injected source; the runtime
 * is the only thing it talks to.
 *
 * <p>Thread-safety: one instance may run many actions concurrently; it holds no per-action state.
 */
public final class GovernedGraph {
    private static final GraphDefinition GRAPH = TransitionTable.GOVERNED;
    private final ComputerUseRuntime runtime;
    private final ApprovalGate gate;
    private final Clock clock;
    private final IdSource ids;
    private final GraphDefinition.Services services;

    public GovernedGraph(ComputerUseRuntime runtime, ApprovalGate gate, Clock clock, IdSource ids) {
        this.runtime = Objects.requireNonNull(runtime, "runtime");
        this.gate = Objects.requireNonNull(gate, "gate");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.ids = Objects.requireNonNull(ids, "ids");
        this.services = new GraphDefinition.Services(this.runtime, this.gate, this.clock, this.ids);
    }

    /** Runs a new action from {@code OBSERVE} until it finishes or waits for the person. */
    public GraphStep start(ActionRequest request) {
        return run(GraphState.start(Objects.requireNonNull(request, "request")));
    }

    /**
     * Continues from a checkpoint. The input's values are appended to their channels (never
     * substituted); when the checkpoint waits for approval, the input's decision answers it.
     * The checkpoint itself is not modified.
     */
    public GraphStep resume(GraphState checkpoint, ResumeInput input) {
        GraphState state = CheckpointCodec.copy(checkpoint);
        if (input.preview() != null) {
            state.previews.add(input.preview());
        }
        if (input.reservation() != null) {
            state.reservations.add(input.reservation());
        }
        if (input.lease() != null) {
            state.leases.add(input.lease());
        }
        if (GRAPH.isInterrupt(state.node)) {
            move(state, GRAPH.resume(state, input.decision(), services));
        }
        return run(state);
    }

    private GraphStep run(GraphState state) {
        // Run until a declared stop: a terminal state, or an interrupt that waits for the person.
        while (!GRAPH.stopsAt(state.node)) {
            move(state, GRAPH.work(state, services));
        }
        if (GRAPH.isInterrupt(state.node)) {
            PendingApproval pending = state.pendingApproval;
            return new GraphStep.Interrupted(CheckpointCodec.copy(state), pending);
        }
        return new GraphStep.Finished(result(state), CheckpointCodec.copy(state));
    }

    private void move(GraphState state, Event event) {
        Node from = state.node;
        Node to = GRAPH.next(from, event).orElseThrow(() -> new IllegalStateException(
                "the transition table has no edge from " + from + " on " + event));
        state.trace.add(new Transition(from, event, to));
        state.node = to;
    }

    private static ActionResult result(GraphState state) {
        CountersignError error = state.error;
        if (state.cleanupError != null) {
            // Primary stays primary; a cleanup failure after success is still an error.
            error = error == null ? state.cleanupError : error.withCleanupFailure(state.cleanupError);
        }
        ActionEnvelope preview = state.previews.isEmpty() ? null : state.previews.get(0);
        ApprovalRequirement requirement = state.approvalRequirement;
        ActionResult.ApprovalSummary approval = requirement == null ? null
                : new ActionResult.ApprovalSummary(requirement.required(), requirement.category(),
                        state.approvalDecision);
        return new ActionResult(
                preview == null ? null : preview.actionId(),
                status(state),
                error,
                state.outcome,
                approval,
                preview == null ? null : preview.argsDigest(),
                state.trace);
    }

    private static String status(GraphState state) {
        return ActionResult.statusOf(state.outcome, state.dispatched);
    }

    /** Turns whatever a runtime call throws into the action's error, at the runtime boundary. */
    static CountersignError errorOf(RuntimeException e) {
        if (e instanceof CountersignException fault) {
            return fault.error();
        }
        // A foreign fault inside a runtime is wrapped here, once; the graph still releases.
        return CountersignError.of(ErrorCode.INTERNAL,
                "the runtime failed: " + e.getClass().getSimpleName()
                        + (e.getMessage() == null ? "" : ": " + e.getMessage()));
    }

    static String digestOf(ActionEnvelope envelope) {
        return Digests.digest(envelope);
    }

    static boolean approvalRequired(GraphState state) {
        return state.approvalRequirement != null && state.approvalRequirement.required();
    }

}
