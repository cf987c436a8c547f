package dev.countersign.driver;

import dev.countersign.core.CountersignError;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.SnapshotLimits;
import dev.countersign.desktop.TreeSnapshot;
import dev.countersign.vision.Point;
import java.util.List;
import java.util.Optional;

/**
 * Proves, from a live read of the whole window, that a coordinate act does not land on a secure
 * field. The agent's own observation is not enough: its bounds were the agent's choice.
 */
final class SecureProbe {
    private static final SnapshotLimits WHOLE_WINDOW = new SnapshotLimits(SnapshotLimits.MAX_NODES, SnapshotLimits.MAX_DEPTH);

    private SecureProbe() {
    }

    /** Refuses when {@code point} or {@code to} (nullable) lies on a secure element, or when that cannot be ruled out. */
    static Optional<CountersignError> at(DriverContext ctx, Observation observation, Point point, Point to) {
        return in(ctx.backend.snapshot(observation.app, observation.window, WHOLE_WINDOW), point, to);
    }

    /** As {@link #at}, in {@code live}, a read of the whole window the caller already made. */
    static Optional<CountersignError> in(TreeSnapshot live, Point point, Point to) {
        // Fail closed (in anyOf): an unread part of the window could hold the password field.
        return anyOf(List.of(point), live, "point")
                .or(() -> to == null ? Optional.empty() : anyOf(List.of(to), live, "to"));
    }

    /**
     * Refuses (naming {@code field}) when any of {@code points} lies on a secure element of
     * {@code live}, a read of the whole window, or when that cannot be ruled out.
     */
    static Optional<CountersignError> anyOf(List<Point> points, TreeSnapshot live, String field) {
        if (live.truncated()) {
            return Optional.of(CountersignError.onField(ErrorCode.SECURE_FIELD_REFUSED, field,
                    "the window is too large to prove the point is not on a secure field"));
        }
        for (Point p : points) {
            for (var node : live.nodes()) {
                if (node.secure() && node.frame() != null && node.frame().contains(p.x(), p.y())) {
                    return Optional.of(CountersignError.onField(ErrorCode.SECURE_FIELD_REFUSED, field,
                            "the point lies on a secure (password) field; Countersign never acts on one"));
                }
            }
        }
        return Optional.empty();
    }
}
