package dev.countersign.driver;

import dev.countersign.core.Rect;
import dev.countersign.desktop.ElementNode;
import dev.countersign.vision.Png;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Iterator;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The small pictures of an act for the Activity timeline: the target's region — an element's frame,
 * or for coordinate input the point (and a drag's end) — with a margin, taken by
 * {@link RegionPicture} (secure fields and windows above painted over, "after" a moment later) and
 * scaled to at most {@link #MAX_WIDTH} by {@link #MAX_HEIGHT}; the question's marked capture
 * scaled for keeping; and pictures another machine sent, checked and scaled the same way. No
 * picture when the person turned them off, or when the window cannot be captured.
 */
final class ActPictures {
    private static final Logger LOG = LoggerFactory.getLogger(ActPictures.class);
    static final int MARGIN = 32;
    /** The margin around a coordinate act's point: there is no element frame to show, only where it landed. */
    static final int POINT_MARGIN = 48;
    static final int MAX_WIDTH = 240;
    static final int MAX_HEIGHT = 140;
    /**
     * The largest picture another machine may send, in pixels a side, before it is even decoded:
     * its own are at most {@link #MAX_WIDTH} by {@link #MAX_HEIGHT}, and a small PNG of one colour
     * can claim a size whose decoding alone would take hundreds of MB.
     */
    static final int RECEIVED_MAX_SIDE = 1024;

    private ActPictures() {
    }

    /** The PNG of {@code target}'s region of the observed window now, or null (off, secure, no capture). */
    static byte[] region(DriverContext ctx, Observation observation, ElementNode target, boolean settle) {
        if (target == null || target.secure() || target.frame() == null) {
            return null;
        }
        return region(ctx, observation, grown(target.frame(), MARGIN), settle);
    }

    /** The PNG of the region around {@code point} (and {@code to}, nullable), or null (off, no capture). */
    static byte[] around(DriverContext ctx, Observation observation, Rect point, Rect to, boolean settle) {
        if (point == null) {
            return null;
        }
        Rect area = to == null ? point : union(point, to);
        return region(ctx, observation, grown(area, POINT_MARGIN), settle);
    }

    private static byte[] region(DriverContext ctx, Observation observation, Rect want, boolean settle) {
        if (!ctx.pictureRules().on()) {
            return null;
        }
        BufferedImage region = RegionPicture.take(ctx, observation, want, settle);
        return region == null ? null : Png.encode(small(region, MAX_WIDTH, MAX_HEIGHT));
    }

    static Rect grown(Rect r, int margin) {
        return new Rect(r.x() - margin, r.y() - margin, r.width() + 2 * margin, r.height() + 2 * margin);
    }

    private static Rect union(Rect a, Rect b) {
        int x0 = Math.min(a.x(), b.x());
        int y0 = Math.min(a.y(), b.y());
        int x1 = Math.max(a.x() + a.width(), b.x() + b.width());
        int y1 = Math.max(a.y() + a.height(), b.y() + b.height());
        return new Rect(x0, y0, x1 - x0, y1 - y0);
    }

    /**
     * A picture another machine sent for an act it ran: kept only if it is a PNG no larger than
     * {@link #RECEIVED_MAX_SIDE} a side (read from its header, before decoding), and re-encoded
     * here at most {@link #MAX_WIDTH} by {@link #MAX_HEIGHT}, so a far side cannot fill this
     * machine's memory or its picture cap; null otherwise.
     */
    static byte[] received(byte[] png) {
        if (png == null) {
            return null;
        }
        try (ImageInputStream in = ImageIO.createImageInputStream(new ByteArrayInputStream(png))) {
            Iterator<ImageReader> readers = ImageIO.getImageReadersByFormatName("png");
            if (in == null || !readers.hasNext()) {
                return null;
            }
            ImageReader reader = readers.next();
            try {
                reader.setInput(in, true, true);
                if (reader.getWidth(0) > RECEIVED_MAX_SIDE || reader.getHeight(0) > RECEIVED_MAX_SIDE) {
                    LOG.info("a picture another machine sent is {}x{}; not kept", reader.getWidth(0),
                            reader.getHeight(0));
                    return null;
                }
                return Png.encode(small(reader.read(0), MAX_WIDTH, MAX_HEIGHT));
            } finally {
                reader.dispose();
            }
        } catch (IOException | RuntimeException e) {
            LOG.info("a picture another machine sent is not a readable PNG: {}", e.getMessage());
            return null;
        }
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
