package dev.countersign.desktop.linux;

import dev.countersign.core.Rect;
import dev.countersign.desktop.PointHit;
import dev.countersign.desktop.WindowInfo;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.freedesktop.dbus.Struct;

/**
 * Where pointer input aimed at an element would land, and which popup menus an application shows,
 * both read through AT-SPI. The hit test starts at the element's own window (the top of its
 * {@code Parent} chain) and follows {@code Component.GetAccessibleAtPoint} down to the deepest
 * element at the point, since GTK answers with a direct child only. The point lands on the element
 * when the element is that deepest element, or an ancestor of it with nothing between that takes
 * a click itself (a panel's label is the panel's; a panel's button, a sheet's cell are not: they
 * have actions, focus or a selection of their own). A transient child (a spreadsheet's cell)
 * answered as a fresh object counts as the element when it is the same child of the same parent.
 * At each level the showing children that hold the point are counted too, and two or more refuse
 * the point: AT-SPI's answer knows nothing of stacking inside a window. The window stack's cover
 * check ({@code driver.PointCover}) proves the window is on top there; this proves what inside it is.
 */
final class AtspiHits {
    /** Deeper than any real tree; a cycle in a broken tree ends here. */
    private static final int MAX_DEPTH = 64;
    /** Containers with more children than this are not listed for overlaps (a long list's rows do not overlap). */
    private static final int MAX_LISTED = 256;
    /** A window holds its menu as a direct child; a few children are enough to find it. */
    private static final int MENU_CHILDREN = 8;

    private final A11yBus bus;

    AtspiHits(A11yBus bus) {
        this.bus = bus;
    }

    PointHit hitTest(AtspiRef element, int x, int y) {
        BusCalls calls = bus.appCalls(element.bus());
        AtspiRef window = windowOf(calls, element);
        if (window == null) {
            return PointHit.elsewhere("the element's window is not known (its accessible parents cannot be read)");
        }
        AtspiRef deepest = window;
        Set<AtspiRef> seen = new HashSet<>(List.of(window));
        for (int depth = 0; depth < MAX_DEPTH; depth++) {
            BusCalls.Pending at = calls.send(deepest.bus(), deepest.path(), NodeReader.COMPONENT,
                    "GetAccessibleAtPoint", "iiu", x, y, NodeReader.SCREEN_COORDS);
            String overlap = overlapping(calls, deepest, x, y);
            BusCalls.Reply r = calls.await(at);
            if (overlap != null) {
                return PointHit.elsewhere(overlap);
            }
            Object[] next = r.ok() ? fields(NodeReader.unwrap(r.value(0))) : null;
            if (next == null || next[1] == null) {
                break;
            }
            String bus = next[0] == null ? "" : next[0].toString();
            String nextPath = next[1].toString();
            if (nextPath.equals(AtspiRef.NULL_PATH)) {
                break;
            }
            if (!bus.isEmpty() && !bus.equals(element.bus())) {
                // Another process's content embedded there (a plug): not the element's own.
                boolean on = onPath(calls, deepest, element, window);
                return on ? PointHit.on("content of another application inside the element")
                        : PointHit.elsewhere("content of another application");
            }
            AtspiRef ref = new AtspiRef(element.bus(), nextPath);
            if (!seen.add(ref)) {
                break;
            }
            deepest = ref;
        }
        String found = describe(calls, element.bus(), deepest.path());
        AtspiRef at = deepest;
        AtspiRef control = null;
        for (int level = 0; level < MAX_DEPTH && at != null; level++) {
            if (at.equals(element) || sameChild(calls, at, element)) {
                // Inside the element, the point may still be a control's of its own (a button in a
                // panel, a cell of a sheet), which the element's labels do not judge.
                return control == null ? PointHit.on(found) : PointHit.elsewhere(describe(calls, control.bus(),
                        control.path()) + " inside it, which takes the click itself");
            }
            if (control == null && interactive(calls, at)) {
                control = at;
            }
            if (at.equals(window)) {
                break;
            }
            at = AtspiSelection.parentOf(calls, at);
        }
        return PointHit.elsewhere(found);
    }

    /** Whether {@code element} is {@code from} or one of its ancestors below {@code window}. */
    private static boolean onPath(BusCalls calls, AtspiRef from, AtspiRef element, AtspiRef window) {
        AtspiRef at = from;
        for (int level = 0; level < MAX_DEPTH && at != null; level++) {
            if (at.equals(element)) {
                return true;
            }
            if (at.equals(window)) {
                return false;
            }
            at = AtspiSelection.parentOf(calls, at);
        }
        return false;
    }

    /**
     * The top of the element's parent chain: the child of the application object, or the last
     * element with a parent at all (LibreOffice's frame above a document names no parent, and is a
     * different object from the window the application lists); null when a parent cannot be read.
     */
    private static AtspiRef windowOf(BusCalls calls, AtspiRef element) {
        AtspiRef at = element;
        for (int level = 0; level < 128; level++) {
            BusCalls.Reply r = calls.call(at.bus(), at.path(), NodeReader.PROPERTIES, "Get", "ss", NodeReader.ACCESSIBLE,
                    "Parent");
            if (!r.ok()) {
                return null;
            }
            AtspiRef parent = AtspiSelection.refOf(r.value(0));
            if (parent == null) {
                return at;
            }
            at = parent;
        }
        return null;
    }

    /**
     * Where two or more showing children of {@code parent} hold the point, what they are; null where
     * at most one does, or where the parent manages its descendants or has more children than are
     * worth listing. {@code GetAccessibleAtPoint} knows nothing of stacking inside a window: GTK
     * answers the first child whose extents hold the point, so for a panel under a
     * {@code GtkOverlay}'s button it names the panel, though a click there is the button's.
     */
    private static String overlapping(BusCalls calls, AtspiRef parent, int x, int y) {
        BusCalls.Pending asked = calls.send(parent.bus(), parent.path(), NodeReader.ACCESSIBLE, "GetState", null);
        BusCalls.Pending counted = calls.send(parent.bus(), parent.path(), NodeReader.PROPERTIES, "Get", "ss",
                NodeReader.ACCESSIBLE, "ChildCount");
        BusCalls.Reply state = calls.await(asked);
        BusCalls.Reply count = calls.await(counted);
        Object n = count.ok() ? NodeReader.unwrap(count.value(0)) : null;
        // A container that manages its descendants, or has more than are worth listing, is never
        // asked for its children (Calc's sheet would walk two billion cells to answer).
        if (!state.ok() || AtspiNames.has(AtspiNames.stateBits(state.value(0)), AtspiNames.STATE_MANAGES_DESCENDANTS)
                || !(n instanceof Integer listed) || listed < 2 || listed > MAX_LISTED) {
            return null;
        }
        BusCalls.Reply kids = calls.call(parent.bus(), parent.path(), NodeReader.ACCESSIBLE, "GetChildren", null);
        if (!kids.ok()) {
            return null;
        }
        List<AtspiRef> children = NodeReader.refs((List<?>) kids.value(0));
        if (children.size() < 2 || children.size() > MAX_LISTED) {
            return null;
        }
        List<BusCalls.Pending> extents = new ArrayList<>();
        List<BusCalls.Pending> states = new ArrayList<>();
        for (AtspiRef c : children) {
            extents.add(calls.send(c.bus(), c.path(), NodeReader.COMPONENT, "GetExtents", "u", NodeReader.SCREEN_COORDS));
            states.add(calls.send(c.bus(), c.path(), NodeReader.ACCESSIBLE, "GetState", null));
        }
        List<AtspiRef> holding = new ArrayList<>();
        for (int i = 0; i < children.size(); i++) {
            BusCalls.Reply e = calls.await(extents.get(i));
            BusCalls.Reply st = calls.await(states.get(i));
            Rect f = e.ok() ? NodeReader.rect((Object[]) e.value(0)) : null;
            boolean showing = st.ok() && AtspiNames.has(AtspiNames.stateBits(st.value(0)), AtspiNames.STATE_SHOWING);
            if (showing && f != null && !f.isEmpty() && !NodeReader.offscreen(f) && f.contains(x, y)) {
                holding.add(children.get(i));
            }
        }
        if (holding.size() < 2) {
            return null;
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < Math.min(holding.size(), 3); i++) {
            out.append(i == 0 ? "" : " and ").append(describe(calls, holding.get(i).bus(), holding.get(i).path()));
        }
        return out + ", which overlap there (where a click lands cannot be told)";
    }

    /** Whether a click on the element does something of its own: it has an action, takes focus, is selectable or editable. */
    private static boolean interactive(BusCalls calls, AtspiRef ref) {
        BusCalls.Pending state = calls.send(ref.bus(), ref.path(), NodeReader.ACCESSIBLE, "GetState", null);
        BusCalls.Pending actions = calls.send(ref.bus(), ref.path(), NodeReader.PROPERTIES, "Get", "ss",
                NodeReader.ACTION, "NActions");
        BusCalls.Reply s = calls.await(state);
        BusCalls.Reply a = calls.await(actions);
        if (!s.ok()) {
            // Unreadable: what it would do with a click cannot be told, so it counts as doing something.
            return true;
        }
        long bits = AtspiNames.stateBits(s.value(0));
        Object count = a.ok() ? NodeReader.unwrap(a.value(0)) : null;
        return AtspiNames.has(bits, AtspiNames.STATE_FOCUSABLE) || AtspiNames.has(bits, AtspiNames.STATE_SELECTABLE)
                || AtspiNames.has(bits, AtspiNames.STATE_EDITABLE) || count instanceof Integer n && n > 0;
    }

    /** Whether {@code a} is a fresh object for {@code b}'s place (a transient cell): same index of the same parent, same name. */
    private static boolean sameChild(BusCalls calls, AtspiRef a, AtspiRef b) {
        if (!a.bus().equals(b.bus())) {
            return false;
        }
        AtspiRef pa = AtspiSelection.parentOf(calls, a);
        if (pa == null || !pa.equals(AtspiSelection.parentOf(calls, b))) {
            return false;
        }
        BusCalls.Reply ia = calls.call(a.bus(), a.path(), NodeReader.ACCESSIBLE, "GetIndexInParent", null);
        BusCalls.Reply ib = calls.call(b.bus(), b.path(), NodeReader.ACCESSIBLE, "GetIndexInParent", null);
        return ia.ok() && ib.ok() && ia.value(0).equals(ib.value(0)) && (Integer) ia.value(0) >= 0
                && describe(calls, a.bus(), a.path()).equals(describe(calls, b.bus(), b.path()));
    }

    /**
     * The application's popup menus that show: a top-level child of the application that is a
     * menu, or a window (GTK puts each popup menu in a window of its own) whose direct child is a
     * showing menu with a real frame. Qt leaves its popups out of the application's children, so
     * its menus are not found here.
     */
    List<WindowInfo> openMenus(AtspiRef element) {
        NodeReader reader = bus.reader(element.bus());
        List<WindowInfo> out = new ArrayList<>();
        for (RawNode top : read(reader, rootChildren(reader, element.bus()), true)) {
            if (!showing(top)) {
                continue;
            }
            if (menu(top)) {
                out.add(new WindowInfo(top.ref, top.name, top.frame, false));
                continue;
            }
            List<AtspiRef> children = top.children.subList(0, Math.min(MENU_CHILDREN, top.children.size()));
            for (RawNode child : read(reader, children, false)) {
                if (showing(child) && menu(child)) {
                    out.add(new WindowInfo(top.ref, top.name, top.frame != null ? top.frame : child.frame, false));
                    break;
                }
            }
        }
        return out;
    }

    private static List<AtspiRef> rootChildren(NodeReader reader, String busName) {
        RawNode root = new RawNode(new AtspiRef(busName, AtspiRef.ROOT_PATH), 0, -1, 0);
        reader.collectStructure(reader.sendStructure(root));
        reader.collectChildren(root, reader.sendChildren(root));
        return root.children;
    }

    /** Structure (with children when asked) and frame of each element, sent together, then awaited. */
    private static List<RawNode> read(NodeReader reader, List<AtspiRef> refs, boolean children) {
        List<RawNode> nodes = reader.readStructures(refs);
        if (children) {
            // A hit test walks only the few elements at a point, never a managed table's cells.
            reader.readChildren(nodes);
        }
        List<NodeReader.Details> details = new ArrayList<>();
        for (RawNode n : nodes) {
            details.add(reader.sendDetails(n, true));
        }
        details.forEach(reader::collectDetails);
        reader.finishDetails(details);
        return nodes;
    }

    private static boolean showing(RawNode n) {
        Rect f = n.frame;
        // A closed GTK menu keeps its window showing at (-99, -99) 1×1, or its items at the sentinel.
        return !n.gone() && AtspiNames.has(n.stateBits, AtspiNames.STATE_SHOWING) && f != null && f.width() > 1
                && f.height() > 1 && f.x() > Integer.MIN_VALUE;
    }

    private static boolean menu(RawNode n) {
        return n.role == AtspiNames.ROLE_POPUP_MENU || n.role == AtspiNames.ROLE_MENU;
    }

    /** A role and name for the agent: "push button 'Trash'". */
    private static String describe(BusCalls calls, String busName, String path) {
        BusCalls.Pending role = calls.send(busName, path, NodeReader.ACCESSIBLE, "GetRoleName", null);
        BusCalls.Pending name = calls.send(busName, path, NodeReader.PROPERTIES, "Get", "ss", NodeReader.ACCESSIBLE,
                "Name");
        BusCalls.Reply r = calls.await(role);
        BusCalls.Reply n = calls.await(name);
        String roleName = r.ok() ? NodeReader.string(r.value(0)) : "element";
        String label = n.ok() ? NodeReader.string(n.value(0)) : "";
        return label.isEmpty() ? roleName : roleName + " '" + label + "'";
    }

    /** The path of the element's ancestor whose parent is the application object, or null when unreadable. */
    String topAncestorPath(AtspiRef ref) {
        BusCalls calls = bus.appCalls(ref.bus());
        String path = ref.path();
        for (int guard = 0; guard < 128; guard++) {
            BusCalls.Reply r = calls.call(ref.bus(), path, NodeReader.PROPERTIES, "Get", "ss", NodeReader.ACCESSIBLE,
                    "Parent");
            if (!r.ok()) {
                return null;
            }
            Object[] parent = fields(NodeReader.unwrap(r.value(0)));
            String parentPath = parent == null || parent[1] == null ? null : parent[1].toString();
            if (parentPath == null || parentPath.equals(AtspiRef.NULL_PATH)) {
                return null;
            }
            if (parentPath.equals(AtspiRef.ROOT_PATH)) {
                return path;
            }
            path = parentPath;
        }
        return null;
    }

    /** The fields of an AT-SPI reference {@code (so)}, as dbus-java hands it (an array or a struct); null otherwise. */
    private static Object[] fields(Object v) {
        Object[] fields = v instanceof Object[] array ? array : v instanceof Struct struct ? struct.getParameters() : null;
        return fields == null || fields.length < 2 ? null : fields;
    }
}
