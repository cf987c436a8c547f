package dev.countersign.desktop.linux;

import java.util.ArrayList;
import java.util.List;
import org.freedesktop.dbus.types.UInt32;

/**
 * Combo boxes as a person sees them: named by the label beside them and valued by the item they
 * show. The toolkits each hide one half of that:
 * <ul>
 * <li>GTK and Qt name a drop-down by the item it shows ("Banana") and its label only by a
 * {@code labelled-by} relation ("Fruit:"): the label becomes the name and the item the value.</li>
 * <li>Chromium and Firefox name a {@code <select>} by its label and give it no value: the item is
 * the one its list (the combo box's first child) has selected, as GTK's combo box answers for
 * itself ({@code Selection.GetSelectedChild}). Firefox is never asked for a list's selection (it
 * can crash on it, {@link Toolkit#selectionSafe}): its item is the list's child whose state is
 * {@code selected}, or a group's ({@code <optgroup>}).</li>
 * <li>LibreOffice's GTK 3 dialogs draw a drop-down as an unnamed toggle button beside a hidden
 * combo box that holds the label relation: the button is shown as the combo box it is, named by
 * the hidden one's label. Its item is drawn, not exposed, so its value is unknown until its list
 * opens (the list's selected row).</li>
 * </ul>
 * Every read here is sent for all of an observation's combo boxes together, so the few extra round
 * trips are paid once per observation that has any, never per element; apps without combo boxes
 * or unnamed toggle buttons pay nothing.
 */
final class ComboBoxes {
    static final int ROLE_COMBO_BOX = 11;
    static final int ROLE_TOGGLE_BUTTON = 62;
    private static final String SELECTION = "org.a11y.atspi.Selection";
    /**
     * The most items of a list (or of its groups together) whose states are read to find the
     * selected one, where the toolkit is not asked for its selection: a country list's 250 fit,
     * and a longer list has no value rather than an observation that reads thousands of states.
     */
    static final int MOST_ITEMS = 300;
    /** LibreOffice's drop-down is a box of three: its entry, the hidden combo box and the button. */
    private static final int MOST_SIBLINGS = 4;

    private ComboBoxes() {
    }

    /** Whether the element is a combo box whose shown item is read (a secure one never is). */
    static boolean valued(RawNode n) {
        return n.role == ROLE_COMBO_BOX && !n.gone() && !n.secure();
    }

    /** Whether the element may be a LibreOffice drop-down's button: an unnamed, showing toggle button. */
    static boolean button(RawNode n) {
        return n.role == ROLE_TOGGLE_BUTTON && !n.gone() && n.name.isBlank()
                && AtspiNames.has(n.stateBits, AtspiNames.STATE_SHOWING);
    }

    /**
     * The first read of a combo box's item (sent with its details): its own selection where the
     * toolkit may be asked ({@link Toolkit#selectionSafe}), else its first child, the list.
     */
    static void send(BusCalls calls, RawNode n, NodeReader.Details d, Toolkit toolkit) {
        if (button(n)) {
            d.buttonParent = calls.send(n.ref.bus(), n.ref.path(), NodeReader.PROPERTIES, "Get", "ss",
                    NodeReader.ACCESSIBLE, "Parent");
        }
        if (!valued(n)) {
            return;
        }
        d.ownName = n.name;
        if (n.interfaces.contains("Selection") && toolkit.selectionSafe()) {
            d.comboItem = calls.send(n.ref.bus(), n.ref.path(), SELECTION, "GetSelectedChild", "i", 0);
        } else if (!n.countKnown || n.childCount > 0) {
            d.comboList = calls.send(n.ref.bus(), n.ref.path(), NodeReader.ACCESSIBLE, "GetChildAtIndex", "i", 0);
        }
    }

    /**
     * Completes the reads {@link #send} began, for every element at once: a LibreOffice button is
     * turned into its combo box and its label asked for (through {@link Relations}), and each
     * combo box's shown item is read. Runs before the labels are awaited.
     */
    static void finish(BusCalls calls, List<NodeReader.Details> details, Toolkit toolkit) {
        resolveButtons(calls, details);
        // Round one: a list's selected item (or, where no selection is asked, its items), for the
        // combo boxes that answer through their list.
        for (NodeReader.Details d : details) {
            if (d.comboList == null) {
                continue;
            }
            AtspiRef list = AtspiSelection.refOf(okValue(calls.await(d.comboList)));
            if (list == null) {
                continue;
            }
            if (toolkit.selectionSafe()) {
                d.comboItem = calls.send(list.bus(), list.path(), SELECTION, "GetSelectedChild", "i", 0);
            } else {
                d.comboOptions = calls.send(list.bus(), list.path(), NodeReader.ACCESSIBLE, "GetChildren", null);
            }
        }
        selectedByState(calls, details);
        // Round two: the selected item's name.
        for (NodeReader.Details d : details) {
            if (d.comboItem != null) {
                AtspiRef item = AtspiSelection.refOf(okValue(calls.await(d.comboItem)));
                d.comboName = item == null ? null : calls.send(item.bus(), item.path(), NodeReader.PROPERTIES, "Get",
                        "ss", NodeReader.ACCESSIBLE, "Name");
            }
        }
    }

    /**
     * Where no selection is asked: each list's items' states, all in flight together, and the
     * name asked of the first item whose state is {@code selected}. Where no item is, the list's
     * groups (items that are not selectable: an {@code <optgroup>}) are read one level down the
     * same way. A list that closed meanwhile reads as having no items, or items that are defunct
     * and never selected: no value.
     */
    private static void selectedByState(BusCalls calls, List<NodeReader.Details> details) {
        List<ItemScan> scans = new ArrayList<>();
        for (NodeReader.Details d : details) {
            if (d.comboOptions != null) {
                ItemScan scan = new ItemScan(d);
                scan.send(calls, calls.await(d.comboOptions));
                scans.add(scan);
            }
        }
        for (ItemScan scan : scans) {
            scan.collect(calls, true);
        }
        for (ItemScan scan : scans) {
            scan.sendGroups(calls);
        }
        for (ItemScan scan : scans) {
            scan.collect(calls, false);
            if (scan.selected != null) {
                scan.details.comboName = calls.send(scan.selected.bus(), scan.selected.path(), NodeReader.PROPERTIES,
                        "Get", "ss", NodeReader.ACCESSIBLE, "Name");
            }
        }
    }

    /** One list's items read by their states ({@link #selectedByState}), at most {@link #MOST_ITEMS} of them. */
    private static final class ItemScan {
        final NodeReader.Details details;
        List<AtspiRef> items = List.of();
        List<BusCalls.Pending> states = List.of();
        final List<AtspiRef> groupRefs = new ArrayList<>();
        AtspiRef selected;

        ItemScan(NodeReader.Details details) {
            this.details = details;
        }

        /** Asks the state of each item of {@code children} (a {@code GetChildren} reply). */
        void send(BusCalls calls, BusCalls.Reply children) {
            ask(calls, children.ok() ? NodeReader.refs((List<?>) children.value(0)) : List.of());
        }

        /** Asks the state of each of {@code kids}; none when there are more than {@link #MOST_ITEMS}. */
        private void ask(BusCalls calls, List<AtspiRef> kids) {
            items = kids.size() > MOST_ITEMS ? List.of() : kids;
            states = new ArrayList<>(items.size());
            for (AtspiRef k : items) {
                states.add(calls.send(k.bus(), k.path(), NodeReader.ACCESSIBLE, "GetState", null));
            }
        }

        /** Awaits every state asked; the first selected item is the one; unselectable ones are groups. */
        void collect(BusCalls calls, boolean noteGroups) {
            for (int k = 0; k < items.size(); k++) {
                BusCalls.Reply state = calls.await(states.get(k));
                if (!state.ok()) {
                    continue;
                }
                long bits = AtspiNames.stateBits(state.value(0));
                if (AtspiNames.has(bits, AtspiNames.STATE_DEFUNCT)) {
                    continue;
                }
                if (selected == null && AtspiNames.has(bits, AtspiNames.STATE_SELECTED)) {
                    selected = items.get(k);
                } else if (noteGroups && !AtspiNames.has(bits, AtspiNames.STATE_SELECTABLE)) {
                    groupRefs.add(items.get(k));
                }
            }
            items = List.of();
            states = List.of();
        }

        /** Where no item was selected, asks each group for its items. */
        void sendGroups(BusCalls calls) {
            if (selected != null || groupRefs.isEmpty()) {
                return;
            }
            List<BusCalls.Pending> groups = new ArrayList<>(groupRefs.size());
            for (AtspiRef g : groupRefs) {
                groups.add(calls.send(g.bus(), g.path(), NodeReader.ACCESSIBLE, "GetChildren", null));
            }
            List<AtspiRef> inGroups = new ArrayList<>();
            for (BusCalls.Pending group : groups) {
                BusCalls.Reply r = calls.await(group);
                if (r.ok()) {
                    inGroups.addAll(NodeReader.refs((List<?>) r.value(0)));
                }
            }
            ask(calls, inGroups);
        }
    }

    /**
     * The combo box's name and value once its label is known ({@code label}, "" for none): the
     * label names it where its own name was its item, and its value is the selected item's name,
     * else (Qt, which has no selection to ask) the item it was named by.
     */
    static void apply(BusCalls calls, NodeReader.Details d, String label, Toolkit toolkit) {
        RawNode n = d.node;
        if (d.ownName == null || n.gone()) {
            return;
        }
        String own = d.ownName;
        boolean relabelled = !label.isBlank() && !label.strip().equals(own.strip());
        if (relabelled) {
            n.name = toolkit.cleanName(NodeReader.capped(n, label));
        }
        if (n.value != null && !n.value.isEmpty() || n.secure()) {
            return;
        }
        String item = "";
        if (d.comboName != null) {
            BusCalls.Reply r = calls.await(d.comboName);
            item = r.ok() ? NodeReader.string(r.value(0)).strip() : "";
        }
        if (item.isEmpty() && relabelled && !own.isBlank()) {
            item = own.strip();
        }
        if (!item.isEmpty()) {
            n.value = NodeReader.capped(n, item);
        }
    }

    /**
     * LibreOffice's drop-down buttons: each unnamed toggle button whose parent holds exactly one
     * hidden combo box beside it (and at most {@link #MOST_SIBLINGS} children in all) becomes that
     * combo box's face — role combo box, its relations read from the hidden one — so the agent
     * sees the drop-down, the policy judges a click on it as opening a list, and the person's
     * dialog names it by its label.
     */
    private static void resolveButtons(BusCalls calls, List<NodeReader.Details> details) {
        List<NodeReader.Details> buttons = new ArrayList<>();
        List<BusCalls.Pending> children = new ArrayList<>();
        for (NodeReader.Details d : details) {
            if (d.buttonParent == null) {
                continue;
            }
            AtspiRef parent = AtspiSelection.refOf(okValue(calls.await(d.buttonParent)));
            if (parent != null) {
                buttons.add(d);
                children.add(calls.send(parent.bus(), parent.path(), NodeReader.ACCESSIBLE, "GetChildren", null));
            }
        }
        if (buttons.isEmpty()) {
            return;
        }
        List<List<BusCalls.Pending[]>> siblingReads = new ArrayList<>();
        List<List<AtspiRef>> siblings = new ArrayList<>();
        for (int i = 0; i < buttons.size(); i++) {
            BusCalls.Reply r = calls.await(children.get(i));
            List<AtspiRef> kids = r.ok() ? NodeReader.refs((List<?>) r.value(0)) : List.of();
            List<BusCalls.Pending[]> reads = new ArrayList<>();
            if (kids.size() <= MOST_SIBLINGS) {
                for (AtspiRef k : kids) {
                    if (!k.equals(buttons.get(i).node.ref)) {
                        reads.add(new BusCalls.Pending[] {
                            calls.send(k.bus(), k.path(), NodeReader.ACCESSIBLE, "GetRole", null),
                            calls.send(k.bus(), k.path(), NodeReader.ACCESSIBLE, "GetState", null)});
                    }
                }
            }
            AtspiRef self = buttons.get(i).node.ref;
            siblings.add(kids.stream().filter(k -> !k.equals(self)).toList());
            siblingReads.add(reads);
        }
        List<NodeReader.Details> faces = new ArrayList<>();
        List<BusCalls.Pending> relations = new ArrayList<>();
        for (int i = 0; i < buttons.size(); i++) {
            AtspiRef combo = hiddenCombo(calls, siblings.get(i), siblingReads.get(i));
            if (combo != null) {
                NodeReader.Details d = buttons.get(i);
                d.node.role = ROLE_COMBO_BOX;
                faces.add(d);
                relations.add(calls.send(combo.bus(), combo.path(), NodeReader.ACCESSIBLE, "GetRelationSet", null));
            }
        }
        for (int i = 0; i < faces.size(); i++) {
            NodeReader.Details d = faces.get(i);
            d.ownName = d.node.name;
            Relations.send(calls, d.node, calls.await(relations.get(i)), d);
        }
    }

    /** The one hidden combo box among the siblings read, or null when there is none or more than one. */
    private static AtspiRef hiddenCombo(BusCalls calls, List<AtspiRef> siblings, List<BusCalls.Pending[]> reads) {
        AtspiRef found = null;
        int combos = 0;
        for (int k = 0; k < reads.size(); k++) {
            BusCalls.Reply role = calls.await(reads.get(k)[0]);
            BusCalls.Reply state = calls.await(reads.get(k)[1]);
            if (!role.ok() || !state.ok() || ((UInt32) role.value(0)).intValue() != ROLE_COMBO_BOX) {
                continue;
            }
            combos++;
            if (!AtspiNames.has(AtspiNames.stateBits(state.value(0)), AtspiNames.STATE_SHOWING)) {
                found = siblings.get(k);
            }
        }
        return combos == 1 ? found : null;
    }

    private static Object okValue(BusCalls.Reply r) {
        return r.ok() ? r.value(0) : null;
    }
}
