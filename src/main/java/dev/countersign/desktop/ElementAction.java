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
}
