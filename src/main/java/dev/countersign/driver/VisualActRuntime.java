package dev.countersign.driver;

import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.ApprovalGrant;
import dev.countersign.core.ControlLease;
import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.ExecutionReceipt;
import dev.countersign.core.ReceiptVerification;
import dev.countersign.core.TargetReservation;
import dev.countersign.desktop.PointerInput;
import dev.countersign.vision.Geometry;
import dev.countersign.vision.Point;

/**
 * The local runtime for one {@code computer_visual_act}: synthetic pointer input at the screen
 * point the stored geometry gave. Its receipt is always {@code unknown}: there is no element to
 * re-read, so the agent must observe again and never retry blindly.
 */
final class VisualActRuntime extends LocalRuntime {
    private final Geometry geometry;
    private final VisualArgs.Act args;
    private final Point point;
    private final Point to;
    private final VisualFlow checks;

    VisualActRuntime(DriverContext ctx, Observation observation, Geometry geometry, VisualArgs.Act args, Point point,
            Point to, long validityMs, VisualFlow checks) {
        super(ctx, observation, validityMs);
        this.geometry = geometry;
        this.args = args;
        this.point = point;
        this.to = to;
        this.checks = checks;
    }

    @Override
    public ExecutionReceipt executeAction(ActionEnvelope envelope, ControlLease lease, TargetReservation reservation,
            ApprovalGrant approval) {
        lastCheck(reservation, approval);
        // Re-check the same window again right before dispatch: a moved window moves the point,
        // and the window may have grown a password field under it.
        beforeDispatch(() -> checks.windowChange(observation, geometry)).ifPresent(error -> {
            throw new DispatchRefusedException(error);
        });
        beforeDispatch(() -> SecureProbe.at(ctx, observation, point, to)).ifPresent(error -> {
            throw new DispatchRefusedException(error);
        });
        // Last: the window at the point is still the observed one, nothing was raised over it.
        beforeDispatch(() -> PointCover.check(ctx.backend, observation, point, to)).ifPresent(error -> {
            throw new DispatchRefusedException(error);
        });
        return dispatched(envelope, lease, reservation, approval, () -> ctx.backend.pointer(input()));
    }

    @Override
    public ReceiptVerification verify(ActionEnvelope envelope, ExecutionReceipt receipt) {
        return null;
    }

    private PointerInput input() {
        return args.input(point, to);
    }
}
