package dev.countersign.driver;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.countersign.core.ActionRequest;
import dev.countersign.core.ApprovalRequirement;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ElementEvidence;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.SnapshotLimits;
import dev.countersign.graph.ActionResult;
import dev.countersign.graph.ComputerUseRuntime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Acts that a governing Countersign drives node by node (docs/govern.md): the request names its target
 * by app, window and element evidence (role, name, identifier) instead of a ref, since the
 * governor never observes this desktop through the agent tools. {@link #prepare} observes the
 * window itself, finds exactly one element that matches, and then runs the very checks a local
 * {@code computer_act} runs before its graph ({@link ActFlow#accept}): the kill switch, the
 * session, secure fields (no approval unlocks one), a declared element, an accessible action, one
 * act per observation, the identity re-check, a wheel's point not covered. The runtime it returns
 * re-checks all of it again right before dispatch, like a local act.
 */
public final class HostedActs {
    private final DriverContext ctx;
    private final Observer observer;
    private final ActFlow acts;

    HostedActs(DriverContext ctx, Observer observer, ActFlow acts) {
        this.ctx = ctx;
        this.observer = observer;
        this.acts = acts;
    }

    /**
     * One prepared act: the local runtime for it, what this desktop's policy requires, and what a
     * person would be shown.
     */
    public record Prepared(ComputerUseRuntime runtime, ApprovalRequirement requirement, String summary,
            String appName, String windowTitle, long startedNanos) {
    }

    /**
     * Resolves {@code request} on this desktop for {@code scopeId} (the governor's scope: its
     * observations, lease and reservations are its own). Throws {@link CountersignException} with
     * the first refusal; nothing is dispatched.
     */
    public Prepared prepare(String scopeId, ActionRequest request) {
        long started = System.nanoTime();
        Objects.requireNonNull(scopeId, "scopeId");
        ctx.pauseProblem().ifPresent(HostedActs::refuse);
        if (!"computer_act".equals(request.tool())) {
            refuse(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "tool",
                    "a governed act is a computer_act (click, focus, type, key, scroll)"));
        }
        ElementEvidence evidence = request.target() == null ? null : request.target().element();
        if (evidence == null || evidence.role() == null) {
            refuse(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "target.element",
                    "a governed act names its element by role, and by name or identifier unless the role is unique"));
        }
        // The whole window as one observation may hold it, so a match proves the element unique.
        ToolResult<ObservationView> seen = observer.observe(scopeId, new ObserveArgs(request.target().appId(),
                request.target().windowId(), SnapshotLimits.MAX_NODES, SnapshotLimits.MAX_DEPTH,
                ObserveArgs.MAX_TTL_MS));
        if (seen instanceof ToolResult.Err<ObservationView> err) {
            refuse(err.error());
        }
        String observationId = ((ToolResult.Ok<ObservationView>) seen).value().observationId();
        Observation observation = ctx.observations.observation(scopeId, observationId).orElseThrow(() ->
                new CountersignException(CountersignError.of(ErrorCode.REF_UNKNOWN, "the observation was evicted")));
        ActArgs args = args(request, observation, match(observation, evidence));
        if (!args.op().equals(request.operation())) {
            refuse(CountersignError.identityMismatch("operation"));
        }
        // From here, exactly the checks a local computer_act runs before its graph, in its order.
        ToolResult<ActFlow.Accepted> accepted = acts.accept(scopeId, args);
        if (accepted instanceof ToolResult.Err<ActFlow.Accepted> refused) {
            refuse(refused.error());
        }
        ActFlow.Accepted a = ((ToolResult.Ok<ActFlow.Accepted>) accepted).value();
        ApprovalFlow.Ask ask = a.ask().get();
        return new Prepared(a.runtime(), a.requirement(), ask.summary(), ask.app(), ask.window(), started);
    }

    /**
     * The one element of the observation the evidence names; none or several is a refusal, and so
     * is a window whose observation was cut at its node bound: an element it left out could match
     * too, so one match there does not prove the element unique.
     */
    static int match(Observation observation, ElementEvidence evidence) {
        if (observation.view != null && observation.view.truncated()) {
            refuse(CountersignError.onField(ErrorCode.TARGET_CHANGED, "target.element",
                    "the window has more elements than one observation holds ("
                            + observation.view.omittedCount() + " left out), so the named element cannot be "
                            + "proven unique; act on a smaller window"));
        }
        List<Integer> found = new ArrayList<>();
        for (int i = 0; i < observation.nodes.size(); i++) {
            ElementNode node = observation.nodes.get(i);
            if (evidence.role().equals(node.role())
                    && (evidence.name() == null || evidence.name().equals(node.name()))
                    && (evidence.identifier() == null || evidence.identifier().equals(node.identifier()))) {
                found.add(i);
            }
        }
        if (found.size() != 1) {
            refuse(CountersignError.onField(ErrorCode.TARGET_CHANGED, "target.element", found.isEmpty()
                    ? "no element of the window matches the named role and name"
                    : found.size() + " elements of the window match the named role and name; name one exactly"));
        }
        return found.get(0);
    }

    /** The request's arguments as a {@code computer_act} on the element found, with a ref of this scope. */
    private static ActArgs args(ActionRequest request, Observation observation, int index) {
        String ref = observation.refs.entrySet().stream().filter(e -> e.getValue() == index).map(
                Map.Entry::getKey).findFirst().orElseThrow(() -> new CountersignException(
                        CountersignError.onField(ErrorCode.REF_UNKNOWN, "target.element",
                                "the element has no ref in the observation")));
        ObjectNode node = Json.mapper().valueToTree(request.arguments());
        node.put("ref", ref);
        if (request.postcondition() != null) {
            node.set("postcondition", Json.mapper().valueToTree(request.postcondition()));
        }
        return Json.bind(node, ActArgs.class);
    }

    private static void refuse(CountersignError error) {
        throw new CountersignException(error);
    }

    /**
     * The receipt of a governor's act as this desktop reports it, in the one receipt shape: its
     * status by {@link ActionResult#statusOf}, how it was delivered and how long its phases took.
     *
     * @param decidedAt when the governing side's person allowed it; null when no approval was bound
     */
    public Receipt receipt(Prepared prepared, ActionResult result, String decidedAt) {
        TimedRuntime timed = prepared.runtime() instanceof TimedRuntime t ? t : null;
        return Receipts.of(result, timed == null ? Optional.empty() : timed.delivery(),
                timed == null ? -1 : timed.verifyNanos(), prepared.startedNanos(), 0, decidedAt);
    }

    /** Keeps a governor's receipt in its scope's ring: this desktop's Activity window and the scope's evidence show it. */
    public void remember(String scopeId, Receipt receipt) {
        ctx.receipts.add(scopeId, receipt);
    }

    /** Whether the person paused all agents here (the governor's acts stop with them). */
    public Optional<CountersignError> paused() {
        return ctx.pauseProblem();
    }
}
