package dev.countersign.govern;

import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Rect;

/**
 * Where a point in a governed server's screenshot lands on the screen. A raw server shrinks its
 * screenshot to fit a model's limits ({@code floor(screen × s)}) and scales the agent's point back
 * with its own {@code 1/s}, which Countersign does not know exactly: from the image and screen
 * sizes, {@code 1/s} lies in {@code (W/(w+1), W/w]} on each axis, so the point lands somewhere in
 * a box of a pixel or two. Countersign judges the whole box: every pixel it may land on must be
 * the same element (the driver checks its corners).
 */
final class CoordinateSpace {
    private CoordinateSpace() {
    }

    /** The native pixels the point {@code (x, y)} of an {@code imageW × imageH} screenshot may land on. */
    static Rect area(String field, int x, int y, int imageW, int imageH, Rect screen) {
        if (x < 0 || y < 0 || x >= imageW || y >= imageH) {
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, field,
                    "the point (" + x + ", " + y + ") is outside the last screenshot (" + imageW + " \u00d7 " + imageH + ")"));
        }
        int sw = screen.width();
        int sh = screen.height();
        if (imageW == sw && imageH == sh) {
            return new Rect(screen.x() + x, screen.y() + y, 1, 1);
        }
        double lo = Math.max((double) sw / (imageW + 1), (double) sh / (imageH + 1));
        double hi = Math.min((double) sw / imageW, (double) sh / imageH);
        if (!(lo < hi)) {
            // The two axes disagree (not one uniform shrink): take the union, still a sound bound.
            double l = Math.min((double) sw / (imageW + 1), (double) sh / (imageH + 1));
            hi = Math.max((double) sw / imageW, (double) sh / imageH);
            lo = l;
        }
        int x0 = (int) Math.floor(x * lo + 0.5);
        int x1 = (int) Math.floor(x * hi + 0.5);
        int y0 = (int) Math.floor(y * lo + 0.5);
        int y1 = (int) Math.floor(y * hi + 0.5);
        x1 = Math.min(x1, sw - 1);
        y1 = Math.min(y1, sh - 1);
        return new Rect(screen.x() + x0, screen.y() + y0, x1 - x0 + 1, y1 - y0 + 1);
    }
}
