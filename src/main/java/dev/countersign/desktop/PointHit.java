package dev.countersign.desktop;

import java.util.Objects;

/**
 * Where a screen point lands inside an element's window, as the accessibility API's own hit test
 * answers ({@link DesktopBackend#hitTest}): on the element (it or one of its descendants is the
 * deepest element there), or on something else, which {@code found} names for the agent. Pointer
 * input aimed at an element is sent only on the first answer.
 */
public record PointHit(boolean onElement, String found) {

    public PointHit {
        Objects.requireNonNull(found, "found");
    }

    /** The point lands on the element; {@code found} names the deepest element there. */
    public static PointHit on(String found) {
        return new PointHit(true, found);
    }

    /** The point lands elsewhere; {@code found} says what is there (or why the element's window is not known). */
    public static PointHit elsewhere(String found) {
        return new PointHit(false, found);
    }
}
