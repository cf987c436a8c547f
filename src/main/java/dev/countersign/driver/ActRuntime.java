package dev.countersign.driver;

import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.ApprovalGrant;
import dev.countersign.core.ControlLease;
import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.ExecutionReceipt;
import dev.countersign.core.ReceiptVerification;
import dev.countersign.core.TargetReservation;
import dev.countersign.desktop.Dispatch;
import dev.countersign.desktop.ElementAction;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.KeyInput;
import dev.countersign.desktop.PointerInput;
import dev.countersign.desktop.ScrollDirection;
import dev.countersign.policy.KeyChord;
import java.util.Locale;

/**
 * The local runtime for one {@code computer_act}: the governed graph calls it node by node. It
 * holds the resolved target, so the backend handle never travels through the graph's state.
 */
final class ActRuntime extends LocalRuntime {
    private final int index;
    private final ActArgs args;
    private ElementNode beforeDispatch;
    /** How long the target may take to report keyboard focus before keys are withheld. */
    private static final java.time.Duration FOCUS_BOUND = java.time.Duration.ofMillis(300);

    ActRuntime(DriverContext ctx, Observation observation, int index, ActArgs args, long validityMs) {
        super(ctx, observation, validityMs);
        this.index = index;
        this.args = args;
    }

    @Override
    public ExecutionReceipt executeAction(ActionEnvelope envelope, ControlLease lease, TargetReservation reservation,
            ApprovalGrant approval) {
        requireDispatchable();
        IdentityCheck.Result identity = beforeDispatch(() -> IdentityCheck.recheck(ctx.backend, observation, index));
        if (identity instanceof IdentityCheck.Result.Changed) {
            throw new DispatchRefusedException(((IdentityCheck.Result.Changed) identity).error());
        }
        beforeDispatch = ((IdentityCheck.Result.Same) identity).current();
        if (beforeDispatch.secure()) {
            throw refused(ErrorCode.SECURE_FIELD_REFUSED, "the target is a secure field");
        }
        ElementNode target = beforeDispatch;
        return dispatched(envelope, lease, reservation, approval, () -> perform(target));
    }

    @Override
    public ReceiptVerification verify(ActionEnvelope envelope, ExecutionReceipt receipt) {
        EffectProbe probe = new EffectProbe(ctx.backend, ctx.settings.verifyBound());
        if (args.postcondition() != null) {
            if ("click".equals(args.op())) {
                // A click counts only with its own change; then the agent's postcondition decides.
                ReceiptVerification changed = probe.click(beforeDispatch);
                boolean vanished = Boolean.FALSE.equals(args.postcondition().exists());
                return changed == null && !vanished ? null : probe.declared(beforeDispatch, args.postcondition());
            }
            return probe.declared(beforeDispatch, args.postcondition());
        }
        switch (args.op()) {
            case "click": return probe.click(beforeDispatch);
            case "type":
                return args.inserts() ? probe.inserted(beforeDispatch, args.text()) : probe.value(beforeDispatch, args.text());
            case "focus": return probe.focus(beforeDispatch);
            default:
                // Scroll and key input have no evidence on their target: unknown until a new
                // observation proves what moved.
                return null;
        }
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
                return new TextEntry(ctx.backend).type(target, args.text(), args.inserts());
            case "key":
                ctx.backend.perform(target.handle(), new ElementAction.Focus());
                requireFocused(target);
                return ctx.backend.keys(new KeyInput.Keys(KeyChord.parse(args.keys()).canonical()));
            case "scroll":
                ScrollDirection direction = ScrollDirection.valueOf(args.direction().toUpperCase(Locale.ROOT));
                return ctx.backend.perform(target.handle(), new ElementAction.Scroll(direction, args.scrollAmount()));
            default:
                throw refused(ErrorCode.INVALID_ARGUMENT, "unknown op " + args.op());
        }
    }

    /**
     * Keys go to whatever has keyboard focus, so they are only sent once the target itself reports
     * focus (and is still not secure). Focus was already moved, so a refusal here is not "nothing
     * happened": it surfaces as an uncertain outcome.
     */
    private void requireFocused(ElementNode target) {
        var evidence = new EffectProbe(ctx.backend, FOCUS_BOUND).focus(target);
        if (evidence == null) {
            throw new dev.countersign.core.CountersignException(dev.countersign.core.CountersignError.onField(
                    ErrorCode.TARGET_CHANGED, "focus", "the target did not take keyboard focus; no keys were sent"));
        }
    }
}
