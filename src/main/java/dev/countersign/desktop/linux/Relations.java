package dev.countersign.desktop.linux;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.freedesktop.dbus.types.UInt32;

/**
 * Names and descriptions that an element takes from other elements, as screen readers do: a
 * LibreOffice dialog's field, a GTK form's entry or a Qt spin box often has no name of its own and
 * is named only by the label its {@code labelled-by} relation points to ("Rows:"); its help text
 * comes by {@code described-by}. Without them an agent matches fields by their place beside a
 * label, and the approval dialog can only say "the unnamed text".
 *
 * <p>Only elements a person could act on or read a value from are asked, and only when they have
 * no name (or are combo boxes): one {@code GetRelationSet} each, then one name read per labelling element.
 */
final class Relations {
    /** {@code ATSPI_RELATION_LABELLED_BY} in {@code atspi-constants.h}. */
    static final int LABELLED_BY = 2;
    /** {@code ATSPI_RELATION_DESCRIBED_BY} in {@code atspi-constants.h}. */
    static final int DESCRIBED_BY = 18;
    /** The most elements read for one name: a label is one element, rarely two. */
    static final int MOST_TARGETS = 3;

    private static final Set<String> NAMED_ROLES = Set.of("combo box", "list", "list box", "tree", "tree table",
            "table", "text", "entry", "spin button", "slider", "toggle button", "check box", "radio button",
            "push button", "password text", "push button menu", "terminal", "document text");

    private Relations() {
    }

    /**
     * Whether the element's relations are read: it has no name, and it is a control or a field;
     * or it is a combo box, which GTK and Qt name by the item it shows ({@link ComboBoxes}).
     */
    static boolean wanted(RawNode n) {
        return !n.gone() && (n.name.isBlank() && (n.actionable() || NAMED_ROLES.contains(AtspiNames.role(n.role)))
                || n.role == ComboBoxes.ROLE_COMBO_BOX);
    }

    /**
     * Sends the name reads of the elements that label and (where it has no description) describe
     * {@code n}, from its {@code GetRelationSet} answer ({@code a(ua(so))}); nothing when the
     * application answered with an error or has no such relation.
     */
    static void send(BusCalls calls, RawNode n, BusCalls.Reply relations, NodeReader.Details d) {
        if (!relations.ok()) {
            return;
        }
        List<BusCalls.Pending> labels = new ArrayList<>();
        List<BusCalls.Pending> describers = new ArrayList<>();
        for (Object entry : (List<?>) relations.value(0)) {
            Object[] relation = (Object[]) entry;
            int type = ((UInt32) relation[0]).intValue();
            List<BusCalls.Pending> into = type == LABELLED_BY ? labels
                    : type == DESCRIBED_BY && n.description.isBlank() ? describers : null;
            if (into == null) {
                continue;
            }
            for (AtspiRef target : NodeReader.refs((List<?>) relation[1])) {
                // An element labelled by itself would name nothing new.
                if (into.size() < MOST_TARGETS && !target.equals(n.ref)) {
                    into.add(calls.send(target.bus(), target.path(), NodeReader.PROPERTIES, "Get", "ss",
                            NodeReader.ACCESSIBLE, "Name"));
                }
            }
        }
        d.labels = labels;
        d.describers = describers;
    }

    /** The names read, blank ones left out, joined by a space; "" when there are none. */
    static String joined(BusCalls calls, List<BusCalls.Pending> names) {
        StringBuilder out = new StringBuilder();
        for (BusCalls.Pending p : names) {
            BusCalls.Reply r = calls.await(p);
            String name = r.ok() ? NodeReader.string(r.value(0)).strip() : "";
            if (!name.isEmpty()) {
                out.append(out.length() == 0 ? "" : " ").append(name);
            }
        }
        return out.toString();
    }
}
