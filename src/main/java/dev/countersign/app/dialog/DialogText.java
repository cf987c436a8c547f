package dev.countersign.app.dialog;

/**
 * Makes text that an application or an agent controls (element names, window titles, script
 * names, agent names) safe to show in the approval dialog: control and format characters
 * (newlines, tabs, bidi overrides, zero-width marks) become spaces, runs of space collapse, and
 * text over the limit is cut with a visible mark, so a label cannot push the real request out of
 * sight, fake a second line ("Countersign: this is safe"), or reorder what the person reads.
 */
public final class DialogText {
    /** The mark that ends text that was cut. */
    static final String CUT = "\u2026 [cut]";

    private DialogText() {
    }

    /** {@code text} cleaned and at most {@code max} code points long (plus the cut mark when cut). */
    public static String clean(String text, int max) {
        if (text == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(Math.min(text.length(), max + 8));
        boolean space = false;
        int kept = 0;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            if (unsafe(cp) || Character.isWhitespace(cp) || Character.isSpaceChar(cp)) {
                space = out.length() > 0;
                continue;
            }
            if (kept >= max) {
                return out.toString().strip() + CUT;
            }
            if (space) {
                out.append(' ');
                kept++;
                space = false;
                if (kept >= max) {
                    return out.toString().strip() + CUT;
                }
            }
            out.appendCodePoint(cp);
            kept++;
        }
        return out.toString();
    }

    private static boolean unsafe(int cp) {
        int type = Character.getType(cp);
        return type == Character.CONTROL || type == Character.FORMAT || type == Character.LINE_SEPARATOR
                || type == Character.PARAGRAPH_SEPARATOR || type == Character.SURROGATE
                || type == Character.UNASSIGNED || type == Character.PRIVATE_USE;
    }
}
