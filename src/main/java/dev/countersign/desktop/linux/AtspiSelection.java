package dev.countersign.desktop.linux;

import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.Dispatch;
import dev.countersign.desktop.TextRange;
import dev.countersign.desktop.TextSelection;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.freedesktop.dbus.Struct;

/**
 * Selection through AT-SPI: an item in its container ({@code Selection.SelectChild} on the parent,
 * or {@code Table.AddRowSelection} where the container is a table that selects whole rows, as
 * GTK's tree views do: their {@code SelectChild} answers false for a cell), and a range of an
 * element's own text ({@code Text.SetSelection}, or {@code AddSelection} when nothing is selected
 * yet). Every refusal here comes before anything is sent, so it is a {@link DispatchRefusedException}.
 * A secure element is never selected in and its text never read.
 */
final class AtspiSelection {
    static final String SELECTION = "org.a11y.atspi.Selection";
    static final String TABLE = "org.a11y.atspi.Table";

    private final A11yBus bus;

    AtspiSelection(A11yBus bus) {
        this.bus = bus;
    }

    /**
     * Selects {@code n} in its parent: the parent's selection is cleared first unless
     * {@code extend}, as a person's plain click replaces it. An application that declines
     * ({@code false}) is reported in the dispatch; the evidence (the element's {@code selected}
     * state) says whether it took.
     */
    Dispatch selectItem(RawNode n, boolean extend) {
        refuseSecure(n);
        if (!AtspiNames.has(n.stateBits, AtspiNames.STATE_SELECTABLE)) {
            throw refused("op", "the element (" + AtspiNames.role(n.role) + ") is not selectable in a list, table or tree");
        }
        AtspiRef ref = n.ref;
        BusCalls calls = bus.appCalls(ref.bus());
        AtspiRef parent = parentOf(calls, ref);
        BusCalls.Reply index = calls.call(ref.bus(), ref.path(), NodeReader.ACCESSIBLE, "GetIndexInParent", null);
        if (parent == null || !index.ok() || (Integer) index.value(0) < 0) {
            throw new DispatchRefusedException(CountersignError.onField(ErrorCode.TARGET_CHANGED, "ref",
                    "the element is no longer a child of its container"));
        }
        int child = (Integer) index.value(0);
        // A list that has closed (a drop-down's popup) is shut down, and Firefox crashed when a
        // shut-down list was asked for its selection (Toolkit#selectionSafe): nothing is sent to
        // one. The list can still close after this check; an item of a closed list is refused
        // before it, by the re-read (AtspiActions.reread) and its parent lookup above.
        BusCalls.Reply state = calls.call(parent.bus(), parent.path(), NodeReader.ACCESSIBLE, "GetState", null);
        if (!state.ok() || AtspiNames.has(AtspiNames.stateBits(state.value(0)), AtspiNames.STATE_DEFUNCT)) {
            throw new DispatchRefusedException(CountersignError.onField(ErrorCode.TARGET_CHANGED, "ref",
                    "the list the element was in has closed"));
        }
        Set<String> container = interfaces(calls, parent);
        boolean selection = container.contains("Selection");
        boolean table = container.contains("Table");
        if (!selection && !table) {
            throw refused("op", "the element's container has no selection to put it in");
        }
        if (selection) {
            if (!extend) {
                calls.callOrFail(parent.bus(), parent.path(), SELECTION, "ClearSelection", null);
            }
            Object[] r = calls.callOrFail(parent.bus(), parent.path(), SELECTION, "SelectChild", "i", child);
            if (Boolean.TRUE.equals(r[0]) || !table) {
                return new Dispatch("atspi.Selection.SelectChild", "child " + child + (extend ? " added" : "")
                        + " -> " + r[0]);
            }
        }
        BusCalls.Reply row = calls.call(parent.bus(), parent.path(), TABLE, "GetRowAtIndex", "i", child);
        int r = row.ok() ? (Integer) row.value(0) : -1;
        if (r < 0) {
            return new Dispatch("atspi.Selection.SelectChild", "child " + child + " -> false (not a table row)");
        }
        Object[] added = calls.callOrFail(parent.bus(), parent.path(), TABLE, "AddRowSelection", "i", r);
        return new Dispatch("atspi.Table.AddRowSelection", "row " + r + (extend ? " added" : "") + " -> " + added[0]);
    }

    /** Selects the range of {@code n}'s own text, resolved against the text as it reads now. */
    Dispatch selectText(RawNode n, TextRange range) {
        refuseSecure(n);
        if (!n.interfaces.contains("Text")) {
            throw refused("op", "the element (" + AtspiNames.role(n.role) + ") has no text to select");
        }
        AtspiRef ref = n.ref;
        BusCalls calls = bus.appCalls(ref.bus());
        // Resolved against the text up to the cap, as observations read it.
        String text = NodeReader.capped(n, Objects.requireNonNullElse(NodeValues.textUpToCap(calls, ref), ""));
        TextRange.Span span = range.resolve(text);
        Object[] count = calls.callOrFail(ref.bus(), ref.path(), NodeReader.TEXT, "GetNSelections", null);
        if ((Integer) count[0] > 0) {
            Object[] r = calls.callOrFail(ref.bus(), ref.path(), NodeReader.TEXT, "SetSelection", "iii", 0,
                    span.start(), span.end());
            return new Dispatch("atspi.Text.SetSelection", "[" + span.start() + ", " + span.end() + ") -> " + r[0]);
        }
        Object[] r = calls.callOrFail(ref.bus(), ref.path(), NodeReader.TEXT, "AddSelection", "ii", span.start(),
                span.end());
        return new Dispatch("atspi.Text.AddSelection", "[" + span.start() + ", " + span.end() + ") -> " + r[0]);
    }

    /** The text of {@code n} and its selected ranges; empty ranges (a bare caret) are left out. */
    TextSelection read(RawNode n) {
        if (n.secure()) {
            throw new CountersignException(CountersignError.onField(ErrorCode.SECURE_FIELD_REFUSED, "element",
                    "the element is a password field; its text is never read"));
        }
        if (!n.interfaces.contains("Text")) {
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "element",
                    "the element (" + AtspiNames.role(n.role) + ") has no text"));
        }
        AtspiRef ref = n.ref;
        BusCalls calls = bus.appCalls(ref.bus());
        BusCalls.Pending count = calls.send(ref.bus(), ref.path(), NodeReader.TEXT, "GetNSelections", null);
        String whole = NodeReader.capped(n, Objects.requireNonNullElse(NodeValues.textUpToCap(calls, ref), ""));
        int selections = (Integer) BusCalls.valuesOrFail(calls.await(count), NodeReader.TEXT, "GetNSelections")[0];
        List<BusCalls.Pending> asked = new ArrayList<>();
        for (int i = 0; i < Math.min(selections, 64); i++) {
            asked.add(calls.send(ref.bus(), ref.path(), NodeReader.TEXT, "GetSelection", "i", i));
        }
        List<TextRange.Span> spans = new ArrayList<>();
        for (BusCalls.Pending p : asked) {
            Object[] v = BusCalls.valuesOrFail(calls.await(p), NodeReader.TEXT, "GetSelection");
            int a = (Integer) v[0];
            int b = (Integer) v[1];
            if (Math.min(a, b) >= 0 && a != b) {
                spans.add(new TextRange.Span(Math.min(a, b), Math.max(a, b)));
            }
        }
        return new TextSelection(whole, spans);
    }

    /** The element's accessible parent, or null at the top or when it cannot be read. */
    static AtspiRef parentOf(BusCalls calls, AtspiRef ref) {
        BusCalls.Reply r = calls.call(ref.bus(), ref.path(), NodeReader.PROPERTIES, "Get", "ss", NodeReader.ACCESSIBLE,
                "Parent");
        return r.ok() ? refOf(r.value(0)) : null;
    }

    /** A reference {@code (so)} as dbus-java hands it (raw array or struct, maybe in a variant); null for none. */
    static AtspiRef refOf(Object value) {
        Object v = NodeReader.unwrap(value);
        Object[] fields = v instanceof Object[] array ? array : v instanceof Struct struct ? struct.getParameters() : null;
        if (fields == null || fields.length < 2 || fields[0] == null || fields[1] == null) {
            return null;
        }
        AtspiRef ref = new AtspiRef(fields[0].toString(), fields[1].toString());
        return ref.isNull() || ref.path().equals(AtspiRef.ROOT_PATH) ? null : ref;
    }

    private static Set<String> interfaces(BusCalls calls, AtspiRef ref) {
        BusCalls.Reply r = calls.call(ref.bus(), ref.path(), NodeReader.ACCESSIBLE, "GetInterfaces", null);
        if (!r.ok()) {
            return Set.of();
        }
        Set<String> names = new java.util.HashSet<>();
        for (Object o : (List<?>) r.value(0)) {
            String name = o.toString();
            names.add(name.startsWith("org.a11y.atspi.") ? name.substring("org.a11y.atspi.".length()) : name);
        }
        return names;
    }

    private static void refuseSecure(RawNode n) {
        if (n.secure()) {
            throw new DispatchRefusedException(CountersignError.onField(ErrorCode.SECURE_FIELD_REFUSED, "ref",
                    "the element is a password field; Countersign never selects in one or reads its text"));
        }
    }

    private static DispatchRefusedException refused(String field, String message) {
        return new DispatchRefusedException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, field, message));
    }
}
