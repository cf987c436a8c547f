package dev.countersign.policy;

import java.text.NumberFormat;
import java.util.Locale;

/**
 * The text an act removes from a field and does not put back: a {@code type} that replaces what
 * the field holds (or clears it) erases that text. {@code chars} and {@code lines} count it;
 * {@link #UNREADABLE} is a field whose text could not be read, so how much goes cannot be told.
 * The policy asks before an erasure of more than a little text ({@link RiskPolicy}).
 */
public record Erasure(int chars, int lines) {

    /** A field whose current text could not be read. */
    public static final Erasure UNREADABLE = new Erasure(-1, -1);

    public Erasure {
        if ((chars < 0 || lines < 0) && (chars != -1 || lines != -1)) {
            throw new IllegalArgumentException("an erasure counts characters and lines, or is UNREADABLE (-1, -1); got "
                    + chars + ", " + lines);
        }
    }

    /**
     * What replacing {@code current} (null when it could not be read) with {@code replacement}
     * erases: nothing (null) when the field is empty or the replacement keeps its whole text.
     */
    public static Erasure replacing(String current, String replacement) {
        if (current == null) {
            return UNREADABLE;
        }
        if (current.isEmpty() || replacement != null && replacement.contains(current)) {
            return null;
        }
        return of(current);
    }

    /** All of {@code text} erased. */
    public static Erasure of(String text) {
        String stripped = text.strip();
        int lines = stripped.isEmpty() ? 1 : (int) stripped.lines().count();
        return new Erasure(text.codePointCount(0, text.length()), lines);
    }

    /** Whether the text that goes could not be read. */
    public boolean unreadable() {
        return chars < 0;
    }

    /** How much goes, for the person: "12 lines (1,234 characters)", "1 line (250 characters)". */
    public String words() {
        if (unreadable()) {
            return "text Countersign cannot read";
        }
        NumberFormat n = NumberFormat.getIntegerInstance(Locale.ROOT);
        n.setGroupingUsed(true);
        return lines + (lines == 1 ? " line (" : " lines (") + n.format(chars) + (chars == 1 ? " character)"
                : " characters)");
    }
}
