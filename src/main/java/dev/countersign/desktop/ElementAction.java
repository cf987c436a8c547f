package dev.countersign.desktop;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

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

    /**
     * Open the element's context menu through its own accessible action: AT-SPI's {@code ShowMenu}
     * (Qt), {@code popup}, {@code showContextMenu} (Chromium), macOS's {@code AXShowMenu}. Only an
     * element that {@link #offeredBy offers} one; nothing else is sent in its place.
     */
    record ShowMenu() implements ElementAction {
        /** The action names that open a menu, as letters only in lower case ({@code AXShowMenu} → showmenu). */
        private static final Set<String> NAMES = Set.of("showmenu", "showcontextmenu", "contextmenu", "popup",
                "popupmenu", "menu");

        /** Whether one of these action names (as the platform spells them) opens the element's menu. */
        public static boolean offeredBy(List<String> actions) {
            return indexIn(actions) >= 0;
        }

        /** The index of the first action that opens a menu, or -1. */
        public static int indexIn(List<String> actions) {
            for (int i = 0; i < actions.size(); i++) {
                if (NAMES.contains(letters(actions.get(i)))) {
                    return i;
                }
            }
            return -1;
        }

        private static String letters(String name) {
            String l = name == null ? "" : name.toLowerCase(Locale.ROOT).replaceAll("[^a-z]", "");
            return l.startsWith("ax") ? l.substring(2) : l;
        }
    }

    /**
     * Insert text at the element's caret through the accessibility API, erasing nothing (a
     * selection is collapsed to its end first); always refused on a secure element. A backend
     * without such a route refuses it {@code INVALID_ARGUMENT} before anything is sent, and the
     * driver then types at the caret on the keyboard instead.
     */
    record InsertText(String text) implements ElementAction {
        public InsertText {
            Objects.requireNonNull(text, "text");
        }
    }

    /** Replace the element's value; always refused on a secure element. */
    record SetValue(String text) implements ElementAction {
        public SetValue {
            Objects.requireNonNull(text, "text");
        }
    }
}
