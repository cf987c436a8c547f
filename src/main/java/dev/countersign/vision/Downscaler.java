package dev.countersign.vision;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;

/**
 * Produces the opaque RGB attachment from a capture. Bilinear scaling is sharp and fast for the
 * usual mild downscales; below one half it halves in bilinear steps first, because a single
 * bilinear step that far skips source pixels and thin text turns to noise.
 */
final class Downscaler {
    private Downscaler() {
    }

    /**
     * A new TYPE_INT_RGB image of the geometry's attachment size. Transparent capture pixels
     * (e.g. rounded corners) are composited over white, the colour most window backgrounds have.
     */
    static BufferedImage toAttachment(BufferedImage capture, Geometry geometry) {
        BufferedImage source = capture;
        int w = capture.getWidth();
        int h = capture.getHeight();
        while (w / 2 >= geometry.attachmentWidth() && h / 2 >= geometry.attachmentHeight()
                && w / 2 > 0 && h / 2 > 0) {
            w /= 2;
            h /= 2;
            source = draw(source, w, h);
        }
        return draw(source, geometry.attachmentWidth(), geometry.attachmentHeight());
    }

    private static BufferedImage draw(BufferedImage source, int w, int h) {
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = out.createGraphics();
        try {
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, w, h);
            if (w == source.getWidth() && h == source.getHeight()) {
                g.drawImage(source, 0, 0, null);
            } else {
                g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
                g.drawImage(source, 0, 0, w, h, null);
            }
        } finally {
            g.dispose();
        }
        return out;
    }
}
