package dev.countersign.desktop;

import java.util.Objects;

/** Synthetic pointer input at native screen coordinates. */
public sealed interface PointerInput {

    /** Move to (x, y) and click {@code count} times (1–3). */
    record Click(int x, int y, MouseButton button, int count) implements PointerInput {
        public Click {
            Objects.requireNonNull(button, "button");
            if (count < 1 || count > 3) {
                throw new IllegalArgumentException("click count is 1..3, got " + count);
            }
        }
    }

    /** Press the left button at (fromX, fromY), move to (toX, toY) and release there. */
    record Drag(int fromX, int fromY, int toX, int toY) implements PointerInput {
    }

    /** Move to (x, y) and turn the wheel {@code amount} steps (1–50). */
    record Scroll(int x, int y, ScrollDirection direction, int amount) implements PointerInput {
        public Scroll {
            Objects.requireNonNull(direction, "direction");
            if (amount < 1 || amount > 50) {
                throw new IllegalArgumentException("scroll amount is 1..50, got " + amount);
            }
        }
    }

    static PointerInput click(int x, int y) {
        return new Click(x, y, MouseButton.LEFT, 1);
    }
}
