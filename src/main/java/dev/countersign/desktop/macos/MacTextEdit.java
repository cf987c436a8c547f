package dev.countersign.desktop.macos;

import com.sun.jna.Pointer;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.Dispatch;
import java.util.List;
import java.util.Map;

/**
 * Text put into an element through its selection, where {@code AXValue} cannot be set or the text
 * goes in at the caret: {@code AXSelectedTextRange} (an AXValue CFRange, made and released here)
 * then {@code AXSelectedText}, which replaces the selected range in the element's value as a
 * person's typing would. A replace selects the whole value ({@code {0, length}}); an insert
 * collapses the selection to its end, so nothing is erased, and puts the text there. No keys are
 * sent: on a Mac Control+A is "start of line", and ⌘A would reach whatever has keyboard focus.
 * A secure field is refused before anything of it is read or set; an element without a settable
 * selection is refused {@code INVALID_ARGUMENT} before anything is sent (the driver then takes the
 * keyboard route).
 */
final class MacTextEdit {
    static final String SELECTED_TEXT = "AXSelectedText";
    private static final String SET = "ax.AXUIElementSetAttributeValue";

    private final ApplicationServices ax = MacNative.Libs.AX;
    private final NativeAxCalls calls;

    MacTextEdit(NativeAxCalls calls) {
        this.calls = calls;
    }

    /** Whether this element's text can be changed through its selection (both attributes settable). */
    boolean available(AxRef ref, Map<String, Object> attributes) {
        return !AxElementMapper.secure(attributes) && calls.settable(ref, SelectionPlan.SELECTED_TEXT_RANGE)
                && calls.settable(ref, SELECTED_TEXT);
    }

    /** Replaces the whole value: the range {0, length} in UTF-16 units, then AXSelectedText. */
    Dispatch replace(AxRef ref, Map<String, Object> attributes, String text) {
        requireAvailable(ref, attributes);
        String value = value(ref, attributes);
        setRange(ref, 0, value.length());
        setSelectedText(ref, text);
        return new Dispatch(SET, "AXSelectedTextRange = {0, " + value.length() + "}, AXSelectedText = "
                + text.codePointCount(0, text.length()) + " characters");
    }

    /** Inserts at the caret: a selection is collapsed to its end first, so nothing is erased. */
    Dispatch insert(AxRef ref, Map<String, Object> attributes, String text) {
        requireAvailable(ref, attributes);
        Object range = calls.attributes(ref, List.of(SelectionPlan.SELECTED_TEXT_RANGE))
                .get(SelectionPlan.SELECTED_TEXT_RANGE);
        if (!(range instanceof AxValue.Range r) || r.location() < 0 || r.length() < 0) {
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "op",
                    "the element has no caret to insert at (AXSelectedTextRange is " + range + ")"));
        }
        long caret = r.location() + r.length();
        if (r.length() > 0) {
            setRange(ref, caret, 0);
        }
        setSelectedText(ref, text);
        return new Dispatch(SET, "AXSelectedText at the caret (UTF-16 offset " + caret + ") = "
                + text.codePointCount(0, text.length()) + " characters");
    }

    private void requireAvailable(AxRef ref, Map<String, Object> attributes) {
        if (AxElementMapper.secure(attributes)) {
            throw new CountersignException(CountersignError.onField(ErrorCode.SECURE_FIELD_REFUSED, "element",
                    "the element is a secure text field; its text is never set or read"));
        }
        if (!available(ref, attributes)) {
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "op",
                    "the element (" + AxElementMapper.string(attributes, AxNames.ROLE) + ") has no settable "
                            + "AXSelectedTextRange and AXSelectedText"));
        }
    }

    private String value(AxRef ref, Map<String, Object> attributes) {
        Object value = attributes.get(AxNames.VALUE);
        if (!(value instanceof String)) {
            value = calls.attributes(ref, List.of(AxNames.VALUE)).get(AxNames.VALUE);
        }
        // A field with no value yet (AXValue missing) holds no text: the range is {0, 0}.
        return value instanceof String s ? s : "";
    }

    private void setRange(AxRef ref, long location, long length) {
        // Create: the CFRange AXValue, released in the finally.
        Pointer range = ax.AXValueCreate(AxValue.TYPE_RANGE, new long[] {location, length});
        if (range == null) {
            throw new CountersignException(CountersignError.of(ErrorCode.INTERNAL, "AXValueCreate made no CFRange"));
        }
        try {
            int err = ax.AXUIElementSetAttributeValue(ref.element,
                    Cf.name(SelectionPlan.SELECTED_TEXT_RANGE).getPointer(), range);
            if (err != 0) {
                throw ElementActions.failure("set AXSelectedTextRange", AxError.of(err));
            }
        } finally {
            Cf.release(range);
        }
    }

    private void setSelectedText(AxRef ref, String text) {
        // Create: the CFString, released in the finally.
        Pointer value = Cf.createString(text);
        try {
            int err = ax.AXUIElementSetAttributeValue(ref.element, Cf.name(SELECTED_TEXT).getPointer(), value);
            if (err != 0) {
                throw ElementActions.failure("set AXSelectedText", AxError.of(err));
            }
        } finally {
            Cf.release(value);
        }
    }
}
