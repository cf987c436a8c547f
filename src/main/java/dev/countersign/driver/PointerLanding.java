package dev.countersign.driver;

import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.PointHit;
import dev.countersign.vision.Point;
import java.util.Optional;

/**
 * Where an element act's pointer input would land, checked before the person is asked and again
 * right before dispatch: the observed window is on top at the point ({@link PointCover}), and,
 * for a click that stands for the element (an element without an action reached by the pointer,
 * {@link Reach#POINTER}), the accessibility API's hit test finds the element itself there — not
 * a sibling laid over it, not a popup of the same window. So the click the policy judged by the
 * element's labels is a click on that element; anywhere else it is refused {@code TARGET_CHANGED}
 * naming what is there, and nothing is sent. A backend that cannot hit-test refuses with its own
 * code ({@code UNSUPPORTED_PLATFORM}).
 */
final class PointerLanding {
    private PointerLanding() {
    }

    static Optional<CountersignError> check(DriverContext ctx, Observation observation, ActArgs args,
            ElementNode target) {
        Point at = args.pointerAt(target);
        if (at == null) {
            return Optional.empty();
        }
        Optional<CountersignError> covered = PointCover.check(ctx.backend, observation, at, null);
        if (covered.isPresent() || !args.pointsAtElement()) {
            return covered;
        }
        PointHit hit;
        try {
            hit = ctx.backend.hitTest(target.handle(), at.x(), at.y());
        } catch (CountersignException e) {
            return Optional.of(e.error());
        }
        if (hit.onElement()) {
            return Optional.empty();
        }
        return Optional.of(CountersignError.onField(ErrorCode.TARGET_CHANGED, "ref", "a click at the element's centre ("
                + at.x() + ", " + at.y() + ") would not land on it: " + hit.found() + "; nothing was sent"));
    }
}
