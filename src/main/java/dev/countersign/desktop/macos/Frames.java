package dev.countersign.desktop.macos;

import dev.countersign.core.Rect;
import java.util.Map;

/**
 * Frames from Accessibility and CoreGraphics geometry to the SPI's integer {@link Rect}, in
 * global top-left points. Edges are rounded outward (floor of the origin, ceiling of the far
 * edge) so a fractional frame on a Retina display still covers every pixel of the element.
 */
final class Frames {
    private Frames() {
    }

    /** The element's frame from {@code AXFrame}, else {@code AXPosition} + {@code AXSize}; null when it has none. */
    static Rect of(Map<String, Object> attributes) {
        Object frame = attributes.get(AxNames.FRAME);
        if (frame instanceof AxValue.Box b) {
            return rect(b.x(), b.y(), b.width(), b.height());
        }
        Object p = attributes.get(AxNames.POSITION);
        Object s = attributes.get(AxNames.SIZE);
        if (p instanceof AxValue.Point point && s instanceof AxValue.Size size) {
            return rect(point.x(), point.y(), size.width(), size.height());
        }
        return null;
    }

    /** A rectangle from doubles, rounded outward; null for NaN, infinite or negative sizes. */
    static Rect rect(double x, double y, double width, double height) {
        if (!finite(x) || !finite(y) || !finite(width) || !finite(height) || width < 0 || height < 0) {
            return null;
        }
        long left = (long) Math.floor(x);
        long top = (long) Math.floor(y);
        long right = (long) Math.ceil(x + width);
        long bottom = (long) Math.ceil(y + height);
        if (outOfInt(left) || outOfInt(top) || outOfInt(right - left) || outOfInt(bottom - top)) {
            return null;
        }
        return new Rect((int) left, (int) top, (int) (right - left), (int) (bottom - top));
    }

    /**
     * A {@code kCGWindowBounds} dictionary ({@code X Y Width Height} as numbers) as a rectangle;
     * null when a key is missing. CoreGraphics window bounds share the AX coordinate space.
     */
    static Rect ofBoundsDictionary(Object bounds) {
        if (!(bounds instanceof Map<?, ?> m)) {
            return null;
        }
        Object x = m.get("X");
        Object y = m.get("Y");
        Object w = m.get("Width");
        Object h = m.get("Height");
        if (!(x instanceof Number left && y instanceof Number top && w instanceof Number width
                && h instanceof Number height)) {
            return null;
        }
        return rect(left.doubleValue(), top.doubleValue(), width.doubleValue(), height.doubleValue());
    }

    private static boolean finite(double d) {
        return !Double.isNaN(d) && !Double.isInfinite(d);
    }

    private static boolean outOfInt(long v) {
        return v > Integer.MAX_VALUE || v < Integer.MIN_VALUE;
    }
}
