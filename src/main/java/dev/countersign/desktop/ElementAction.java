package dev.countersign.desktop;

import java.util.Objects;

/** An action a backend performs on one element through the accessibility API. */
public sealed interface ElementAction {

    /** The element's default action: press a button, toggle a check box, activate an entry. */
    record Press() implements ElementAction {
    }

    /** Move keyboard focus to the element. */
    record Focus() implements ElementAction {
    }

    /** Replace the element's value; always refused on a secure element. */
    record SetValue(String text) implements ElementAction {
        public SetValue {
            Objects.requireNonNull(text, "text");
        }
    }

    /** Scroll the element's content by {@code amount} steps (1–50). */
    record Scroll(ScrollDirection direction, int amount) implements ElementAction {
        public Scroll {
            Objects.requireNonNull(direction, "direction");
            if (amount < 1 || amount > 50) {
                throw new IllegalArgumentException("scroll amount is 1..50, got " + amount);
            }
        }
    }
}
