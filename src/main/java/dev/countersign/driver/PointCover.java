package dev.countersign.driver;

import dev.countersign.core.CountersignError;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Rect;
import dev.countersign.core.WindowFit;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.ScreenWindows;
import dev.countersign.vision.Point;
import java.util.List;
import java.util.Optional;

/**
 * Coordinates land on the topmost window at that point, not on the observed one, so
 * before the person is asked and again right before dispatch, the window the window system has
 * on top at the point (and at a drag's end) must be the observed window — of its process, the one
 * window that best frames the observed window, its title first ({@link WindowFit}: not a larger window
 * of the same app moved over it, not one of two it cannot tell apart) — or the act is refused
 * {@code TARGET_CHANGED} naming the covering window. The first check binds the act to the window it
 * found ({@link Observation#boundToScreenWindow}): a later check that finds another window, even one
 * that fits the observed window as well (a same-titled window of the app laid over it between the
 * person's Allow and the dispatch), is refused the same way. Where the backend has no window
 * stack this check cannot run; the governed app always has one on Linux, and its guard refuses
 * pointer input without one.
 */
final class PointCover {
    private PointCover() {
    }

    /** As {@link #check}, for each of {@code points} (every pixel a rounded act may land on), the first refusal. */
    static Optional<CountersignError> checkAll(DesktopBackend backend, Observation observation,
            java.util.List<Point> points, Point to) {
        for (Point p : points) {
            Optional<CountersignError> problem = check(backend, observation, p, to);
            if (problem.isPresent()) {
                return problem;
            }
        }
        return Optional.empty();
    }

    static Optional<CountersignError> check(DesktopBackend backend, Observation observation, Point point, Point to) {
        Optional<ScreenWindows> windows = backend.screenWindows();
        if (windows.isEmpty()) {
            return Optional.empty();
        }
        List<ScreenWindows.ScreenWindow> stack = windows.get().stack();
        Optional<CountersignError> first = at(stack, observation, point, "point");
        return first.isPresent() || to == null ? first : at(stack, observation, to, "to");
    }

    /** The check at one point, refused naming {@code field} (an act's {@code ref} or {@code to}). */
    static Optional<CountersignError> at(DesktopBackend backend, Observation observation, Point point, String field) {
        Optional<ScreenWindows> windows = backend.screenWindows();
        return windows.isEmpty() ? Optional.empty() : at(windows.get().stack(), observation, point, field);
    }

    private static Optional<CountersignError> at(List<ScreenWindows.ScreenWindow> stack, Observation observation,
            Point p, String field) {
        Optional<ScreenWindows.ScreenWindow> top = ScreenWindows.topmostAt(stack, p.x(), p.y());
        if (top.isEmpty()) {
            return Optional.of(CountersignError.onField(ErrorCode.TARGET_CHANGED, field,
                    "no window is on screen at (" + p.x() + ", " + p.y() + "); the observed window is not there"));
        }
        ScreenWindows.ScreenWindow w = top.get();
        Rect observed = observation.window.frame();
        boolean same = w.pid() == observation.app.pid() && WindowFit.around(observed, observation.window.title(),
                stack.stream().filter(s -> s.pid() == w.pid()).toList(), ScreenWindows.ScreenWindow::frame,
                ScreenWindows.ScreenWindow::title).equals(List.of(w));
        if (same && observation.boundToScreenWindow(w.id())) {
            return Optional.empty();
        }
        if (same) {
            return Optional.of(CountersignError.onField(ErrorCode.TARGET_CHANGED, field, "the window on top at ("
                    + p.x() + ", " + p.y() + "), '" + w.title() + "', is not the window the first check of this act"
                    + " found there; another window was laid over the observed one"));
        }
        return Optional.of(CountersignError.onField(ErrorCode.TARGET_CHANGED, field, "the point (" + p.x() + ", "
                + p.y() + ") is covered by the window '" + w.title() + "'" + (w.pid() > 0 ? " (pid " + w.pid() + ")" : "")
                + ", not the observed window '" + observation.window.title() + "'; a click there would land on it"));
    }
}
