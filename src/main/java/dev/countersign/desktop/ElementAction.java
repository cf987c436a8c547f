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

    /**
     * Select the element in its container (a list's item, a table's row or cell, a tree's node), as
     * a person's click on it would: replacing the container's selection, or adding to it when
     * {@code extend}. Selecting changes no data.
     */
    record Select(boolean extend) implements ElementAction {
    }

    /** Select characters of the element's own text; always refused on a secure element. */
    record SelectText(TextRange range) implements ElementAction {
        public SelectText {
            Objects.requireNonNull(range, "range");
        }
    }

    /** Replace the element's value; always refused on a secure element. */
    record SetValue(String text) implements ElementAction {
        public SetValue {
            Objects.requireNonNull(text, "text");
        }
    }
}
