package dev.countersign.desktop.linux;

import dev.countersign.core.Rect;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.freedesktop.dbus.types.UInt32;
import org.freedesktop.dbus.types.Variant;

/**
 * Sends and collects the reads of one element in halves, so a walker can put the requests of
 * many elements in flight before it waits for any reply.
 *
 * <p>Structure reads (name, role, states, interfaces, children) are only needed for elements the
 * application's cache did not describe. Detail reads — screen extents, action names, the accessible
 * id of actionable elements, and values — are sent once the role is known, so a password
 * field's text is never even requested.
 */
final class NodeReader {
    static final String ACCESSIBLE = "org.a11y.atspi.Accessible";
    static final String COMPONENT = "org.a11y.atspi.Component";
    static final String ACTION = "org.a11y.atspi.Action";
    static final String TEXT = "org.a11y.atspi.Text";
    static final String VALUE = "org.a11y.atspi.Value";
    static final String PROPERTIES = "org.freedesktop.DBus.Properties";
    static final String APPLICATION = "org.a11y.atspi.Application";
    private static final String PREFIX = "org.a11y.atspi.";
    static final UInt32 SCREEN_COORDS = new UInt32(0);
    /**
     * The most characters (code points) of an element's text, name or description read: a page
     * with a 30-million-character text area would otherwise fill the heap, and a D-Bus reply over
     * 128 MiB resets the shared accessibility connection. Text is asked for by range, never whole;
     * what is cut is marked {@link #TRUNCATED}.
     */
    static final int MAX_TEXT = 65_536;
    /** The state word of an element whose text, name or description was cut at {@link #MAX_TEXT}. */
    static final String TRUNCATED = "text_truncated";

    private final BusCalls calls;
    private final NodeValues values;
    private final ActionReads actionReads;
    private final Toolkit toolkit;
    /** Action names read by earlier observations, or null to ask every time (re-reads before an action). */
    private final ActionNames actionNames;

    NodeReader(BusCalls calls, Toolkit toolkit) {
        this(calls, toolkit, null);
    }

    NodeReader(BusCalls calls, Toolkit toolkit, ActionNames actionNames) {
        this.calls = calls;
        this.values = new NodeValues(calls);
        this.actionReads = new ActionReads(calls, toolkit);
        this.toolkit = toolkit;
        this.actionNames = actionNames;
    }

    Toolkit toolkit() {
        return toolkit;
    }

    /** Structure reads in flight for one element. */
    static final class Structure {
        final RawNode node;
        /** {@code GetAll} of the Accessible properties, or null where single reads are used. */
        BusCalls.Pending all;
        BusCalls.Pending name;
        BusCalls.Pending description;
        BusCalls.Pending childCount;
        BusCalls.Pending role;
        BusCalls.Pending state;
        BusCalls.Pending interfaces;

        Structure(RawNode node) {
            this.node = node;
        }
    }

    /** Detail reads in flight for one element. */
    static final class Details {
        final RawNode node;
        BusCalls.Pending extents;
        BusCalls.Pending actions;
        BusCalls.Pending identifier;
        BusCalls.Pending value;
        /** {@code Action.GetName(i)} per action, sent once {@code GetActions} or {@code NActions} said how many there are. */
        List<BusCalls.Pending> actionNames = List.of();
        /** The {@code GetActions} answer the names belong to (from a count: {@link ActionReads#listed}). */
        List<?> actionsAnswer;
        /** {@code GetRelationSet} of an element without a name of its own, or null. */
        BusCalls.Pending relations;
        /** The names of the elements that label it ({@code labelled-by}), sent once the relations are read. */
        List<BusCalls.Pending> labels = List.of();
        /** The names of the elements that describe it ({@code described-by}), where it has no description. */
        List<BusCalls.Pending> describers = List.of();
        /**
         * Whether its text is read only once its label is known: an unnamed field labelled
         * "Password" by a relation is secure, and a secure field's text is never requested.
         */
        boolean valueAfterLabel;
        /** A combo box's own name before its label is known ({@link ComboBoxes}); null for any other element. */
        String ownName;
        /**
         * A combo box's first child (its list), asked where the combo box has no selection of its
         * own or its toolkit is not asked for one ({@link Toolkit#selectionSafe}).
         */
        BusCalls.Pending comboList;
        /** The item a combo box (or its list) has selected. */
        BusCalls.Pending comboItem;
        /** The list's items, where the toolkit is asked for them instead of its selection ({@link Toolkit#selectionSafe}). */
        BusCalls.Pending comboOptions;
        /** That item's name: the combo box's value. */
        BusCalls.Pending comboName;
        /** An unnamed toggle button's parent, where it may be a LibreOffice drop-down's face. */
        BusCalls.Pending buttonParent;

        Details(RawNode node) {
            this.node = node;
        }
    }

    /**
     * The element's own structure, without its children: whether they may be listed at all
     * ({@link VisibleChildren#applies}) is known only once its states and child count are read.
     */
    Structure sendStructure(RawNode node) {
        String bus = node.ref.bus();
        String path = node.ref.path();
        Structure s = new Structure(node);
        if (toolkit.getAllSafe()) {
            s.all = calls.send(bus, path, PROPERTIES, "GetAll", "s", ACCESSIBLE);
        } else {
            s.name = calls.send(bus, path, PROPERTIES, "Get", "ss", ACCESSIBLE, "Name");
            s.description = calls.send(bus, path, PROPERTIES, "Get", "ss", ACCESSIBLE, "Description");
            s.childCount = calls.send(bus, path, PROPERTIES, "Get", "ss", ACCESSIBLE, "ChildCount");
        }
        s.role = calls.send(bus, path, ACCESSIBLE, "GetRole", null);
        s.state = calls.send(bus, path, ACCESSIBLE, "GetState", null);
        s.interfaces = calls.send(bus, path, ACCESSIBLE, "GetInterfaces", null);
        return s;
    }

    void collectStructure(Structure s) {
        RawNode n = s.node;
        BusCalls.Reply all = s.all == null ? calls.await(s.name) : calls.await(s.all);
        BusCalls.Reply description = s.description == null ? null : calls.await(s.description);
        BusCalls.Reply childCount = s.childCount == null ? null : calls.await(s.childCount);
        BusCalls.Reply role = calls.await(s.role);
        BusCalls.Reply state = calls.await(s.state);
        BusCalls.Reply interfaces = calls.await(s.interfaces);
        if (!all.ok() || !role.ok() || !state.ok()) {
            BusCalls.Reply bad = !all.ok() ? all : !role.ok() ? role : state;
            n.goneReason = bad.gone() ? "element gone (" + bad.errorName() + ")" : "unreadable: " + bad.errorMessage();
            return;
        }
        Object count;
        if (s.all != null) {
            Map<?, ?> props = (Map<?, ?>) all.value(0);
            n.name = string(props.get("Name"));
            n.description = string(props.get("Description"));
            String id = string(props.get("AccessibleId"));
            n.identifier = id.isEmpty() ? null : id;
            count = unwrap(props.get("ChildCount"));
        } else {
            n.name = string(all.value(0));
            n.description = description.ok() ? string(description.value(0)) : "";
            count = childCount.ok() ? unwrap(childCount.value(0)) : null;
        }
        n.name = toolkit.cleanName(capped(n, n.name));
        n.description = capped(n, n.description);
        n.childCount = count instanceof Integer c ? c : 0;
        n.countKnown = count instanceof Integer;
        n.role = ((UInt32) role.value(0)).intValue();
        n.stateBits = AtspiNames.stateBits(state.value(0));
        n.interfaces = interfaces.ok() ? shortNames((List<?>) interfaces.value(0)) : Set.of();
        if (AtspiNames.has(n.stateBits, AtspiNames.STATE_DEFUNCT)) {
            n.goneReason = "element defunct";
        }
    }

    /**
     * The element's children, for an element that may list them (not one that manages its
     * descendants or has too many: {@link VisibleChildren}); null where there is nothing to ask,
     * a leaf by its known child count.
     */
    BusCalls.Pending sendChildren(RawNode n) {
        if (n.countKnown && n.childCount == 0) {
            return null;
        }
        return calls.send(n.ref.bus(), n.ref.path(), ACCESSIBLE, "GetChildren", null);
    }

    void collectChildren(RawNode n, BusCalls.Pending children) {
        if (children == null) {
            return;
        }
        BusCalls.Reply reply = calls.await(children);
        if (reply.ok()) {
            n.children = refs((List<?>) reply.value(0));
        }
    }

    /** Reads the structure of each element, the reads sent together, then awaited. */
    List<RawNode> readStructures(List<AtspiRef> refs) {
        List<RawNode> nodes = new ArrayList<>(refs.size());
        List<Structure> pending = new ArrayList<>(refs.size());
        for (AtspiRef ref : refs) {
            RawNode n = new RawNode(ref, 0, -1, nodes.size());
            nodes.add(n);
            pending.add(sendStructure(n));
        }
        pending.forEach(this::collectStructure);
        return nodes;
    }

    /**
     * Lists the children of each element that may list them (not one gone, nor one that manages
     * its descendants: {@link VisibleChildren}), the calls sent together, then awaited.
     */
    void readChildren(List<RawNode> nodes) {
        List<BusCalls.Pending> lists = nodes.stream()
                .map(n -> n.gone() || VisibleChildren.applies(n) ? null : sendChildren(n)).toList();
        for (int i = 0; i < nodes.size(); i++) {
            collectChildren(nodes.get(i), lists.get(i));
        }
    }

    /** The non-empty key bindings of each element's actions, read as its toolkit answers safely. */
    List<List<String>> keyBindings(List<RawNode> elements) {
        return actionReads.keyBindings(elements);
    }

    /** Fills an element from one {@code Cache.GetItems} entry: {@code ((so)(so)(so)iiassusau)}. */
    void fillFromCache(RawNode n, Object[] item) {
        n.childCount = (Integer) item[4];
        n.countKnown = true;
        n.interfaces = shortNames((List<?>) item[5]);
        n.name = toolkit.cleanName(capped(n, (String) item[6]));
        n.role = ((UInt32) item[7]).intValue();
        n.description = capped(n, (String) item[8]);
        n.stateBits = AtspiNames.stateBits(item[9]);
        if (AtspiNames.has(n.stateBits, AtspiNames.STATE_DEFUNCT)) {
            n.goneReason = "element defunct";
        }
    }

    Details sendDetails(RawNode n, boolean identifierKnown) {
        Details d = new Details(n);
        if (n.gone()) {
            return d;
        }
        String bus = n.ref.bus();
        String path = n.ref.path();
        // A frame already known (a window its observation's window list has just read) is not asked again.
        if (n.interfaces.contains("Component") && n.frame == null) {
            d.extents = calls.send(bus, path, COMPONENT, "GetExtents", "u", SCREEN_COORDS);
        }
        if (n.interfaces.contains("Action")) {
            d.actions = actionReads.send(n.ref);
        }
        // Qt is asked only for the properties it is known to answer safely.
        if (!identifierKnown && n.actionable() && !toolkit.qt()) {
            d.identifier = calls.send(bus, path, PROPERTIES, "Get", "ss", ACCESSIBLE, "AccessibleId");
        }
        if (Relations.wanted(n)) {
            d.relations = calls.send(bus, path, ACCESSIBLE, "GetRelationSet", null);
            d.valueAfterLabel = n.interfaces.contains("EditableText");
        }
        d.value = d.valueAfterLabel ? null : values.send(n);
        ComboBoxes.send(calls, n, d, toolkit);
        return d;
    }

    void collectDetails(Details d) {
        RawNode n = d.node;
        BusCalls.Reply extents = d.extents == null ? null : calls.await(d.extents);
        BusCalls.Reply actions = d.actions == null ? null : calls.await(d.actions);
        BusCalls.Reply identifier = d.identifier == null ? null : calls.await(d.identifier);
        BusCalls.Reply value = d.value == null ? null : calls.await(d.value);
        if (extents != null && extents.ok()) {
            n.frame = rect((Object[]) extents.value(0));
        }
        if (actions != null && actions.ok()) {
            // GetActions' first field is the localized label, which browsers leave empty or fill
            // with junk (";;"); the action's name comes from GetName, asked once the count is known.
            List<?> answer = ActionReads.listed(actions);
            n.actions = AtspiNames.actions(answer);
            List<String> known = actionNames == null ? null : actionNames.names(n.ref, answer, n.stateBits);
            if (known != null) {
                n.actions = known;
            } else {
                d.actionsAnswer = answer;
                List<BusCalls.Pending> names = new ArrayList<>(answer.size());
                for (int i = 0; i < answer.size(); i++) {
                    names.add(calls.send(n.ref.bus(), n.ref.path(), ACTION, "GetName", "i", i));
                }
                d.actionNames = names;
            }
        }
        if (identifier != null && identifier.ok()) {
            String id = string(identifier.value(0));
            n.identifier = id.isEmpty() ? null : id;
        }
        values.apply(n, value);
        if (d.relations != null) {
            Relations.send(calls, n, calls.await(d.relations), d);
        }
    }

    /**
     * Completes what {@link #collectDetails} sent, for every element at once: combo boxes' items
     * and LibreOffice's drop-down faces ({@link ComboBoxes}), the names of labelling and describing elements, then the text of the fields whose label had to be known
     * first (those reads all in flight together), then the action names.
     */
    void finishDetails(List<Details> details) {
        ComboBoxes.finish(calls, details, toolkit);
        List<BusCalls.Pending> late = new ArrayList<>(details.size());
        for (Details d : details) {
            RawNode n = d.node;
            String label = Relations.joined(calls, d.labels);
            if (d.ownName != null) {
                ComboBoxes.apply(calls, d, label, toolkit);
            } else if (n.name.isBlank() && !label.isBlank()) {
                n.name = toolkit.cleanName(capped(n, label));
            }
            String description = Relations.joined(calls, d.describers);
            if (n.description.isBlank() && !description.isBlank()) {
                n.description = capped(n, description);
            }
            late.add(d.valueAfterLabel && !n.gone() ? values.send(n) : null);
        }
        for (int i = 0; i < details.size(); i++) {
            Details d = details.get(i);
            RawNode n = d.node;
            if (late.get(i) != null) {
                values.apply(n, calls.await(late.get(i)));
            }
            collectActionNames(d);
            n.clickByPointer = toolkit.qt() && QT_TOGGLED.contains(AtspiNames.role(n.role))
                    && n.actions.contains("toggle") && !n.actions.contains("press") && !n.actions.contains("click");
        }
    }

    /**
     * Qt's roles whose only action is "toggle": it sets the checked or selected state without the
     * app seeing a click (QAbstractButton::toggle, not click), so VLC's "All" radio button shows
     * checked while the dialog stays on its simple page, and a settings tree's row is selected
     * while its page does not open. Not check boxes: a setting's check box is read when the
     * dialog saves, so its toggle does what a click does, and Qt's hit test does not reach one
     * inside a scroll area, which a guarded pointer click needs.
     */
    private static final Set<String> QT_TOGGLED = Set.of("radio button", "toggle button", "tree item",
            "list item", "table cell");

    /** Collects the action names sent by {@link #collectDetails}; the localized labels stay where a name is missing. */
    private void collectActionNames(Details d) {
        if (d.actionNames.isEmpty()) {
            return;
        }
        List<String> names = new ArrayList<>(d.node.actions);
        boolean every = true;
        for (int i = 0; i < d.actionNames.size() && i < names.size(); i++) {
            BusCalls.Reply r = calls.await(d.actionNames.get(i));
            String name = r.ok() ? string(r.value(0)).trim() : "";
            if (!name.isEmpty()) {
                names.set(i, name.toLowerCase(Locale.ROOT));
            } else {
                every = false;
            }
        }
        d.node.actions = List.copyOf(names);
        // Only names the application gave are kept for later observations, never a fallback label.
        if (every && actionNames != null && d.actionsAnswer != null) {
            actionNames.remember(d.node.ref, d.actionsAnswer, d.node.stateBits, d.node.actions);
        }
    }

    /** {@code text} cut at {@link #MAX_TEXT} code points, the node marked when it was. */
    static String capped(RawNode n, String text) {
        if (text == null || text.length() <= MAX_TEXT || text.codePointCount(0, text.length()) <= MAX_TEXT) {
            return text;
        }
        n.textTruncated = true;
        return head(text);
    }

    /** The first {@link #MAX_TEXT} code points of {@code text}. */
    static String head(String text) {
        return text.substring(0, text.offsetByCodePoints(0, MAX_TEXT));
    }

    /**
     * A window's frame as the union of its children's, for toolkits that report none for the
     * window itself: the Java ATK wrapper answers (-1,-1,-1,-1) for a frame whose children are
     * all placed correctly. Null when no child has an on-screen extent either.
     */
    Rect frameFromChildren(RawNode window) {
        BusCalls.Reply kids = calls.call(window.ref.bus(), window.ref.path(), ACCESSIBLE, "GetChildren", null);
        if (!kids.ok()) {
            return null;
        }
        List<BusCalls.Pending> extents = new ArrayList<>();
        for (AtspiRef k : refs((List<?>) kids.value(0))) {
            extents.add(calls.send(k.bus(), k.path(), COMPONENT, "GetExtents", "u", SCREEN_COORDS));
        }
        Rect union = null;
        for (BusCalls.Pending p : extents) {
            BusCalls.Reply r = calls.await(p);
            Rect f = r.ok() ? rect((Object[]) r.value(0)) : null;
            if (f != null && !offscreen(f) && !f.isEmpty()) {
                union = union == null ? f : union(union, f);
            }
        }
        return union;
    }

    /** GTK's sentinel for an element that is not on screen: a 1×1 frame at the most negative coordinates. */
    static boolean offscreen(Rect f) {
        return f.x() == Integer.MIN_VALUE || f.y() == Integer.MIN_VALUE;
    }

    private static Rect union(Rect a, Rect b) {
        int x = Math.min(a.x(), b.x());
        int y = Math.min(a.y(), b.y());
        int right = Math.max(a.x() + a.width(), b.x() + b.width());
        int bottom = Math.max(a.y() + a.height(), b.y() + b.height());
        return new Rect(x, y, right - x, bottom - y);
    }

    static List<AtspiRef> refs(List<?> structs) {
        List<AtspiRef> out = new ArrayList<>(structs.size());
        for (Object r : structs) {
            AtspiRef ref = AtspiRef.fromStruct(r);
            if (!ref.isNull()) {
                out.add(ref);
            }
        }
        return out;
    }

    static Rect rect(Object[] xywh) {
        int w = (Integer) xywh[2];
        int h = (Integer) xywh[3];
        // GTK reports negative sizes for elements that have no on-screen extent.
        return w < 0 || h < 0 ? null : new Rect((Integer) xywh[0], (Integer) xywh[1], w, h);
    }

    private static Set<String> shortNames(List<?> names) {
        Set<String> out = new HashSet<>();
        for (Object o : names) {
            String s = (String) o;
            out.add(s.startsWith(PREFIX) ? s.substring(PREFIX.length()) : s);
        }
        return out;
    }

    static Object unwrap(Object v) {
        return v instanceof Variant<?> variant ? variant.getValue() : v;
    }

    static String string(Object v) {
        Object u = unwrap(v);
        return u == null ? "" : u.toString();
    }
}
