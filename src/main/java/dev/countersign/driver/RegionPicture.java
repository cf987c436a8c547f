package dev.countersign.driver;

import dev.countersign.core.CountersignException;
import dev.countersign.core.Rect;
import dev.countersign.core.WindowFit;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.ScreenWindows;
import dev.countersign.desktop.SnapshotLimits;
import dev.countersign.desktop.TreeSnapshot;
import dev.countersign.desktop.WindowCapture;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One timeline picture of a region of the observed window, with everything it must not show
 * painted over ({@link ActPictures} scales and encodes it). What is painted is not taken from the
 * observation alone — the agent's observation is as old as the agent chose, and an app can move a
 * password field under the region after every check: every secure field of the observation, and of
 * a live read of the whole window made right before the capture and again right after it, and
 * every window the window system has above the observed one over the region (another app's dialog,
 * Countersign's own, which the backend's guard paints black too). No picture when either read is
 * cut short or fails, or the observed window cannot be told in the window stack: what cannot be
 * proven clean is not kept.
 *
 * <p>An "after" picture is captured {@link #REPAINT} after the act's verification (where it has
 * one) or once the live read before it ended, whichever is later, so a repaint still under way
 * then is pictured done; an app that repaints on a later timer
 * is pictured before it. Waiting until the region's pixels stopped changing (300 ms quiet, at most
 * 1.5 s) made every act answer about 770 ms later on `scripts/bench/observe`, and a window with a
 * blinking caret or an animation never stops changing: a record's picture is not worth that wait
 * in every act an agent makes.
 */
final class RegionPicture {
    private static final Logger LOG = LoggerFactory.getLogger(RegionPicture.class);
    private static final SnapshotLimits WHOLE_WINDOW = new SnapshotLimits(SnapshotLimits.MAX_NODES,
            SnapshotLimits.MAX_DEPTH);
    /** How long after the act's verification the "after" picture is captured, at the least. */
    static final Duration REPAINT = Duration.ofMillis(40);

    private RegionPicture() {
    }

    /**
     * The region {@code want} (screen pixels) of the observation's window now, painted over where it
     * must not show, cut from the capture; null when there is none to keep.
     *
     * @param settle capture no sooner than {@link #REPAINT} after this call, for a repaint under
     *     way (an "after" picture, taken right after the act's verification)
     */
    static BufferedImage take(DriverContext ctx, Observation observation, Rect want, boolean settle) {
        try {
            // The repaint's moment counts from here: the live read below takes its own while.
            long due = System.nanoTime() + (settle ? REPAINT.toNanos() : 0);
            List<Rect> hidden = new ArrayList<>(secureFrames(observation.nodes));
            Optional<List<Rect>> before = liveSecure(ctx, observation);
            if (before.isEmpty()) {
                return null;
            }
            hidden.addAll(before.get());
            WindowCapture capture = captureAt(ctx, observation, due);
            Optional<List<Rect>> after = liveSecure(ctx, observation);
            Optional<List<Rect>> above = windowsAbove(ctx, observation);
            if (after.isEmpty() || above.isEmpty()) {
                return null;
            }
            hidden.addAll(after.get());
            hidden.addAll(above.get());
            return cut(capture, want, hidden);
        } catch (CountersignException e) {
            LOG.debug("no timeline picture: {}", e.error().message());
            return null;
        } catch (RuntimeException e) {
            // A picture is never worth an act's receipt: the "after" one is taken once the
            // evidence is in, and a backend's fault here must not replace that evidence.
            LOG.warn("no timeline picture: the backend failed while taking it", e);
            return null;
        }
    }

    /**
     * The window's capture once {@code due} ({@link System#nanoTime}) has come (at once for a
     * "before" picture): for an "after"
     * picture {@link #REPAINT} after the act's verification ended, so a repaint that was under way
     * then (a check box drawn checked a frame after its state changed) is in it. The live read
     * before the capture counts toward that pause; where it took longer, nothing more is waited.
     */
    private static WindowCapture captureAt(DriverContext ctx, Observation observation, long due) {
        long wait = due - System.nanoTime();
        if (wait > 0) {
            try {
                Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return ctx.backend.capture(observation.window);
    }

    /** The secure fields of a live read of the whole window; empty when the read was cut short. */
    private static Optional<List<Rect>> liveSecure(DriverContext ctx, Observation observation) {
        TreeSnapshot live = ctx.backend.snapshot(observation.app, observation.window, WHOLE_WINDOW);
        return live.truncated() ? Optional.empty() : Optional.of(secureFrames(live.nodes()));
    }

    private static List<Rect> secureFrames(List<ElementNode> nodes) {
        List<Rect> out = new ArrayList<>();
        for (ElementNode node : nodes) {
            if (node.secure() && node.frame() != null) {
                out.add(node.frame());
            }
        }
        return out;
    }

    /**
     * The frames of the windows above the observed one in the window system's stack; none where the
     * backend has no stack (its capture is of the window alone). Empty when the observed window is
     * not the one window of its app that fits it.
     */
    private static Optional<List<Rect>> windowsAbove(DriverContext ctx, Observation observation) {
        Optional<ScreenWindows> windows = ctx.backend.screenWindows();
        if (windows.isEmpty()) {
            return Optional.of(List.of());
        }
        List<ScreenWindows.ScreenWindow> stack = windows.get().stack();
        List<ScreenWindows.ScreenWindow> ours = WindowFit.around(observation.window.frame(),
                observation.window.title(), stack.stream().filter(w -> w.pid() == observation.app.pid()).toList(),
                ScreenWindows.ScreenWindow::frame, ScreenWindows.ScreenWindow::title);
        if (ours.size() != 1) {
            return Optional.empty();
        }
        List<Rect> above = new ArrayList<>();
        for (ScreenWindows.ScreenWindow w : stack) {
            if (w.equals(ours.get(0))) {
                return Optional.of(above);
            }
            above.add(w.frame());
        }
        return Optional.empty();
    }

    /** {@code want} of {@code capture} with {@code hidden} painted over; null when they do not meet. */
    private static BufferedImage cut(WindowCapture capture, Rect want, List<Rect> hidden) {
        int[] box = pixelBox(capture, want);
        if (box == null) {
            return null;
        }
        Rect window = capture.frame();
        double sx = (double) capture.width() / window.width();
        double sy = (double) capture.height() / window.height();
        BufferedImage whole = capture.toImage();
        Graphics2D g = whole.createGraphics();
        try {
            g.setColor(Color.DARK_GRAY);
            for (Rect f : hidden) {
                // Painted in the whole capture, so a field only partly inside the region is covered too.
                g.fillRect((int) Math.floor((f.x() - window.x()) * sx), (int) Math.floor((f.y() - window.y()) * sy),
                        (int) Math.ceil(f.width() * sx) + 1, (int) Math.ceil(f.height() * sy) + 1);
            }
        } finally {
            g.dispose();
        }
        return whole.getSubimage(box[0], box[1], box[2], box[3]);
    }

    /** {@code want}, clipped to the captured window, in capture pixels {x, y, w, h}; null when outside. */
    private static int[] pixelBox(WindowCapture capture, Rect want) {
        Rect window = capture.frame();
        int x0 = Math.max(window.x(), want.x());
        int y0 = Math.max(window.y(), want.y());
        int x1 = Math.min(window.x() + window.width(), want.x() + want.width());
        int y1 = Math.min(window.y() + window.height(), want.y() + want.height());
        if (x1 <= x0 || y1 <= y0 || window.width() == 0 || window.height() == 0) {
            return null;
        }
        double sx = (double) capture.width() / window.width();
        double sy = (double) capture.height() / window.height();
        int px = clamp((int) Math.floor((x0 - window.x()) * sx), capture.width() - 1);
        int py = clamp((int) Math.floor((y0 - window.y()) * sy), capture.height() - 1);
        int pw = Math.max(1, Math.min(capture.width() - px, (int) Math.ceil((x1 - x0) * sx)));
        int ph = Math.max(1, Math.min(capture.height() - py, (int) Math.ceil((y1 - y0) * sy)));
        return new int[] {px, py, pw, ph};
    }

    private static int clamp(int v, int max) {
        return Math.max(0, Math.min(max, v));
    }
}
