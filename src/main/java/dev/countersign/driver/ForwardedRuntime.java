package dev.countersign.driver;

import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.ApprovalGrant;
import dev.countersign.core.ControlLease;
import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.ExecutionReceipt;
import dev.countersign.core.ReceiptVerification;
import dev.countersign.core.TargetReservation;

/**
 * The runtime of one {@link ForwardedAct}: Countersign's reservations, lease and kill switch, its
 * own re-checks right before dispatch, and the other runtime's one forwarded call, all inside the
 * backend's input guard ({@link dev.countersign.desktop.DesktopBackend#asInput}). It has no
 * evidence of its own to offer and takes none from the other runtime: verification is empty, so
 * the receipt is {@code unknown} after dispatch.
 */
final class ForwardedRuntime extends LocalRuntime {
    private final ForwardedAct act;
    private final ForwardFlow checks;
    private final ForwardFlow.Resolved target;

    ForwardedRuntime(DriverContext ctx, Observation observation, long validityMs, ForwardedAct act, ForwardFlow checks,
            ForwardFlow.Resolved target) {
        super(ctx, observation, validityMs);
        this.act = act;
        this.checks = checks;
        this.target = target;
    }

    @Override
    public ExecutionReceipt executeAction(ActionEnvelope envelope, ControlLease lease, TargetReservation reservation,
            ApprovalGrant approval) {
        // The other runtime's input is outside the backend's input guard: the last check, the
        // recheck and the call run inside it, so no approval dialog can show or open from the
        // "nobody is asked" check to the end of the forwarded call.
        return ctx.backend.asInput(() -> {
            lastCheck(reservation, approval);
            // The timeline's "before", ahead of the recheck, so nothing slow runs between it and the call.
            picture(BEFORE);
            beforeDispatch(() -> checks.recheck(target)).ifPresent(error -> {
                throw new DispatchRefusedException(error);
            });
            // The input as it was judged (a chord as this desktop presses it), never the agent's own spelling.
            return dispatched(envelope, lease, reservation, approval, () -> act.forwarder().forward(act.input()));
        });
    }

    @Override
    public ReceiptVerification verify(ActionEnvelope envelope, ExecutionReceipt receipt) {
        // The governed server's "ok" is its own claim, never evidence (docs/govern.md); the
        // timeline's "after" is Countersign's own picture, a moment after the input.
        picture(AFTER);
        return null;
    }

    /** The region the input went to: around its point (and a drag's end), or the focused element keys went to. */
    private void picture(String role) {
        if (act.pointer()) {
            picture(role, act.at(), act.to());
        } else if (target.element >= 0) {
            picture(role, observation.nodes.get(target.element));
        }
    }
}
