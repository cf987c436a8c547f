package dev.countersign.desktop.linux;

import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.Dispatch;
import dev.countersign.desktop.ElementAction;
import dev.countersign.desktop.TextSelection;
import java.util.List;
import java.util.Locale;
import org.freedesktop.dbus.types.Variant;

/**
 * Element actions through AT-SPI: {@code Action.DoAction}, {@code Component.GrabFocus},
 * {@code EditableText.SetTextContents} (or {@code Value.CurrentValue}), and selection
 * ({@link AtspiSelection}). The element is re-read
 * first, so a gone element or a secure field is refused before anything is sent to it.
 */
final class AtspiActions {
    /**
     * How long a menu's action may hold its reply. Qt runs the menu it opens in a loop of its own
     * and answers {@code DoAction} only once the menu closes; no reply by then means the menu is
     * open, as with macOS's {@code AXShowMenu} (docs/linux-backend.md).
     */
    static final long MENU_REPLY_MS = 500;
    /** Preferred default actions, in order; GTK names a button's "click" and an entry's "activate". */
    private static final List<String> PRESS_NAMES = List.of("click", "press", "activate", "toggle", "jump", "open");

    static final String DO_ACTION = "atspi.Action.DoAction";
    /**
     * A press whose {@code DoAction} the application had not answered within
     * {@link #PRESS_ANSWER_MS}: delivered, still running there, its effect known only by re-reading.
     */
    static final String UNANSWERED = "atspi.Action.DoAction.unanswered";
    /** How long a press waits for the application's answer: far above a normal answer (~1 ms), far below a person's patience. */
    static final long PRESS_ANSWER_MS = 500;

    private final A11yBus bus;
    private final AtspiSelection selection;

    AtspiActions(A11yBus bus) {
        this.bus = bus;
        this.selection = new AtspiSelection(bus);
    }

    /** The element as it reads now; an element that is gone is TARGET_CHANGED. */
    RawNode reread(AtspiRef ref) {
        NodeReader reader = bus.reader(ref.bus());
        RawNode n = new RawNode(ref, 0, -1, 0);
        NodeReader.Structure s = reader.sendStructure(n);
        reader.collectStructure(s);
        if (!n.gone()) {
            NodeReader.Details d = reader.sendDetails(n, true);
            reader.collectDetails(d);
            reader.finishDetails(List.of(d));
            GailMenus.markOpen(bus.appCalls(ref.bus()), reader.toolkit(), n);
        }
        return n;
    }

    /** The element's text and selected ranges as they read now ({@link AtspiSelection#read}). */
    TextSelection textSelection(AtspiRef ref) {
        RawNode n = reread(ref);
        if (n.gone()) {
            throw new CountersignException(CountersignError.onField(ErrorCode.TARGET_CHANGED, "element",
                    "the element is gone: " + n.goneReason));
        }
        return selection.read(n);
    }

    Dispatch perform(AtspiRef ref, ElementAction action) {
        RawNode n = reread(ref);
        if (n.gone()) {
            throw new CountersignException(CountersignError.onField(ErrorCode.TARGET_CHANGED, "element",
                    "the element is gone: " + n.goneReason));
        }
        if (action instanceof ElementAction.Select select) {
            return selection.selectItem(n, select.extend());
        }
        if (action instanceof ElementAction.SelectText text) {
            return selection.selectText(n, text.range());
        }
        BusCalls calls = bus.appCalls(ref.bus());
        if (action instanceof ElementAction.Press) {
            return press(calls, ref, n.actions);
        }
        if (action instanceof ElementAction.ShowMenu) {
            return showMenu(calls, n);
        }
        if (action instanceof ElementAction.Focus) {
            requireInterface(n, "Component");
            Object[] r = calls.callOrFail(ref.bus(), ref.path(), NodeReader.COMPONENT, "GrabFocus", null);
            return new Dispatch("atspi.Component.GrabFocus", "returned " + r[0]);
        }
        if (action instanceof ElementAction.InsertText) {
            // Not taken here: the driver types at the caret on the keyboard, after its focus proof.
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "op",
                    "inserting at the caret through AT-SPI is not done; the keyboard route types it"));
        }
        return setValue(calls, n, ((ElementAction.SetValue) action).text());
    }

    /** The element's own action that opens its menu; an element without one is refused, nothing sent. */
    private static Dispatch showMenu(BusCalls calls, RawNode n) {
        int index = ElementAction.ShowMenu.indexIn(n.actions);
        if (index < 0) {
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "op",
                    "the element offers no action that opens a menu (it has " + n.actions + ")"));
        }
        String name = n.actions.get(index);
        AtspiRef ref = n.ref;
        BusCalls.Reply r = calls.await(calls.send(ref.bus(), ref.path(), NodeReader.ACTION, "DoAction", "i", index),
                MENU_REPLY_MS);
        if (!r.ok() && BusCalls.NO_REPLY.equals(r.errorName())) {
            return new Dispatch("atspi.Action.DoAction", name + " (no reply within " + MENU_REPLY_MS
                    + " ms: the menu it opened holds the reply; dispatched)");
        }
        return new Dispatch("atspi.Action.DoAction", name + " -> "
                + BusCalls.valuesOrFail(r, NodeReader.ACTION, "DoAction")[0]);
    }

    /**
     * {@code DoAction}, answered as soon as it is dispatched. GTK's bridge answers before it runs
     * the action, but an application may run the action first — a menu item whose action is a
     * modal dialog then answers only when the dialog closes — so the answer is awaited for
     * {@link #PRESS_ANSWER_MS} only. Unanswered by then, the press was delivered all the same (it
     * was sent, and a refused call answers at once): the strategy says {@link #UNANSWERED}, and
     * only the re-reads that follow judge its effect; a late answer is dropped.
     */
    private static Dispatch press(BusCalls calls, AtspiRef ref, List<String> actions) {
        int index = pressIndex(actions);
        String name = actions.get(index);
        BusCalls.Pending sent = calls.send(ref.bus(), ref.path(), NodeReader.ACTION, "DoAction", "i", index);
        BusCalls.Reply r = calls.await(sent, PRESS_ANSWER_MS);
        if (!r.ok() && BusCalls.NO_REPLY.equals(r.errorName())) {
            return new Dispatch(UNANSWERED, name + " -> no answer within " + PRESS_ANSWER_MS
                    + " ms (the application is still running it)");
        }
        Object[] values = BusCalls.valuesOrFail(r, NodeReader.ACTION, "DoAction");
        return new Dispatch(DO_ACTION, name + " -> " + values[0]);
    }

    private Dispatch setValue(BusCalls calls, RawNode n, String text) {
        if (n.secure()) {
            throw new CountersignException(CountersignError.onField(ErrorCode.SECURE_FIELD_REFUSED, "element",
                    "the element is a password field; its value is never set or read"));
        }
        AtspiRef ref = n.ref;
        if (n.interfaces.contains("EditableText")) {
            Object[] r = calls.callOrFail(ref.bus(), ref.path(), "org.a11y.atspi.EditableText", "SetTextContents", "s", text);
            return new Dispatch("atspi.EditableText.SetTextContents", text.length() + " characters -> " + r[0]);
        }
        if (n.interfaces.contains("Value")) {
            double number;
            try {
                number = Double.parseDouble(text.trim());
            } catch (NumberFormatException e) {
                // No cause attached: its message would repeat the typed text into logs and receipts.
                throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "text",
                        "this element takes a number, and the text given is not one"));
            }
            calls.callOrFail(ref.bus(), ref.path(), NodeReader.PROPERTIES, "Set", "ssv", NodeReader.VALUE,
                    "CurrentValue", new Variant<>(number));
            return new Dispatch("atspi.Value.CurrentValue", Double.toString(number));
        }
        throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "op",
                "the element (" + AtspiNames.role(n.role) + ") has no editable value"));
    }

    private static int pressIndex(List<String> actions) {
        if (actions.isEmpty()) {
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "op",
                    "the element has no action to press"));
        }
        for (String preferred : PRESS_NAMES) {
            int i = actions.indexOf(preferred);
            if (i >= 0) {
                return i;
            }
        }
        return 0;
    }

    private static void requireInterface(RawNode n, String iface) {
        if (!n.interfaces.contains(iface)) {
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "op",
                    "the element (" + AtspiNames.role(n.role).toLowerCase(Locale.ROOT) + ") does not implement " + iface));
        }
    }
}
