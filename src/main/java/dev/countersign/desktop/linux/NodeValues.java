package dev.countersign.desktop.linux;

import static dev.countersign.desktop.linux.NodeReader.MAX_TEXT;
import static dev.countersign.desktop.linux.NodeReader.PROPERTIES;
import static dev.countersign.desktop.linux.NodeReader.TEXT;
import static dev.countersign.desktop.linux.NodeReader.VALUE;
import static dev.countersign.desktop.linux.NodeReader.head;
import static dev.countersign.desktop.linux.NodeReader.string;
import static dev.countersign.desktop.linux.NodeReader.unwrap;

import dev.countersign.desktop.SecretFields;

/**
 * The value reads of one element for {@link NodeReader}: an editable or text element's text (a
 * terminal's screen, a spreadsheet cell's text), a Value element's number; capped at
 * {@link NodeReader#MAX_TEXT}, never asked of a secure element, and dropped when it reads as a mask.
 */
final class NodeValues {
    private final BusCalls calls;

    NodeValues(BusCalls calls) {
        this.calls = calls;
    }

    /** Whether the element's value is its text: editable and text elements, terminals, table cells. */
    private static boolean readsText(RawNode n) {
        // A table cell's text is its value: what a spreadsheet's cell shows ("A1" is its name).
        boolean textual = n.interfaces.contains("EditableText")
                || n.role == AtspiNames.ROLE_TEXT || n.role == AtspiNames.ROLE_ENTRY || n.role == AtspiNames.ROLE_TERMINAL
                || n.role == AtspiNames.ROLE_TABLE_CELL;
        return textual && n.interfaces.contains("Text");
    }

    /**
     * The text of an element that answered the capped range with nothing: LibreOffice refuses a
     * range that ends past its text (GTK and Chromium cut it), so the range is asked again ending at
     * its character count, still never past the cap. Null when it holds no text.
     */
    private Object textWithinCount(RawNode n) {
        return textUpToCap(calls, n.ref);
    }

    /**
     * An element's text up to one character past {@link #MAX_TEXT}, asked by a range that ends
     * within its character count (every toolkit answers that); null when the count or the text
     * cannot be read, or it holds none.
     */
    static String textUpToCap(BusCalls calls, AtspiRef ref) {
        BusCalls.Reply count = calls.call(ref.bus(), ref.path(), PROPERTIES, "Get", "ss", TEXT, "CharacterCount");
        Object c = count.ok() ? unwrap(count.value(0)) : null;
        if (!(c instanceof Integer total) || total <= 0) {
            return null;
        }
        BusCalls.Reply text = calls.call(ref.bus(), ref.path(), TEXT, "GetText", "ii", 0, Math.min(total, MAX_TEXT + 1));
        return text.ok() ? string(text.value(0)) : null;
    }

    /**
     * Text for editable and text elements and terminals (their screen: what a typed line is verified
     * against), the number of a Value element; never anything for a secure one.
     */
    BusCalls.Pending send(RawNode n) {
        if (n.secure()) {
            return null;
        }
        if (readsText(n)) {
            // One character past the cap tells a text that is longer from one that fits.
            return calls.send(n.ref.bus(), n.ref.path(), TEXT, "GetText", "ii", 0, MAX_TEXT + 1);
        }
        if (n.interfaces.contains("Value")) {
            return calls.send(n.ref.bus(), n.ref.path(), PROPERTIES, "Get", "ss", VALUE, "CurrentValue");
        }
        return null;
    }

    /** The element's value from its {@code GetText} or {@code CurrentValue} answer; nothing for a secure one. */
    void apply(RawNode n, BusCalls.Reply value) {
        if (value != null && !n.secure()) {
            Object v = value.ok() ? unwrap(value.value(0)) : null;
            if ((v == null || "".equals(v)) && readsText(n)) {
                v = textWithinCount(n);
                if (v == null && value.ok()) {
                    v = unwrap(value.value(0));
                }
            }
            if (v instanceof Double boxed) {
                double x = boxed;
                n.value = x == Math.rint(x) ? Long.toString((long) x) : Double.toString(x);
            } else if (v != null) {
                String read = v.toString();
                if (read.codePointCount(0, read.length()) > MAX_TEXT) {
                    read = n.role == AtspiNames.ROLE_TERMINAL ? tail(n, read) : head(read);
                    n.textTruncated = true;
                }
                // Gecko's containers answer GetText with one U+FFFC per embedded child: not a value anyone typed.
                String text = read.replace("\uFFFC", "");
                boolean entry = n.interfaces.contains("EditableText") && AtspiNames.has(n.stateBits, AtspiNames.STATE_EDITABLE);
                n.value = text.isBlank() && !entry && !v.toString().isEmpty() ? null : text;
                if (n.interfaces.contains("Text") && SecretFields.masked(text)) {
                    // A password the app masks itself: secure from now on (SecureMemory keeps it so).
                    n.masked = true;
                    n.value = null;
                }
            }
        }
    }

    /**
     * The last {@link #MAX_TEXT} characters of a terminal's text, asked by range: its screen (where
     * a typed line is verified) is at the end. The head when the count cannot be read.
     */
    private String tail(RawNode n, String head) {
        BusCalls.Reply count = calls.call(n.ref.bus(), n.ref.path(), PROPERTIES, "Get", "ss", TEXT, "CharacterCount");
        Object c = count.ok() ? unwrap(count.value(0)) : null;
        if (!(c instanceof Integer total) || total <= MAX_TEXT) {
            return head(head);
        }
        BusCalls.Reply text = calls.call(n.ref.bus(), n.ref.path(), TEXT, "GetText", "ii", total - MAX_TEXT, total);
        String last = text.ok() ? string(text.value(0)) : head(head);
        return last.codePointCount(0, last.length()) > MAX_TEXT ? head(last) : last;
    }
}
