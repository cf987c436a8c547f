package dev.countersign.desktop.linux;

import dev.countersign.core.Rect;
import dev.countersign.desktop.PointHit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Where a screen point lands in an element's window, by AT-SPI's own hit test: from the window
 * down, {@code Component.GetAccessibleAtPoint} (screen coordinates) one level at a time until it
 * names nothing deeper. The point is on the element when the element is that deepest element, or
 * one of its ancestors with nothing between that takes a click itself (a panel's label is the
 * panel's; a panel's button, a sheet's cell are not: they have actions, focus or a selection of
 * their own, and a click there is theirs, judged by nobody's labels). An element of a container that manages its descendants (a spreadsheet's
 * cell) may be answered by a fresh object for the same child; it counts as the element when it
 * is the same child (index) of the same parent with the same name.
 *
 * <p>{@code GetAccessibleAtPoint} knows nothing of stacking inside a window: GTK answers the
 * first child whose extents hold the point, so a button an overlay lays over a panel's centre is
 * not what it names, though the click lands on the button. So at every level on the way down,
 * the showing children whose extents hold the point are counted too, and where two or more do,
 * where the point lands cannot be told: it is not on the element. A container that manages its
 * descendants (a table of a million cells) places them itself and is not listed.
 */
final class AtspiHitTest {
    /** Deeper than any real tree; a loop in a broken tree ends here. */
    private static final int MAX_LEVELS = 64;
    private static final int SCREEN_COORDS = 0;
    /** Containers with more children than this are not listed for overlaps (a long list's rows do not overlap). */
    private static final int MAX_LISTED = 256;

    private final A11yBus bus;

    AtspiHitTest(A11yBus bus) {
        this.bus = bus;
    }

    PointHit test(AtspiRef element, int x, int y) {
        BusCalls calls = bus.appCalls(element.bus());
        AtspiRef window = windowOf(calls, element);
        if (window == null) {
            return PointHit.elsewhere("the element's window is not known");
        }
        AtspiRef deepest = window;
        for (int level = 0; level < MAX_LEVELS; level++) {
            BusCalls.Pending at = calls.send(deepest.bus(), deepest.path(), NodeReader.COMPONENT,
                    "GetAccessibleAtPoint", "iiu", x, y, SCREEN_COORDS);
            String overlap = overlapping(calls, deepest, x, y);
            BusCalls.Reply r = calls.await(at);
            if (overlap != null) {
                return PointHit.elsewhere(overlap);
            }
            AtspiRef next = r.ok() ? AtspiSelection.refOf(r.value(0)) : null;
            if (next == null || next.equals(deepest)) {
                break;
            }
            deepest = next;
        }
        String found = describe(calls, deepest) + " is there";
        AtspiRef at = deepest;
        AtspiRef control = null;
        for (int level = 0; level < MAX_LEVELS && at != null; level++) {
            if (at.equals(element) || sameChild(calls, at, element)) {
                // Inside the element, the click still reaches a control of its own (a button in a
                // panel, a cell of a sheet), which the element's labels do not judge.
                return control == null ? PointHit.on(found) : PointHit.elsewhere(describe(calls, control)
                        + " is there, inside the element; act on that element itself");
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

    /**
     * Where two or more showing children of {@code parent} hold the point, what they are ("push
     * button 'Badge' and panel 'Covered' overlap there"); null where at most one does, or where the
     * parent manages its descendants or has more children than are worth listing.
     */
    private static String overlapping(BusCalls calls, AtspiRef parent, int x, int y) {
        BusCalls.Reply state = calls.call(parent.bus(), parent.path(), NodeReader.ACCESSIBLE, "GetState", null);
        if (!state.ok() || AtspiNames.has(AtspiNames.stateBits(state.value(0)), AtspiNames.STATE_MANAGES_DESCENDANTS)) {
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
            extents.add(calls.send(c.bus(), c.path(), NodeReader.COMPONENT, "GetExtents", "u", SCREEN_COORDS));
            states.add(calls.send(c.bus(), c.path(), NodeReader.ACCESSIBLE, "GetState", null));
        }
        List<AtspiRef> holding = new ArrayList<>();
        for (int i = 0; i < children.size(); i++) {
            BusCalls.Reply e = calls.await(extents.get(i));
            BusCalls.Reply s = calls.await(states.get(i));
            Rect f = e.ok() ? NodeReader.rect((Object[]) e.value(0)) : null;
            boolean showing = s.ok() && AtspiNames.has(AtspiNames.stateBits(s.value(0)), AtspiNames.STATE_SHOWING);
            if (showing && f != null && !f.isEmpty() && !NodeReader.offscreen(f) && f.contains(x, y)) {
                holding.add(children.get(i));
            }
        }
        if (holding.size() < 2) {
            return null;
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < Math.min(holding.size(), 3); i++) {
            out.append(i == 0 ? "" : " and ").append(describe(calls, holding.get(i)));
        }
        return out + " overlap there, so where a click lands cannot be told";
    }

    /**
     * The top of the element's parent chain: the child of the application object, or the last
     * element with a parent at all (LibreOffice's frame under a document names no parent, and is a
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

    /** Whether {@code a} is a fresh object for {@code b}'s place: the same index of the same parent, the same name. */
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
        return ia.ok() && ib.ok() && Objects.equals(ia.value(0), ib.value(0)) && (Integer) ia.value(0) >= 0
                && name(calls, a).equals(name(calls, b));
    }

    /** "role 'name'", for the agent: what the point lands on. */
    private static String describe(BusCalls calls, AtspiRef ref) {
        BusCalls.Reply role = calls.call(ref.bus(), ref.path(), NodeReader.ACCESSIBLE, "GetRoleName", null);
        String name = name(calls, ref);
        return (role.ok() ? NodeReader.string(role.value(0)) : "element") + (name.isEmpty() ? "" : " '" + name + "'");
    }

    private static String name(BusCalls calls, AtspiRef ref) {
        BusCalls.Reply r = calls.call(ref.bus(), ref.path(), NodeReader.PROPERTIES, "Get", "ss", NodeReader.ACCESSIBLE,
                "Name");
        return r.ok() ? NodeReader.string(r.value(0)) : "";
    }
}
