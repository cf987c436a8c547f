package dev.countersign.driver;

import dev.countersign.approval.ApprovalWatch;
import dev.countersign.core.ActionPostcondition;
import dev.countersign.core.ActionRequest;
import dev.countersign.core.ActionTarget;
import dev.countersign.core.ApprovalRequirement;
import dev.countersign.core.CountersignError;
import dev.countersign.core.Digests;
import dev.countersign.core.ElementEvidence;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.ElementNode;
import dev.countersign.policy.ActionFacts;
import dev.countersign.policy.KeyChord;
import dev.countersign.vision.Point;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * {@code computer_act}: checks the arguments and the ref, refuses secure targets, consumes the
 * observation, re-checks the target, asks the policy, and runs the governed graph with the local
 * runtime — asking the person through {@link ApprovalFlow} when the graph interrupts. The same
 * checks, in the same order, admit an act a governing Countersign drives
 * ({@link ComputerDriver#admit}).
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

    /**
     * One act that passed every check before the graph, on this desktop: its runtime, what this
     * desktop's policy requires of the live target, the request the graph runs, and what the
     * person would be asked. A local {@code computer_act} runs it here; an act a governing
     * Countersign drives ({@link ComputerDriver#admit}) runs it node by node.
     */
    record Accepted(ActRuntime runtime, ApprovalRequirement requirement, ActionRequest request,
            Supplier<ApprovalFlow.Ask> ask) {
    }

    ToolResult<Receipt> act(String agentId, ActArgs args, ApprovalWatch watch) {
        long started = System.nanoTime();
        return accept(agentId, args).map(a -> {
            try {
                return run.run(agentId, a.runtime(), a.requirement(), a.request(), a.ask(), started, watch);
            } finally {
                // The act has ended: its spent observation's nodes are needed no more.
                ctx.observations.retire(a.runtime().observation);
            }
        });
    }

    /**
     * Runs the checks before the graph in their one order and, when all pass, prepares the act:
     * the first refusal ends it, and nothing after that check runs (the observation is spent only
     * once every check that can refuse without spending it passed).
     */
    ToolResult<Accepted> accept(String agentId, ActArgs given) {
        // A chord is judged, shown, bound and sent as this desktop presses it (cmd as Control on Linux).
        ActArgs args = given instanceof KeyArgs key ? key.pressedOn(ctx.backend) : given;
        Resolved t = new Resolved();
        Optional<PreGraph.Refusal> refused = PreGraph.firstRefusal(List.of(
                PreGraph.arguments(args::validate),
                // Keys this desktop has no key for are refused here, never approved and then failed.
                PreGraph.check("keys this desktop presses", () -> args instanceof KeyArgs key
                        && key.keys() != null ? ctx.backend.cannotPress(KeyChord.parse(key.keys()).canonical())
                        : Optional.empty()),
                PreGraph.notPaused(ctx),
                PreGraph.check("fresh ref", () -> t.resolve(ctx.observations.resolve(agentId, args.ref()))),
                // Before any approval: no approval unlocks a secure field (docs/driver.md).
                PreGraph.check("not secure", () -> t.seen().secure() ? Optional.of(CountersignError.onField(
                        ErrorCode.SECURE_FIELD_REFUSED, "ref",
                        "the target is a secure (password) field; Countersign never types into or acts on one"))
                        : Optional.empty()),
                // What the target takes: a terminal is typed printable text only (nothing that runs a
                // line); a click or focus needs a way to reach the element; a select must fit it.
                PreGraph.check("fits the target", () -> args.checkFor(t.seen())),
                // The element a postcondition declares: of the same observation, never a secure one.
                PreGraph.check("declared element", () -> t.declare(args.postcondition(), agentId)),
                // A drag's drop target: of the same observation, never a secure one.
                PreGraph.check("second element", () -> t.second(args.secondRef(), agentId)),
                PreGraph.sessionAvailable(ctx),
                PreGraph.spend(ctx, () -> t.observation),
                PreGraph.check("same target", () -> t.recheck(IdentityCheck.recheck(ctx.backend, t.observation,
                        t.index))),
                PreGraph.check("same second element", () -> t.recheckSecond()),
                // A wheel is coordinate input: before the person is asked, nothing covers its point.
                PreGraph.check("wheel point not covered", () -> wheelCovered(args, t)),
                // A right click, a drag or a click at an element's centre lands on whatever is at its
                // points: before the person is asked, each lands on its element in the observed window.
                PreGraph.check("pointer lands on its elements", () -> PointerAims.check(ctx.backend, t.observation,
                        args.aims(t.live, t.liveSecond)))));
        if (refused.isPresent()) {
            return ToolResult.error(refused.get().error());
        }
        Observation observation = t.observation;
        int index = t.index;
        ElementNode target = t.live;
        ElementNode second = t.liveSecond;
        // A key is judged by where it lands: the menu item bound to it, the window's default button;
        // a context menu on an unnamed part of a named row by that row, whose menu it opens.
        int item = args instanceof MenuArgs && !target.secure() ? ItemOf.enclosing(observation.nodes, index) : -1;
        ElementNode judgedAs = item >= 0 ? observation.nodes.get(item) : target;
        KeyLanding.Judged judged = KeyLanding.judge(policy, ctx.backend, observation, args,
                item >= 0 ? item : index, judgedAs, second, ctx.unreportedFocus.silent(observation.windowId));
        // Text this agent read in another app, typed or pasted here, is shown to the person with its origin.
        Optional<TextOrigins.Found> carried = args instanceof TypeArgs type
                ? ctx.origins.find(agentId, TextOrigins.appOf(observation.app), type.text())
                : args instanceof KeyArgs key ? ctx.origins.paste(agentId, observation.app, key.keys())
                : Optional.empty();
        ApprovalRequirement requirement = TextOrigins.require(judged.requirement(), carried);
        if (args instanceof KeyArgs key && !requirement.required()) {
            ctx.origins.copied(agentId, observation.app, observation.window.title(), key.keys());
        }
        if (args instanceof TypeArgs type && carried.isEmpty()) {
            ctx.origins.authored(agentId, type.text());
        }
        ActionFacts.Landing landing = judged.landing();
        long validity = (requirement.required() ? ctx.settings.approvalWindow() : ctx.settings.actionWindow())
                .toMillis();
        ActRuntime runtime = new ActRuntime(ctx, observation, index, t.declared, t.second, args, args.route(target),
                validity, policy.redactor(), judged.unknownFocus());
        // What the person is shown is worded only when the graph asks.
        Supplier<ApprovalFlow.Ask> ask = () -> ApprovalFlow.Ask.local(ctx, agentId, observation,
                Describe.action(args, index, target, second, observation, policy.redactor(), landing)
                        + carried.map(TextOrigins.Found::words).orElse(""),
                () -> IdentityCheck.problem(ctx.backend, observation, index),
                () -> Screenshots.highlighted(ctx, observation, args.ref()));
        return ToolResult.ok(new Accepted(runtime, requirement,
                request(agentId, args, observation, target, t.declared, second, validity), ask));
    }

    private Optional<CountersignError> wheelCovered(ActArgs args, Resolved t) {
        Point at = args instanceof ScrollArgs ? ScrollArgs.wheelAt(t.live) : null;
        return at == null ? Optional.empty() : PointCover.check(ctx.backend, t.observation, at, null);
    }

    /** What the checks found, filled in as they pass: the ref's observation, its node, its live re-read. */
    private final class Resolved {
        Observation observation;
        int index;
        ElementNode live;
        /** The index of the element the postcondition declares, or -1 when it declares none. */
        int declared = -1;
        /** The index of the act's second element (a drag's {@code to}), or -1 when it names none. */
        int second = -1;
        ElementNode liveSecond;

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

        /**
         * The postcondition's element: a live ref of the very observation the target's ref comes
         * from (so the same window), and not a secure field, whose value is never read. A stale,
         * foreign or secure one is refused with its code, naming {@code postcondition.ref}.
         */
        Optional<CountersignError> declare(Postcondition post, String agentId) {
            if (post == null || !post.watchesElement()) {
                return Optional.empty();
            }
            ObservationStore.Resolution resolution = ctx.observations.resolve(agentId, post.ref());
            if (resolution instanceof ObservationStore.Resolution.Refused refused) {
                CountersignError e = refused.error();
                return Optional.of(new CountersignError(e.code(), "postcondition.ref: " + e.message(), e.hint(),
                        "postcondition.ref", null));
            }
            ObservationStore.Resolution.Found found = (ObservationStore.Resolution.Found) resolution;
            if (found.observation() != observation) {
                return Optional.of(CountersignError.onField(ErrorCode.REF_UNKNOWN, "postcondition.ref",
                        "postcondition.ref is not a ref of the observation ref comes from; declare an element "
                                + "of the same window, from the same observation"));
            }
            if (found.observation().nodes.get(found.index()).secure()) {
                return Optional.of(CountersignError.onField(ErrorCode.SECURE_FIELD_REFUSED, "postcondition.ref",
                        "the declared element is a secure (password) field; Countersign never reads one"));
            }
            declared = found.index();
            return Optional.empty();
        }

        /**
         * The act's second element ({@code to}): a live ref of the very observation the target's ref
         * comes from, and not a secure field. A stale, foreign or secure one is refused with its
         * code, naming {@code to}: another observation's ref (or another agent's, which resolves to
         * nothing) never reaches the policy or the pointer.
         */
        Optional<CountersignError> second(String ref, String agentId) {
            if (ref == null) {
                return Optional.empty();
            }
            ObservationStore.Resolution resolution = ctx.observations.resolve(agentId, ref);
            if (resolution instanceof ObservationStore.Resolution.Refused refused) {
                CountersignError e = refused.error();
                return Optional.of(new CountersignError(e.code(), "to: " + e.message(), e.hint(), "to", null));
            }
            ObservationStore.Resolution.Found found = (ObservationStore.Resolution.Found) resolution;
            if (found.observation() != observation) {
                return Optional.of(CountersignError.onField(ErrorCode.REF_UNKNOWN, "to",
                        "to is not a ref of the observation ref comes from; name two elements of the same window, "
                                + "from the same observation"));
            }
            if (found.observation().nodes.get(found.index()).secure()) {
                return Optional.of(CountersignError.onField(ErrorCode.SECURE_FIELD_REFUSED, "to",
                        "the element 'to' names is a secure (password) field; Countersign never acts on one"));
            }
            second = found.index();
            return Optional.empty();
        }

        /** The second element as it reads now, still the one the agent saw; nothing when there is none. */
        Optional<CountersignError> recheckSecond() {
            if (second < 0) {
                return Optional.empty();
            }
            PointerAims.Second now = PointerAims.second(ctx.backend, observation.nodes.get(second));
            liveSecond = now.current();
            return Optional.ofNullable(now.error());
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
            int declared, ElementNode second, long validityMs) {
        return request(ctx.settings, agentId, args, observation.app.bundle().orElse(observation.app.name()),
                observation.windowId, observation.view.fingerprint(), target,
                declared < 0 ? null : observation.nodes.get(declared), second, validityMs);
    }

    /**
     * The request the graph runs for one act on {@code target} (also what {@link ActWarmUp} runs).
     * A second element ({@code second}, a drag's drop target, null for the rest) is bound as the
     * agent saw it, like the target, so an approval covers where the drop lands.
     */
    static ActionRequest request(DriverSettings settings, String agentId, ActArgs args, String appId,
            String windowId, String fingerprint, ElementNode target, ElementNode declared, ElementNode second,
            long validityMs) {
        Map<String, Object> arguments = new LinkedHashMap<>();
        arguments.put("op", args.op());
        arguments.putAll(args.boundArguments());
        if (second != null) {
            arguments.put("to", evidence(args.secondRef(), second));
        }
        return new ActionRequest(settings.sessionId(), settings.principalId(), agentId, null, "computer_act",
                args.op(), args.mutates() ? "mutate" : "navigate", "foreground", arguments,
                new ActionTarget(appId, windowId, evidence(args.ref(), target)),
                postcondition(args, target, declared), fingerprint, validityMs);
    }

    /** An element as the envelope binds it: its ref only as a digest. */
    private static ElementEvidence evidence(String ref, ElementNode node) {
        return new ElementEvidence(Digests.sha256Hex(ref), node.role(),
                node.subrole(), node.name(), node.description(), node.identifier(), node.frame(), node.secure());
    }

    /**
     * What must hold afterwards: the agent's own postcondition (with the element it declares, as
     * the agent saw it), else the operation's natural one.
     */
    private static ActionPostcondition postcondition(ActArgs args, ElementNode target, ElementNode declared) {
        Postcondition post = args.postcondition();
        if (post == null) {
            return args.naturalPostcondition(target);
        }
        return declared == null ? post.own() : post.declared(evidence(post.ref(), declared));
    }
}
