package dev.countersign.driver;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.countersign.approval.ApprovalWatch;
import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.ActionRequest;
import dev.countersign.core.ActionTarget;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * An act a {@link Carrier} carries to another machine: the same pre-graph checks as a local act
 * that apply on this side (the arguments, the kill switch, a ref the carrier knows), then the one
 * run owner. The far side runs its own checks on its own desktop (secure fields, its own windows,
 * its kill switch, the identity re-check) whatever this side approved.
 */
final class CarriedFlow {
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {
    };
    private final DriverContext ctx;
    private final GovernedRun run;

    CarriedFlow(DriverContext ctx, GovernedRun run) {
        this.ctx = ctx;
        this.run = run;
    }

    ToolResult<Receipt> act(String agentId, Carrier carrier, ActArgs args, ApprovalWatch watch) {
        long started = System.nanoTime();
        ActionTarget[] target = new ActionTarget[1];
        Optional<PreGraph.Refusal> refused = PreGraph.firstRefusal(List.of(
                PreGraph.arguments(args::validate),
                PreGraph.check("no postcondition", () -> args.postcondition() == null ? Optional.empty()
                        : Optional.of(CountersignError.onField(ErrorCode.INVALID_ARGUMENT,
                                "postcondition", "an act on another machine takes no postcondition; its far side "
                                        + "gathers the evidence"))),
                // The far side finds its target by the target's evidence; a second ref (a drag's
                // drop target) names an element only here and is not carried.
                PreGraph.check("one element", () -> args.secondRef() == null ? Optional.empty()
                        : Optional.of(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "to",
                                "an act on another machine names one element; op '" + args.op()
                                        + "' is not carried to another machine"))),
                PreGraph.notPaused(ctx),
                PreGraph.check("known ref", () -> {
                    try {
                        target[0] = carrier.resolve(agentId, args);
                        return Optional.empty();
                    } catch (CountersignException e) {
                        return Optional.of(e.error());
                    }
                })));
        if (refused.isPresent()) {
            return ToolResult.error(refused.get().error());
        }
        CarriedRuntime runtime = new CarriedRuntime(ctx, agentId, carrier);
        Function<ActionEnvelope, ApprovalFlow.Ask> ask = previewed -> {
            Carrier.Shown shown = carrier.shown(previewed);
            // Nothing of the far side's desktop is read here: the far side re-checks its
            // target right before dispatch, and the dialog shows what it described and
            // its marked capture of the window.
            return new ApprovalFlow.Ask(agentId, shown.app(), shown.window(), carrier.machine(),
                    shown.summary(), Optional::empty, shown::capture, () -> true);
        };
        try {
            // Unasked, the timeline still tells the act in the far side's words and names the
            // machine its pictures come from.
            return ToolResult.ok(run.run(agentId, runtime, carrier::requirement,
                    request(agentId, carrier, args, target[0]), ask,
                    () -> runtime.previewed().map(ask).orElse(null), started, watch));
        } finally {
            runtime.previewed().ifPresent(carrier::finished);
        }
    }

    /**
     * The request the far side previews: the act's own arguments in clear (the far side performs
     * them; its policy reads them), without the ref, which names an element only in the agent's
     * observation of the far side — the far side finds it by the target's evidence.
     */
    private ActionRequest request(String agentId, Carrier carrier, ActArgs args, ActionTarget target) {
        ObjectNode node = Json.mapper().valueToTree(args);
        node.remove("ref");
        node.remove("postcondition");
        Map<String, Object> arguments = Json.mapper().convertValue(node, MAP);
        arguments.values().removeIf(Objects::isNull);
        return new ActionRequest(ctx.settings.sessionId(), ctx.settings.principalId(), agentId, null,
                "computer_act", args.op(), args.mutates() ? "mutate" : "navigate", "foreground", arguments, target,
                null, "remote:" + carrier.machine(), ctx.settings.approvalWindow().toMillis());
    }
}
