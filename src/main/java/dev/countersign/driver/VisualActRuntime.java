package dev.countersign.driver;

import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.CountersignError;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Rect;
import dev.countersign.core.ApprovalGrant;
import dev.countersign.core.ControlLease;
import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.ExecutionReceipt;
import dev.countersign.core.ReceiptVerification;
import dev.countersign.core.TargetReservation;
import dev.countersign.desktop.PointHit;
import dev.countersign.desktop.PointerInput;
import dev.countersign.desktop.SnapshotLimits;
import dev.countersign.desktop.TreeSnapshot;
import dev.countersign.vision.Geometry;
import dev.countersign.vision.Point;
import java.util.Optional;

/**
 * The local runtime for one {@code computer_visual_act}: synthetic pointer input at the screen
 * point the stored geometry gave. Its receipt is always {@code unknown}: there is no element to
 * re-read, so the agent must observe again and never retry blindly. A click judged by the elements
 * at its point ({@link PointTargets}) is dispatched only if a fresh read of the window still has
 * those elements there and the application's own hit test still finds what it found.
 */
final class VisualActRuntime extends LocalRuntime {
    private static final SnapshotLimits WHOLE_WINDOW = new SnapshotLimits(SnapshotLimits.MAX_NODES,
            SnapshotLimits.MAX_DEPTH);
    private final Geometry geometry;
    private final VisualArgs.Act args;
    private final Point point;
    private final Point to;
    private final VisualFlow checks;
    /** The elements a click was judged by, or null for acts judged by coordinates only. */
    private final PointTargets targets;
    /** What the application's own hit test found when the click was judged; null when not asked. */
    private final PointHit hit;

    VisualActRuntime(DriverContext ctx, Observation observation, Geometry geometry, VisualArgs.Act args, Point point,
            Point to, long validityMs, VisualFlow checks, PointTargets targets, PointHit hit) {
        super(ctx, observation, validityMs);
        this.targets = targets;
        this.hit = hit;
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
        // The timeline's "before": the region around the point, taken before the window's checks
        // below, so nothing slow runs between them and the input.
        picture(BEFORE, pointRect(point), to == null ? null : pointRect(to));
        // Re-check the same window again right before dispatch: a moved window moves the point,
        // and the window may have grown a password field under it.
        beforeDispatch(() -> checks.windowChange(observation, geometry)).ifPresent(error -> {
            throw new DispatchRefusedException(error);
        });
        // One live read of the whole window: no secure field under the points, and for a click judged
        // by its elements the same elements at the point, with the app's hit test agreeing as it did.
        beforeDispatch(this::liveChecks).ifPresent(error -> {
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
        // No evidence to gather; the timeline's "after" once the region settled.
        picture(AFTER, pointRect(point), to == null ? null : pointRect(to));
        return null;
    }

    static Rect pointRect(Point p) {
        return new Rect(p.x(), p.y(), 1, 1);
    }

    private Optional<CountersignError> liveChecks() {
        TreeSnapshot live = ctx.backend.snapshot(observation.app, observation.window, WHOLE_WINDOW);
        Optional<CountersignError> secure = SecureProbe.in(live, point, to);
        if (secure.isPresent() || targets == null) {
            return secure;
        }
        if (!targets.sameIn(observation.nodes, live.nodes(), point.x(), point.y())) {
            return Optional.of(CountersignError.onField(ErrorCode.TARGET_CHANGED, "point",
                    "a different element is at the point now"));
        }
        if (hit == null) {
            return Optional.empty();
        }
        PointHit again = targets.hitTest(ctx.backend, observation.nodes, new Rect(point.x(), point.y(), 1, 1));
        return again.equals(hit) ? Optional.empty() : Optional.of(CountersignError.onField(ErrorCode.TARGET_CHANGED,
                "point", "the application's own hit test finds " + again.found() + " at the point now, not "
                        + hit.found()));
    }

    private PointerInput input() {
        return args.input(point, to);
    }
}
