package dev.countersign.desktop.macos;

import dev.countersign.core.Rect;
import java.util.List;

/**
 * Finds the CoreGraphics window number of an AX window when the private
 * {@code _AXUIElementGetWindow} is unavailable: among the owner's layer-0 windows, the one whose
 * bounds equal the AX frame, preferring a matching title when several share the bounds (tabs of
 * one app stacked at the same place). The front-most candidate wins the remaining ties.
 */
final class WindowMatch {
    /** Bounds can differ by rounding between the two APIs on fractional frames. */
    private static final int TOLERANCE = 1;

    private WindowMatch() {
    }

    /** The matching window number, or -1 when no window of this pid has this frame. */
    static int number(long pid, Rect axFrame, String axTitle, List<CgWindow> frontToBack) {
        int boundsOnly = -1;
        for (CgWindow w : frontToBack) {
            if (w.pid() != pid || !w.applicationWindow() || !close(w.bounds(), axFrame)) {
                continue;
            }
            if (axTitle != null && axTitle.equals(w.title())) {
                return w.number();
            }
            if (boundsOnly < 0) {
                boundsOnly = w.number();
            }
        }
        return boundsOnly;
    }

    static boolean close(Rect a, Rect b) {
        return a != null && b != null && Math.abs(a.x() - b.x()) <= TOLERANCE && Math.abs(a.y() - b.y()) <= TOLERANCE
                && Math.abs(a.width() - b.width()) <= TOLERANCE && Math.abs(a.height() - b.height()) <= TOLERANCE;
    }
}
