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
 * element at the point, since GTK answers with a direct child only; the point lands on the
 * element when the element is on that path. The window stack's cover check
 * ({@code driver.PointCover}) proves the window is on top there; this proves what inside it is.
 */
final class AtspiHits {
    /** Deeper than any real tree; a cycle in a broken tree ends here. */
    private static final int MAX_DEPTH = 64;
    /** A window holds its menu as a direct child; a few children are enough to find it. */
    private static final int MENU_CHILDREN = 8;

    private final A11yBus bus;

    AtspiHits(A11yBus bus) {
        this.bus = bus;
    }

    PointHit hitTest(AtspiRef element, int x, int y) {
        String window = topAncestorPath(element);
        if (window == null) {
            return PointHit.elsewhere("the element's window is not known (its accessible parents cannot be read)");
        }
        BusCalls calls = bus.appCalls(element.bus());
        String path = window;
        Set<String> seen = new HashSet<>(List.of(window));
        boolean on = window.equals(element.path());
        for (int depth = 0; depth < MAX_DEPTH; depth++) {
            BusCalls.Reply r = calls.call(element.bus(), path, NodeReader.COMPONENT, "GetAccessibleAtPoint", "iiu",
                    x, y, NodeReader.SCREEN_COORDS);
            if (!r.ok()) {
                break;
            }
            Object[] next = fields(NodeReader.unwrap(r.value(0)));
            if (next == null || next[1] == null) {
                break;
            }
            String bus = next[0] == null ? "" : next[0].toString();
            String nextPath = next[1].toString();
            if (nextPath.equals(AtspiRef.NULL_PATH) || !seen.add(nextPath)) {
                break;
            }
            if (!bus.isEmpty() && !bus.equals(element.bus())) {
                // Another process's content embedded there (a plug): not the element's own.
                return on ? PointHit.on("content of another application inside the element")
                        : PointHit.elsewhere("content of another application");
            }
            path = nextPath;
            on |= path.equals(element.path());
        }
        String found = describe(calls, element.bus(), path);
        return on ? PointHit.on(found) : PointHit.elsewhere(found);
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
        List<RawNode> nodes = new ArrayList<>();
        List<NodeReader.Structure> structures = new ArrayList<>();
        for (AtspiRef ref : refs) {
            RawNode n = new RawNode(ref, 0, -1, nodes.size());
            nodes.add(n);
            structures.add(reader.sendStructure(n));
        }
        structures.forEach(reader::collectStructure);
        if (children) {
            // A hit test walks only the few elements at a point, never a managed table's cells.
            List<BusCalls.Pending> lists = nodes.stream()
                    .map(n -> n.gone() || VisibleChildren.applies(n) ? null : reader.sendChildren(n)).toList();
            for (int i = 0; i < nodes.size(); i++) {
                reader.collectChildren(nodes.get(i), lists.get(i));
            }
        }
        List<NodeReader.Details> details = new ArrayList<>();
        for (RawNode n : nodes) {
            details.add(reader.sendDetails(n, true));
        }
        details.forEach(reader::collectDetails);
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
