package dev.countersign.desktop;

import dev.countersign.core.Rect;
import java.awt.image.BufferedImage;
import java.util.Objects;

/**
 * The pixels of one window as captured: the frame they came from in screen pixels and a
 * row-major {@code width*height} array of opaque ARGB values.
 */
public record WindowCapture(Rect frame, int width, int height, int[] argb) {

    public WindowCapture {
        Objects.requireNonNull(frame, "frame");
        Objects.requireNonNull(argb, "argb");
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("a capture has a positive size, got " + width + "x" + height);
        }
        if (argb.length != width * height) {
            throw new IllegalArgumentException("a capture has width*height pixels, got " + argb.length
                    + " for " + width + "x" + height);
        }
    }

    /** The ARGB value at (x, y) relative to the capture's top-left corner. */
    public int pixel(int x, int y) {
        return argb[y * width + x];
    }

    /** A copy of the pixels as an image; the copy keeps this capture immutable in practice. */
    public BufferedImage toImage() {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        image.setRGB(0, 0, width, height, argb, 0, width);
        return image;
    }
}
