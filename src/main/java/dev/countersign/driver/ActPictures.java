package dev.countersign.driver;

import dev.countersign.core.CountersignException;
import dev.countersign.core.Rect;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.WindowCapture;
import dev.countersign.vision.Png;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import javax.imageio.ImageIO;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A small picture of an act's target region for the Activity timeline: the target's frame with a
 * margin, cut from a capture of the observed window and scaled to at most {@link #MAX_WIDTH} by
 * {@link #MAX_HEIGHT}. Never of a secure field: every secure element the observation holds is
 * painted over, and the target itself is never one (the act is refused first); Countersign's own
 * windows are already painted black by the backend's guard (SelfTargetGuard). No picture when the
 * person turned them off, or when the window cannot be captured.
 */
final class ActPictures {
    private static final Logger LOG = LoggerFactory.getLogger(ActPictures.class);
    static final int MARGIN = 32;
    static final int MAX_WIDTH = 240;
    static final int MAX_HEIGHT = 140;

    private ActPictures() {
    }

    /** The PNG of {@code target}'s region of the observed window now, or null (off, secure, no capture). */
    static byte[] region(DriverContext ctx, Observation observation, ElementNode target) {
        if (!ctx.pictureRules().on() || target == null || target.secure() || target.frame() == null) {
            return null;
        }
        WindowCapture capture;
        try {
            capture = ctx.backend.capture(observation.window);
        } catch (CountersignException e) {
            LOG.debug("no timeline picture: {}", e.error().message());
            return null;
        }
        Rect window = capture.frame();
        Rect want = target.frame();
        int x0 = Math.max(window.x(), want.x() - MARGIN);
        int y0 = Math.max(window.y(), want.y() - MARGIN);
        int x1 = Math.min(window.x() + window.width(), want.x() + want.width() + MARGIN);
        int y1 = Math.min(window.y() + window.height(), want.y() + want.height() + MARGIN);
        if (x1 <= x0 || y1 <= y0 || window.width() == 0 || window.height() == 0) {
            return null;
        }
        double sx = (double) capture.width() / window.width();
        double sy = (double) capture.height() / window.height();
        BufferedImage whole = capture.toImage();
        Graphics2D g = whole.createGraphics();
        try {
            g.setColor(Color.DARK_GRAY);
            for (ElementNode node : observation.nodes) {
                Rect f = node.frame();
                if (node.secure() && f != null) {
                    // Painted over in the whole capture, so a field only partly inside the region is covered too.
                    g.fillRect((int) Math.floor((f.x() - window.x()) * sx), (int) Math.floor((f.y() - window.y()) * sy),
                            (int) Math.ceil(f.width() * sx) + 1, (int) Math.ceil(f.height() * sy) + 1);
                }
            }
        } finally {
            g.dispose();
        }
        int px = clamp((int) Math.floor((x0 - window.x()) * sx), capture.width() - 1);
        int py = clamp((int) Math.floor((y0 - window.y()) * sy), capture.height() - 1);
        int pw = Math.max(1, Math.min(capture.width() - px, (int) Math.ceil((x1 - x0) * sx)));
        int ph = Math.max(1, Math.min(capture.height() - py, (int) Math.ceil((y1 - y0) * sy)));
        return Png.encode(small(whole.getSubimage(px, py, pw, ph), MAX_WIDTH, MAX_HEIGHT));
    }

    /** The longest side a kept question picture keeps: its marks stay legible, its file small. */
    static final int QUESTION_MAX_WIDTH = 480;
    static final int QUESTION_MAX_HEIGHT = 300;

    /**
     * The marked capture the person was asked with, scaled down to at most
     * {@link #QUESTION_MAX_WIDTH} by {@link #QUESTION_MAX_HEIGHT} for keeping; null when it is not
     * an image.
     */
    static byte[] question(byte[] png) {
        BufferedImage image;
        try {
            image = ImageIO.read(new ByteArrayInputStream(png));
        } catch (IOException e) {
            return null;
        }
        return image == null ? null : Png.encode(small(image, QUESTION_MAX_WIDTH, QUESTION_MAX_HEIGHT));
    }

    private static int clamp(int v, int max) {
        return Math.max(0, Math.min(max, v));
    }

    private static BufferedImage small(BufferedImage region, int maxWidth, int maxHeight) {
        double scale = Math.min(1.0, Math.min((double) maxWidth / region.getWidth(),
                (double) maxHeight / region.getHeight()));
        int w = Math.max(1, (int) Math.round(region.getWidth() * scale));
        int h = Math.max(1, (int) Math.round(region.getHeight() * scale));
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = out.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
            g.drawImage(region, 0, 0, w, h, null);
        } finally {
            g.dispose();
        }
        return out;
    }
}
