package dev.countersign.driver;

import dev.countersign.core.Rect;
import dev.countersign.desktop.ElementNode;
import dev.countersign.vision.Point;

/**
 * One point where an act's pointer input will land and the element it must land on: a right
 * click's point on the element whose menu it opens, each end of a drag. {@code field} names the
 * argument the element came from ({@code ref}, {@code to}) in a refusal; {@code point} is null
 * when the element has no frame on screen, which refuses the input.
 */
record PointerAim(String field, Point point, ElementNode element) {

    /** The element's centre, as the aim at it. */
    static PointerAim centreOf(String field, ElementNode element) {
        return new PointerAim(field, centre(element), element);
    }

    /** The centre of the element's frame, in screen pixels; null without one. */
    static Point centre(ElementNode element) {
        Rect f = element.frame();
        return f == null || f.isEmpty() ? null : new Point(f.centerX(), f.centerY());
    }
}
