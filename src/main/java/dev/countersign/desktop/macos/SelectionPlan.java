package dev.countersign.desktop.macos;

import dev.countersign.core.CountersignError;
import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.TextRange;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiPredicate;

/**
 * Decides how a selection is made on one element from what was just read, and converts text
 * offsets, without a Mac: an item is selected through its container's list attribute
 * ({@code AXSelectedRows} of a table or outline for a row, {@code AXSelectedCells} of the table
 * for a cell, {@code AXSelectedChildren} of a list), else through its own settable
 * {@code AXSelected}; a text range through the settable {@code AXSelectedTextRange}, a CFRange in
 * UTF-16 units where Countersign counts characters (code points). A secure field is refused
 * before anything is read of it or sent to it.
 */
final class SelectionPlan {
    static final String SELECTED_ROWS = "AXSelectedRows";
    static final String SELECTED_CELLS = "AXSelectedCells";
    static final String SELECTED_CHILDREN = "AXSelectedChildren";
    static final String SELECTED_TEXT_RANGE = "AXSelectedTextRange";
    static final String ROW = "AXRow";
    static final String CELL = "AXCell";
    /** The container attributes a parent is asked about. */
    static final List<String> CONTAINER_LISTS = List.of(SELECTED_ROWS, SELECTED_CELLS, SELECTED_CHILDREN);

    private SelectionPlan() {
    }

    /** How an item is selected. */
    sealed interface Item {
    }

    /** Set the container's list attribute; the container is {@code levels} up the parent chain (1 or 2). */
    record SetList(int levels, String attribute) implements Item {
    }

    /** {@code AXSelected = true} on the element itself (replace or extend is then the application's). */
    record SetSelected() implements Item {
    }

    /**
     * The way to select an element with these attributes, whose own {@code AXSelected} may be
     * settable, under a parent and grandparent with these settable list attributes.
     */
    static Item item(Map<String, Object> attributes, boolean selectedSettable, Set<String> parentSettable,
            Set<String> grandparentSettable) {
        refuseSecure(attributes);
        String role = AxElementMapper.string(attributes, AxNames.ROLE);
        if (ROW.equals(role) && parentSettable.contains(SELECTED_ROWS)) {
            return new SetList(1, SELECTED_ROWS);
        }
        if (CELL.equals(role) && parentSettable.contains(SELECTED_CELLS)) {
            return new SetList(1, SELECTED_CELLS);
        }
        if (CELL.equals(role) && grandparentSettable.contains(SELECTED_CELLS)) {
            return new SetList(2, SELECTED_CELLS);
        }
        if (parentSettable.contains(SELECTED_CHILDREN)) {
            return new SetList(1, SELECTED_CHILDREN);
        }
        if (selectedSettable) {
            return new SetSelected();
        }
        throw new DispatchRefusedException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "op",
                "the element (" + role + ") is not selectable: neither its container's selection nor its AXSelected "
                        + "can be set"));
    }

    /** The container's new selection: the element alone, or added to {@code current} (once). */
    static <E> List<E> list(List<E> current, E element, boolean extend, BiPredicate<E, E> same) {
        List<E> out = new ArrayList<>();
        if (extend) {
            for (E e : current) {
                if (!same.test(e, element)) {
                    out.add(e);
                }
            }
        }
        out.add(element);
        return out;
    }

    /** Before a text range is set: never a secure field; the range must be settable. */
    static void requireSettableRange(Map<String, Object> attributes, boolean rangeSettable) {
        refuseSecure(attributes);
        if (!rangeSettable) {
            throw new DispatchRefusedException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "op",
                    "the element (" + AxElementMapper.string(attributes, AxNames.ROLE) + ") has no text selection to set"));
        }
    }

    /** A span of characters as a CFRange of {@code text}: {location, length} in UTF-16 units. */
    static long[] cfRange(String text, TextRange.Span span) {
        int from = text.offsetByCodePoints(0, span.start());
        int to = text.offsetByCodePoints(from, span.end() - span.start());
        return new long[] {from, to - from};
    }

    /** A CFRange of {@code text} as a span of characters; null when it is empty or does not fit the text. */
    static TextRange.Span span(String text, long location, long length) {
        if (length <= 0 || location < 0 || location + length > text.length()) {
            return null;
        }
        int start = text.codePointCount(0, (int) location);
        int end = text.codePointCount(0, (int) (location + length));
        return end > start ? new TextRange.Span(start, end) : null;
    }

    static void refuseSecure(Map<String, Object> attributes) {
        if (AxElementMapper.secure(attributes)) {
            throw new DispatchRefusedException(CountersignError.onField(ErrorCode.SECURE_FIELD_REFUSED, "ref",
                    "the element is a secure text field; Countersign never selects in one or reads its text"));
        }
    }
}
