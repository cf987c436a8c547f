package dev.countersign.desktop.linux;

import dev.countersign.desktop.FocusProof;
import java.util.function.Supplier;

/**
 * Waits, briefly and boundedly, until focus has settled where it was sent: AT-SPI's
 * {@code focused} state on the element and X11 input focus on the element's own top-level window
 * (not merely a window of its process: a key "to" one window of an app must not land in another,
 * such as the same app's password prompt).
 * Focus changes arrive asynchronously (the toolkit handles the request on its main loop), so one
 * immediate read would refuse too often; a bound keeps a refusal fast.
 */
final class FocusCheck {
    static final long SETTLE_MS = 2000;
    /**
     * How long the element may take to report focus in a window known not to report it (GTK 2,
     * Qt item views), once the window holds input focus: long enough for the focus request to land
     * (and one re-request), not the whole bound.
     */
    static final long SILENT_MS = 400;
    private static final long POLL_MS = 20;

    private FocusCheck() {
    }

    static FocusProof settle(Supplier<RawNode> reread, X11Focus focus, long pid, long targetWindow, Runnable regrab) {
        return settle(reread, focus, pid, targetWindow, regrab, SETTLE_MS);
    }

    /**
     * As {@link #settle(Supplier, X11Focus, long, long, Runnable)}; once the window holds input
     * focus, the element's own report is awaited at most {@code elementMs} (the whole bound at most).
     */
    static FocusProof settle(Supplier<RawNode> reread, X11Focus focus, long pid, long targetWindow, Runnable regrab,
            long elementMs) {
        long start = System.nanoTime();
        long end = start + SETTLE_MS * 1_000_000;
        int regrabs = 0;
        while (true) {
            RawNode n = reread.get();
            boolean element = !n.gone() && AtspiNames.has(n.stateBits, AtspiNames.STATE_FOCUSED);
            X11Focus.Focused window = focus.focused();
            boolean ours = window != null && window.pid() == pid && window.window() == targetWindow;
            // A toolkit may drop a focus request that arrives before its window has taken input
            // focus (Firefox): once the window is ours, the element is asked again, at most twice.
            long elapsedMs = (System.nanoTime() - start) / 1_000_000;
            if (ours && !element && regrabs < 2 && elapsedMs > 150L * (regrabs + 1)) {
                regrab.run();
                regrabs++;
            }
            if ((element && ours) || System.nanoTime() > end || (ours && elapsedMs > elementMs)) {
                String detail = "element " + (element ? "focused" : "not focused") + " (AT-SPI); X11 "
                        + (window == null ? "no window has input focus"
                        : "input focus on window 0x" + Long.toHexString(window.window()) + " of pid " + window.pid()
                        + " (" + window.how() + ")" + (ours ? "" : window.pid() == pid
                        ? ", another window of the target's process, not the target's window 0x"
                        + Long.toHexString(targetWindow) : ", not the target's pid " + pid));
                return new FocusProof(element, ours, detail);
            }
            try {
                Thread.sleep(POLL_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new FocusProof(false, false, "interrupted while focus settled");
            }
        }
    }
}
