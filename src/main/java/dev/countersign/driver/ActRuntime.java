package dev.countersign.driver;

import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.ActionRequest;
import dev.countersign.core.ApprovalGrant;
import dev.countersign.core.ControlLease;
import dev.countersign.core.CountersignError;
import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.ExecutionReceipt;
import dev.countersign.core.ReceiptVerification;
import dev.countersign.core.ReservationScope;
import dev.countersign.core.TargetReservation;
import dev.countersign.core.Timestamps;
import dev.countersign.desktop.Dispatch;
import dev.countersign.desktop.ElementAction;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.KeyInput;
import dev.countersign.desktop.PointerInput;
import dev.countersign.desktop.ScrollDirection;
import dev.countersign.graph.ActionDigests;
import dev.countersign.graph.ComputerUseRuntime;
import dev.countersign.policy.KeyChord;
import java.time.Clock;
import java.util.Locale;

/**
 * The local runtime for one {@code computer_act}: the governed graph calls it node by node. It
 * holds the resolved target, so the backend handle never travels through the graph's state.
 */
final class ActRuntime implements ComputerUseRuntime {
    private final DriverContext ctx;
    private final Observation observation;
    private final int index;
    private final ActArgs args;
    private final Clock clock;
    private final long validityMs;
    private ElementNode beforeDispatch;
    private Dispatch dispatch;
    long dispatchNanos;

    ActRuntime(DriverContext ctx, Observation observation, int index, ActArgs args, long validityMs) {
        this.ctx = ctx;
        this.observation = observation;
        this.index = index;
        this.args = args;
        this.clock = ctx.clock;
        this.validityMs = validityMs;
    }

    Dispatch dispatch() {
        return dispatch;
    }

    @Override
    public ActionEnvelope previewAction(ActionRequest request) {
        return new ActionEnvelope(ctx.ids.next("act_"), request.sessionId(), request.executionGroupId(),
                request.principalId(), request.agentId(), request.tool(), request.operation(), request.actionClass(),
                request.requestedMode(), request.target(), request.postcondition(),
                Timestamps.format(clock.instant()), Timestamps.format(clock.instant().plusMillis(validityMs)),
                ActionDigests.argsDigest(request));
    }

    @Override
    public TargetReservation reserveTarget(ActionEnvelope envelope) {
        return ctx.reservations.acquire(ctx.ids.next("res_"), envelope.sessionId(), envelope.principalId(),
                envelope.agentId(), envelope.executionGroupId(), envelope.actionId(),
                new ReservationScope(envelope.target().appId(), envelope.target().windowId()),
                observation.app.pid() + "/" + observation.windowId, ctx.settings.reservationWait());
    }

    @Override
    public void releaseTarget(TargetReservation reservation) {
        ctx.reservations.release(reservation);
    }

    @Override
    public ControlLease acquireLease(ActionEnvelope envelope) {
        return ctx.leases.current(envelope.agentId());
    }

    @Override
    public ExecutionReceipt executeAction(ActionEnvelope envelope, ControlLease lease, TargetReservation reservation,
            ApprovalGrant approval) {
        if (ctx.paused()) {
            throw refused(ErrorCode.AGENT_PAUSED, "the person paused all agents");
        }
        ctx.sessionProblem().ifPresent(error -> {
            throw new DispatchRefusedException(error);
        });
        IdentityCheck.Result identity = IdentityCheck.recheck(ctx.backend, observation, index);
        if (identity instanceof IdentityCheck.Result.Changed) {
            throw new DispatchRefusedException(((IdentityCheck.Result.Changed) identity).error());
        }
        beforeDispatch = ((IdentityCheck.Result.Same) identity).current();
        if (beforeDispatch.secure()) {
            throw refused(ErrorCode.SECURE_FIELD_REFUSED, "the target is a secure field");
        }
        ctx.leases.charge(envelope.agentId());
        long start = System.nanoTime();
        dispatch = perform(beforeDispatch);
        dispatchNanos = System.nanoTime() - start;
        return new ExecutionReceipt(ctx.ids.next("rcpt_"), envelope.sessionId(), envelope.actionId(),
                envelope.argsDigest(), ExecutionReceipt.COMMITTED, null, dispatch.strategy());
    }

    @Override
    public ReceiptVerification verify(ActionEnvelope envelope, ExecutionReceipt receipt) {
        EffectProbe probe = new EffectProbe(ctx.backend, ctx.settings.verifyBound());
        switch (args.op()) {
            case "click": return probe.click(beforeDispatch);
            case "type": return probe.value(beforeDispatch, args.text());
            case "focus": return probe.focus(beforeDispatch);
            default:
                // Scroll and key input have no evidence on their target: unknown until a new
                // observation proves what moved.
                return null;
        }
    }

    @Override
    public void pauseSession(String sessionId) {
        ctx.pauseAll();
    }

    @Override
    public void stopSession(String sessionId) {
        ctx.pauseAll();
    }

    @Override
    public void emergencyStop() {
        ctx.pauseAll();
    }

    private Dispatch perform(ElementNode target) {
        switch (args.op()) {
            case "click":
                if (!target.actions().isEmpty() || target.frame() == null) {
                    return ctx.backend.perform(target.handle(), new ElementAction.Press());
                }
                // No accessible action: a synthetic click at the element's centre.
                return ctx.backend.pointer(PointerInput.click(target.frame().centerX(), target.frame().centerY()));
            case "focus":
                return ctx.backend.perform(target.handle(), new ElementAction.Focus());
            case "type":
                return ctx.backend.perform(target.handle(), new ElementAction.SetValue(args.text()));
            case "key":
                ctx.backend.perform(target.handle(), new ElementAction.Focus());
                return ctx.backend.keys(new KeyInput.Keys(KeyChord.parse(args.keys()).canonical()));
            case "scroll":
                ScrollDirection direction = ScrollDirection.valueOf(args.direction().toUpperCase(Locale.ROOT));
                return ctx.backend.perform(target.handle(), new ElementAction.Scroll(direction, args.scrollAmount()));
            default:
                throw refused(ErrorCode.INVALID_ARGUMENT, "unknown op " + args.op());
        }
    }

    private static DispatchRefusedException refused(ErrorCode code, String message) {
        return new DispatchRefusedException(CountersignError.of(code, message));
    }
}
