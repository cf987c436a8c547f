package dev.countersign.desktop.macos;

import dev.countersign.core.Rect;
import java.util.List;
import java.util.Objects;

/**
 * The active displays in global top-left coordinates (points): the main display's top-left is
 * (0, 0) and a display left of or above it has negative coordinates. Each display carries its
 * backing scale factor (2 on Retina), which is how many captured pixels make one point there.
 */
record Displays(List<Display> displays) {

    /** One display: its bounds in global points ({@code CGDisplayBounds}) and its pixels per point. */
    record Display(Rect bounds, double scale) {
        Display {
            Objects.requireNonNull(bounds, "bounds");
            if (!(scale > 0)) {
                throw new IllegalArgumentException("a display's scale is positive, got " + scale);
            }
        }
    }

    Displays {
        displays = List.copyOf(displays);
    }

    /** Whether any part of the rectangle is on some display: what "showing" means for an element. */
    boolean showing(Rect r) {
        if (r == null || r.isEmpty()) {
            return false;
        }
        for (Display d : displays) {
            if (overlap(d.bounds(), r) > 0) {
                return true;
            }
        }
        return false;
    }

    /** Whether the point lies on some display; a synthetic event elsewhere would be clamped to an edge. */
    boolean contains(int x, int y) {
        for (Display d : displays) {
            if (d.bounds().contains(x, y)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The scale of the display that shows most of the rectangle (ties: the first listed, which
     * {@code CGGetActiveDisplayList} gives main-first), or 1 when it is on none. A window spanning
     * two displays is captured at the larger scale; this is the one it mostly lives on.
     */
    double scaleFor(Rect r) {
        double best = 1;
        long bestArea = 0;
        for (Display d : displays) {
            long a = overlap(d.bounds(), r);
            if (a > bestArea) {
                bestArea = a;
                best = d.scale();
            }
        }
        return best;
    }

    private static long overlap(Rect a, Rect b) {
        long w = Math.min((long) a.x() + a.width(), (long) b.x() + b.width()) - Math.max(a.x(), b.x());
        long h = Math.min((long) a.y() + a.height(), (long) b.y() + b.height()) - Math.max(a.y(), b.y());
        return w > 0 && h > 0 ? w * h : 0;
    }
}
