package dev.countersign.desktop.macos;

import com.sun.jna.Pointer;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.Dispatch;
import dev.countersign.desktop.TextRange;
import dev.countersign.desktop.TextSelection;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Selection and hit testing through the Accessibility API, as {@link SelectionPlan} decides:
 * setting a container's {@code AXSelectedRows}/{@code AXSelectedCells}/{@code AXSelectedChildren}
 * (a CFArray of elements, made and released here) or an element's {@code AXSelected}; a text
 * range's {@code AXSelectedTextRange} (an AXValue CFRange, made and released here); reading the
 * selection back; and whether an element takes a click of its own, for the hit test.
 */
final class MacSelection {
    /** Actions every element may offer that are not what a click does. */
    private static final Set<String> PASSIVE_ACTIONS = Set.of(AxNames.SHOW_MENU, "AXScrollToVisible");
    private final ApplicationServices ax = MacNative.Libs.AX;
    private final NativeAxCalls calls;

    MacSelection(NativeAxCalls calls) {
        this.calls = calls;
    }

    Dispatch selectItem(AxRef ref, Map<String, Object> attributes, boolean extend) {
        SelectionPlan.refuseSecure(attributes);
        boolean selectedSettable = attributes.containsKey(AxNames.SELECTED) && calls.settable(ref, AxNames.SELECTED);
        AxRef parent = calls.element(ref, AxNames.PARENT);
        boolean cell = SelectionPlan.CELL.equals(AxElementMapper.string(attributes, AxNames.ROLE));
        AxRef grandparent = cell && parent != null ? calls.element(parent, AxNames.PARENT) : null;
        SelectionPlan.Item step = SelectionPlan.item(attributes, selectedSettable,
                settable(parent, SelectionPlan.CONTAINER_LISTS), settable(grandparent, List.of(SelectionPlan.SELECTED_CELLS)));
        if (step instanceof SelectionPlan.SetSelected) {
            set(ref, AxNames.SELECTED, MacNative.Libs.CF_TRUE);
            return new Dispatch("ax.AXUIElementSetAttributeValue", "AXSelected = true");
        }
        SelectionPlan.SetList list = (SelectionPlan.SetList) step;
        AxRef container = list.levels() == 1 ? parent : grandparent;
        List<AxRef> current = extend ? calls.elements(container, list.attribute()) : List.of();
        List<AxRef> chosen = SelectionPlan.list(current, ref, extend, AxRef::equals);
        List<Pointer> items = new ArrayList<>();
        chosen.forEach(r -> items.add(r.element));
        Pointer array = Cf.createArray(items);
        try {
            set(container, list.attribute(), array);
        } finally {
            Cf.release(array);
        }
        return new Dispatch("ax.AXUIElementSetAttributeValue", list.attribute() + " = " + chosen.size()
                + (chosen.size() == 1 ? " element" : " elements"));
    }

    Dispatch selectText(AxRef ref, Map<String, Object> attributes, TextRange range) {
        SelectionPlan.refuseSecure(attributes);
        SelectionPlan.requireSettableRange(attributes, calls.settable(ref, SelectionPlan.SELECTED_TEXT_RANGE));
        String text = text(ref, attributes);
        TextRange.Span span = range.resolve(text);
        long[] cf = SelectionPlan.cfRange(text, span);
        Pointer value = ax.AXValueCreate(AxValue.TYPE_RANGE, cf);
        if (value == null) {
            throw new CountersignException(CountersignError.of(ErrorCode.INTERNAL, "AXValueCreate made no CFRange"));
        }
        try {
            set(ref, SelectionPlan.SELECTED_TEXT_RANGE, value);
        } finally {
            Cf.release(value);
        }
        return new Dispatch("ax.AXUIElementSetAttributeValue", "AXSelectedTextRange = [" + span.start() + ", "
                + span.end() + ")");
    }

    TextSelection read(AxRef ref, Map<String, Object> attributes) {
        if (AxElementMapper.secure(attributes)) {
            throw new CountersignException(CountersignError.onField(ErrorCode.SECURE_FIELD_REFUSED, "element",
                    "the element is a secure text field; its text is never read"));
        }
        String text = text(ref, attributes);
        Object range = calls.attributes(ref, List.of(SelectionPlan.SELECTED_TEXT_RANGE)).get(SelectionPlan.SELECTED_TEXT_RANGE);
        List<TextRange.Span> spans = new ArrayList<>();
        if (range instanceof AxValue.Range r) {
            TextRange.Span span = SelectionPlan.span(text, r.location(), r.length());
            if (span != null) {
                spans.add(span);
            }
        }
        return new TextSelection(text, spans);
    }

    /** Whether a click on the element does something of its own: an action, or a selection it belongs to. */
    boolean interactive(AxRef element) {
        for (String action : calls.actions(element)) {
            if (!AxNames.customAction(action) && !PASSIVE_ACTIONS.contains(action)) {
                return true;
            }
        }
        return calls.attributes(element, List.of(AxNames.SELECTED)).containsKey(AxNames.SELECTED);
    }

    /** The element's text: its AXValue, read now when the first read left it out (never for a secure field). */
    private String text(AxRef ref, Map<String, Object> attributes) {
        Object value = attributes.get(AxNames.VALUE);
        if (!(value instanceof String)) {
            value = calls.attributes(ref, List.of(AxNames.VALUE)).get(AxNames.VALUE);
        }
        if (!(value instanceof String s)) {
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "op",
                    "the element has no text value to select in"));
        }
        return s;
    }

    private Set<String> settable(AxRef container, List<String> names) {
        Set<String> out = new HashSet<>();
        if (container == null) {
            return out;
        }
        for (String name : names) {
            if (calls.settable(container, name)) {
                out.add(name);
            }
        }
        return out;
    }

    private void set(AxRef element, String attribute, Pointer value) {
        int err = ax.AXUIElementSetAttributeValue(element.element, Cf.name(attribute).getPointer(), value);
        if (err != 0) {
            throw ElementActions.failure("set " + attribute, AxError.of(err));
        }
    }
}
