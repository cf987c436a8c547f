package dev.countersign.desktop.linux;

import dev.countersign.core.Rect;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
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
    private static final String PREFIX = "org.a11y.atspi.";
    private static final UInt32 SCREEN_COORDS = new UInt32(0);

    private final BusCalls calls;

    NodeReader(BusCalls calls) {
        this.calls = calls;
    }

    /** Structure reads in flight for one element. */
    static final class Structure {
        final RawNode node;
        BusCalls.Pending all;
        BusCalls.Pending role;
        BusCalls.Pending state;
        BusCalls.Pending interfaces;
        BusCalls.Pending children;

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

        Details(RawNode node) {
            this.node = node;
        }
    }

    Structure sendStructure(RawNode node, boolean children) {
        String bus = node.ref.bus();
        String path = node.ref.path();
        Structure s = new Structure(node);
        s.all = calls.send(bus, path, PROPERTIES, "GetAll", "s", ACCESSIBLE);
        s.role = calls.send(bus, path, ACCESSIBLE, "GetRole", null);
        s.state = calls.send(bus, path, ACCESSIBLE, "GetState", null);
        s.interfaces = calls.send(bus, path, ACCESSIBLE, "GetInterfaces", null);
        if (children) {
            s.children = calls.send(bus, path, ACCESSIBLE, "GetChildren", null);
        }
        return s;
    }

    void collectStructure(Structure s) {
        RawNode n = s.node;
        BusCalls.Reply all = calls.await(s.all);
        BusCalls.Reply role = calls.await(s.role);
        BusCalls.Reply state = calls.await(s.state);
        BusCalls.Reply interfaces = calls.await(s.interfaces);
        BusCalls.Reply children = s.children == null ? null : calls.await(s.children);
        if (!all.ok() || !role.ok() || !state.ok()) {
            BusCalls.Reply bad = !all.ok() ? all : !role.ok() ? role : state;
            n.goneReason = bad.gone() ? "element gone (" + bad.errorName() + ")" : "unreadable: " + bad.errorMessage();
            return;
        }
        Map<?, ?> props = (Map<?, ?>) all.value(0);
        n.name = string(props.get("Name"));
        n.description = string(props.get("Description"));
        String id = string(props.get("AccessibleId"));
        n.identifier = id.isEmpty() ? null : id;
        Object count = unwrap(props.get("ChildCount"));
        n.childCount = count instanceof Integer ? (Integer) count : 0;
        n.role = ((UInt32) role.value(0)).intValue();
        n.stateBits = AtspiNames.stateBits(state.value(0));
        n.interfaces = interfaces.ok() ? shortNames((List<?>) interfaces.value(0)) : Set.of();
        if (children != null && children.ok()) {
            n.children = refs((List<?>) children.value(0));
        }
        if (AtspiNames.has(n.stateBits, AtspiNames.STATE_DEFUNCT)) {
            n.goneReason = "element defunct";
        }
    }

    /** Fills an element from one {@code Cache.GetItems} entry: {@code ((so)(so)(so)iiassusau)}. */
    static void fillFromCache(RawNode n, Object[] item) {
        n.childCount = (Integer) item[4];
        n.interfaces = shortNames((List<?>) item[5]);
        n.name = (String) item[6];
        n.role = ((UInt32) item[7]).intValue();
        n.description = (String) item[8];
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
        if (n.interfaces.contains("Component")) {
            d.extents = calls.send(bus, path, COMPONENT, "GetExtents", "u", SCREEN_COORDS);
        }
        if (n.interfaces.contains("Action")) {
            d.actions = calls.send(bus, path, ACTION, "GetActions", null);
        }
        if (!identifierKnown && n.actionable()) {
            d.identifier = calls.send(bus, path, PROPERTIES, "Get", "ss", ACCESSIBLE, "AccessibleId");
        }
        d.value = sendValue(n);
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
            n.actions = AtspiNames.actions(actions.value(0));
        }
        if (identifier != null && identifier.ok()) {
            String id = string(identifier.value(0));
            n.identifier = id.isEmpty() ? null : id;
        }
        if (value != null && value.ok() && !n.secure()) {
            Object v = unwrap(value.value(0));
            if (v instanceof Double) {
                double x = (Double) v;
                n.value = x == Math.rint(x) ? Long.toString((long) x) : Double.toString(x);
            } else if (v != null) {
                n.value = v.toString();
            }
        }
    }

    /** Text for editable and text elements, the number of a Value element; never anything for a secure one. */
    private BusCalls.Pending sendValue(RawNode n) {
        if (n.secure()) {
            return null;
        }
        boolean textual = n.interfaces.contains("EditableText")
                || n.role == AtspiNames.ROLE_TEXT || n.role == AtspiNames.ROLE_ENTRY;
        if (textual && n.interfaces.contains("Text")) {
            return calls.send(n.ref.bus(), n.ref.path(), TEXT, "GetText", "ii", 0, -1);
        }
        if (n.interfaces.contains("Value")) {
            return calls.send(n.ref.bus(), n.ref.path(), PROPERTIES, "Get", "ss", VALUE, "CurrentValue");
        }
        return null;
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
        return v instanceof Variant ? ((Variant<?>) v).getValue() : v;
    }

    static String string(Object v) {
        Object u = unwrap(v);
        return u == null ? "" : u.toString();
    }
}
