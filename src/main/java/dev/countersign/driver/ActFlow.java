package dev.countersign.driver;

import dev.countersign.core.ActionPostcondition;
import dev.countersign.core.ActionRequest;
import dev.countersign.core.ActionTarget;
import dev.countersign.core.ApprovalRequirement;
import dev.countersign.core.CountersignError;
import dev.countersign.core.Digests;
import dev.countersign.core.ElementEvidence;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.ElementNode;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code computer_act}: checks the arguments and the ref, refuses secure targets, consumes the
 * observation, re-checks the target, asks the policy, and runs the governed graph with the local
 * runtime — asking the person through {@link ApprovalFlow} when the graph interrupts.
 */
final class ActFlow {
    private final DriverContext ctx;
    private final ApprovalPolicy policy;
    private final GovernedRun run;

    ActFlow(DriverContext ctx, ApprovalPolicy policy, GovernedRun run) {
        this.ctx = ctx;
        this.policy = policy;
        this.run = run;
    }

    ToolResult<Receipt> act(String agentId, ActArgs args, ApprovalWatch watch) {
        long started = System.nanoTime();
        Resolved t = new Resolved();
        Optional<PreGraph.Refusal> refused = PreGraph.firstRefusal(List.of(
                PreGraph.arguments(args::validate),
                PreGraph.notPaused(ctx),
                PreGraph.check("fresh ref", () -> t.resolve(ctx.observations.resolve(agentId, args.ref()))),
                // Before any approval: no approval unlocks a secure field (SPEC.md §1.7).
                PreGraph.check("not secure", () -> t.seen().secure() ? Optional.of(CountersignError.onField(
                        ErrorCode.SECURE_FIELD_REFUSED, "ref",
                        "the target is a secure (password) field; Countersign never types into or acts on one"))
                        : Optional.empty()),
                PreGraph.sessionAvailable(ctx),
                PreGraph.check("accessible action", () -> t.seen().actions().isEmpty() && args instanceof ActArgs.Click
                        ? Optional.of(noAction()) : Optional.empty()),
                PreGraph.spend(ctx, () -> t.observation),
                PreGraph.check("same target", () -> t.recheck(IdentityCheck.recheck(ctx.backend, t.observation,
                        t.index))),
                // A wheel is coordinate input: before the person is asked, nothing covers its point.
                PreGraph.check("wheel point not covered", () -> wheelCovered(args, t))));
        if (refused.isPresent()) {
            return ToolResult.error(refused.get().error());
        }
        Observation observation = t.observation;
        int index = t.index;
        ElementNode target = t.live;
        ApprovalRequirement requirement = policy.requirementFor(args, target);
        long validity = (requirement.required() ? ctx.settings.approvalWindow() : ctx.settings.actionWindow())
                .toMillis();
        ActRuntime runtime = new ActRuntime(ctx, observation, index, args, validity);
        Receipt receipt = run.run(agentId, runtime, requirement, request(agentId, args, observation, target, validity),
                () -> new ApprovalFlow.Ask(agentId, observation,
                        Describe.action(args, target, observation),
                        () -> IdentityCheck.problem(ctx.backend, observation, index),
                        () -> Screenshots.highlighted(ctx, observation, args.ref())), started, watch);
        return ToolResult.ok(receipt);
    }

    private Optional<CountersignError> wheelCovered(ActArgs args, Resolved t) {
        dev.countersign.vision.Point at = args instanceof ActArgs.Scroll ? ActArgs.Scroll.wheelAt(t.live) : null;
        return at == null ? Optional.empty() : PointCover.check(ctx.backend, t.observation, at, null);
    }

    /** What the checks found, filled in as they pass: the ref's observation, its node, its live re-read. */
    private static final class Resolved {
        Observation observation;
        int index;
        ElementNode live;

        ElementNode seen() {
            return observation.nodes.get(index);
        }

        Optional<CountersignError> resolve(ObservationStore.Resolution resolution) {
            if (resolution instanceof ObservationStore.Resolution.Found found) {
                observation = found.observation();
                index = found.index();
                return Optional.empty();
            }
            return refusal(resolution);
        }

        Optional<CountersignError> recheck(IdentityCheck.Result result) {
            if (result instanceof IdentityCheck.Result.Same same) {
                live = same.current();
                return Optional.empty();
            }
            return result instanceof IdentityCheck.Result.Changed changed ? Optional.of(changed.error())
                    : Optional.empty();
        }
    }

    /** The refusal of a resolution that found nothing (shared with the visual tools). */
    static Optional<CountersignError> refusal(ObservationStore.Resolution resolution) {
        return resolution instanceof ObservationStore.Resolution.Refused refused ? Optional.of(refused.error())
                : Optional.empty();
    }

    private ActionRequest request(String agentId, ActArgs args, Observation observation, ElementNode target,
            long validityMs) {
        Map<String, Object> arguments = new LinkedHashMap<>();
        arguments.put("op", args.op());
        arguments.putAll(args.boundArguments());
        ElementEvidence evidence = new ElementEvidence(
                Digests.sha256Hex(args.ref().getBytes(StandardCharsets.UTF_8)), target.role(), target.subrole(),
                target.name(), target.description(), target.identifier(), target.frame(), target.secure());
        String appId = observation.app.bundle().orElse(observation.app.name());
        return new ActionRequest(ctx.settings.sessionId(), ctx.settings.principalId(), agentId, null, "computer_act",
                args.op(), args.mutates() ? "mutate" : "navigate", "foreground", arguments,
                new ActionTarget(appId, observation.windowId, evidence), postcondition(args),
                observation.view.fingerprint(), validityMs);
    }

    /** What must hold afterwards: the agent's own postcondition, else the operation's natural one. */
    private static ActionPostcondition postcondition(ActArgs args) {
        return args.postcondition() != null ? args.postcondition() : args.naturalPostcondition();
    }

    /**
     * A click without an accessible action would be a raw click at a screen point, judged by this
     * element's labels while landing on whatever is there: that is the visual act's job, which
     * always asks. Refused both on the observed element and on its live re-read at dispatch.
     */
    static CountersignError noAction() {
        return new CountersignError(ErrorCode.INVALID_ARGUMENT,
                "this element has no accessible action; use computer_visual_act to click at a point "
                        + "(it always asks the person)",
                "use computer_visual_act to click at a point on a fresh visual observation", "ref", null);
    }
}
