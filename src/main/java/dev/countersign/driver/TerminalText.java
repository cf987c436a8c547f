package dev.countersign.driver;

import dev.countersign.core.CountersignError;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.ElementNode;
import java.util.Locale;
import java.util.Optional;

/**
 * What {@code type} may send to a terminal. A terminal runs what it reads: a newline or carriage
 * return runs the line, ESC starts an escape sequence, Ctrl+C (U+0003) interrupts, Ctrl+D (U+0004)
 * ends the shell. Typed into a terminal, text is therefore printable characters only, at the
 * cursor, on the keyboard; the Return that runs the line is a separate {@code key}, which the
 * policy judges (it asks the person). Format characters are refused too: bidi overrides and
 * invisible marks would show the person, when Return is approved, a line other than the one the
 * shell runs; line and paragraph separators are refused as newlines.
 */
final class TerminalText {
    private TerminalText() {
    }

    /** Whether the element is a terminal (AT-SPI role {@code terminal}). */
    static boolean is(ElementNode node) {
        return node.role() != null && node.role().toLowerCase(Locale.ROOT).contains("terminal");
    }

    /** The refusal of text a terminal may not be sent; empty when every character is printable. */
    static Optional<CountersignError> check(String text) {
        if (text == null || text.isEmpty()) {
            return Optional.of(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "text",
                    "text is empty: a terminal takes typed text at its cursor, so there is nothing to type"));
        }
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            if (!printable(cp)) {
                return Optional.of(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "text", String.format(
                        "text typed into a terminal is printable characters only, and character %d is U+%04X "
                                + "(a control or format character: newline, carriage return, tab, escape, Ctrl "
                                + "keys, bidi marks); nothing was typed; run the line with op key 'Return', which "
                                + "the person approves", text.codePointCount(0, i) + 1, cp)));
            }
            i += Character.charCount(cp);
        }
        return Optional.empty();
    }

    private static boolean printable(int cp) {
        return switch (Character.getType(cp)) {
            case Character.CONTROL, Character.FORMAT, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR,
                    Character.SURROGATE, Character.UNASSIGNED, Character.PRIVATE_USE -> false;
            default -> true;
        };
    }
}
