package dev.countersign.core;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Which window of the window system is a given accessibility window, by frame: the one rule behind
 * every check that asks where input lands (keys: the X window with input focus; points: the X window
 * on top there; forwarded points: the accessibility window an X window shows).
 *
 * <p>A window manager's frame adds decorations, so the window system's frame holds the accessibility
 * frame, larger by at most {@link #DECORATION_SLACK} a dimension (a toolkit may round an edge by
 * {@link #EDGE_SLACK}). Of the windows that fit, those with the accessibility window's title come first
 * (under a window manager a window's own frame is larger by its title bar, so an undecorated window of
 * the same app laid exactly over it would otherwise fit more tightly); of those, the tightest match —
 * least summed distance between the four edges. Several tied are all returned: which of them input
 * would reach cannot be told, and a caller refuses rather than guess. A larger window that merely
 * contains the frame (another window of the same app, moved over it) is not the window.
 */
public final class WindowFit {
    /** Largest difference, per dimension, between an accessibility frame and its window system frame. */
    public static final int DECORATION_SLACK = 100;
    /** How far an accessibility frame's edge may stick out of its window system frame. */
    public static final int EDGE_SLACK = 2;

    private WindowFit() {
    }

    /** Whether the window system frame {@code outer} can be the frame of the accessibility frame {@code inner}. */
    public static boolean holds(Rect outer, Rect inner) {
        return outer != null && inner != null
                && outer.x() <= inner.x() + EDGE_SLACK && outer.y() <= inner.y() + EDGE_SLACK
                && outer.x() + outer.width() + EDGE_SLACK >= inner.x() + inner.width()
                && outer.y() + outer.height() + EDGE_SLACK >= inner.y() + inner.height()
                && outer.width() - inner.width() <= DECORATION_SLACK
                && outer.height() - inner.height() <= DECORATION_SLACK;
    }

    /**
     * The window system windows that best frame the accessibility window {@code inner} titled
     * {@code title}: of those that fit, the ones titled the same if any, the tightest of them; empty when
     * none fits.
     */
    public static <T> List<T> around(Rect inner, String title, List<T> outers, Function<T, Rect> frameOf,
            Function<T, String> titleOf) {
        List<T> fitting = outers.stream().filter(o -> holds(frameOf.apply(o), inner)).toList();
        List<T> titled = fitting.stream().filter(o -> title != null && title.equals(titleOf.apply(o))).toList();
        return tightest(inner, titled.isEmpty() ? fitting : titled, frameOf, true);
    }

    /** The accessibility windows that the window system frame {@code outer} best frames; empty when none fits. */
    public static <T> List<T> inside(Rect outer, List<T> inners, Function<T, Rect> frameOf) {
        return tightest(outer, inners, frameOf, false);
    }

    private static <T> List<T> tightest(Rect given, List<T> candidates, Function<T, Rect> frameOf, boolean givenIsInner) {
        List<T> best = new ArrayList<>();
        long bestDistance = Long.MAX_VALUE;
        for (T candidate : candidates) {
            Rect f = frameOf.apply(candidate);
            if (givenIsInner ? !holds(f, given) : !holds(given, f)) {
                continue;
            }
            long distance = Math.abs((long) f.x() - given.x()) + Math.abs((long) f.y() - given.y())
                    + Math.abs((long) f.x() + f.width() - given.x() - given.width())
                    + Math.abs((long) f.y() + f.height() - given.y() - given.height());
            if (distance < bestDistance) {
                best.clear();
                bestDistance = distance;
            }
            if (distance == bestDistance) {
                best.add(candidate);
            }
        }
        return best;
    }
}
