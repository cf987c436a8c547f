package dev.countersign.desktop.linux;

import dev.countersign.core.Rect;
import dev.countersign.desktop.SnapshotLimits;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The children of a container that must not be listed, read by what is visible.
 *
 * <p>Why: a LibreOffice Calc sheet is one table that reports 2<sup>31</sup>−1 children (its
 * 1,048,576 × 16,384 cells) and manages its descendants; {@code GetChildren} on it makes
 * soffice.bin create an accessible per cell and never answer. So an element that manages its
 * descendants (but a tree that counts its rows: {@link #applies}), or has more children than any
 * snapshot could keep ({@link #LARGE}), is never asked for its children. A table is read by the cells in its visible extents ({@link TableCells}); any
 * other such container as the run of children from the one at its visible top-left, stepping by
 * index until a child lies outside its visible extents.
 *
 * <p>Every step is a bounded number of round trips, each sent as one batch: a few probes, at most
 * {@link #MAX_LINES} rows and columns, at most {@code room} children — whatever the sheet's size.
 * Children outside the visible extents are counted as off screen; visible ones past the room as cut.
 */
final class VisibleChildren {
    static final String TABLE = "org.a11y.atspi.Table";
    /** More children than the largest snapshot could keep: such a container is read by what is visible, managed or not. */
    static final int LARGE = SnapshotLimits.MAX_NODES;
    /** At most this many rows, and as many columns, are stepped through: more than any screen shows. */
    static final int MAX_LINES = 400;
    /** Where the top-left cell is looked for, in pixels below the visible top: a header row hides the first probes. */
    private static final int[] PROBES = {1, 8, 16, 28, 40, 56, 80, 112};

    private final BusCalls calls;
    private final CellRefs known;

    VisibleChildren(BusCalls calls, CellRefs known) {
        this.calls = calls;
        this.known = known;
    }

    /**
     * What was read: the children in order, their header names and the frames already read (the
     * walk does not ask for those again), and how many were left out off screen and cut by the room.
     */
    record Read(List<AtspiRef> children, Map<AtspiRef, String> headers, Map<AtspiRef, Rect> frames, long offscreen,
            long cut) {
        static Read none(long offscreen) {
            return new Read(List.of(), Map.of(), Map.of(), offscreen, 0);
        }
    }

    /**
     * Whether this element's children are read by what is visible rather than listed: more than
     * {@link #LARGE} of them, or a container that manages its descendants — except one that counts
     * a few and is not a table read by cells: a tree (a dialog's tree of pages, whose expanded
     * branch must appear at once and in its place) or a document or list that is not a table
     * (Writer's paragraphs), which are listed as before.
     */
    static boolean applies(RawNode n) {
        if (n.childCount > LARGE) {
            return true;
        }
        if (!AtspiNames.has(n.stateBits, AtspiNames.STATE_MANAGES_DESCENDANTS)) {
            return false;
        }
        boolean tree = n.role == AtspiNames.ROLE_TREE || n.role == AtspiNames.ROLE_TREE_TABLE;
        boolean cells = n.interfaces.contains("Table") && !tree;
        return !n.countKnown || cells;
    }

    /**
     * Reads the visible children of {@code n}, at most {@code room} of them; {@code clip} (the
     * window's frame, or null) bounds what counts as visible. Reads the element's extents into its
     * frame, so the walk does not ask for them again.
     */
    Read read(RawNode n, Rect clip, int room) {
        BusCalls.Pending extents = calls.send(n.ref.bus(), n.ref.path(), NodeReader.COMPONENT, "GetExtents", "u",
                NodeReader.SCREEN_COORDS);
        boolean table = n.interfaces.contains("Table");
        BusCalls.Pending rows = table ? property(n.ref, "NRows") : null;
        BusCalls.Pending columns = table ? property(n.ref, "NColumns") : null;
        BusCalls.Reply e = calls.await(extents);
        if (e.ok()) {
            n.frame = NodeReader.rect((Object[]) e.value(0));
        }
        Rect visible = intersect(n.frame, clip);
        if (table) {
            int r = intValue(calls.await(rows));
            int c = intValue(calls.await(columns));
            if (r >= 0 && c >= 0) {
                return visible == null ? Read.none((long) r * c)
                        : new TableCells(this, calls, known, n.ref, visible, r, c).read(room);
            }
        }
        long all = Math.max(0, n.childCount);
        return visible == null ? Read.none(all) : run(n, visible, room);
    }

    /** The children of a container without a table, from the one at its visible top-left onwards. */
    private Read run(RawNode n, Rect visible, int room) {
        AtspiRef hit = probe(n.ref, visible);
        int start = 0;
        if (hit != null) {
            BusCalls.Reply index = calls.call(hit.bus(), hit.path(), NodeReader.ACCESSIBLE, "GetIndexInParent", null);
            int i = intValue(index);
            if (i >= 0 && i < n.childCount && hit.equals(childAt(n.ref, i))) {
                start = i;
            }
        }
        List<AtspiRef> kept = new ArrayList<>();
        int index = start;
        boolean seen = false;
        int batch = 16;
        while (index < n.childCount && kept.size() < room) {
            int count = Math.min(batch, Math.min(n.childCount - index, room - kept.size()));
            List<BusCalls.Pending> asked = new ArrayList<>(count);
            for (int k = 0; k < count; k++) {
                asked.add(calls.send(n.ref.bus(), n.ref.path(), NodeReader.ACCESSIBLE, "GetChildAtIndex", "i", index + k));
            }
            List<AtspiRef> refs = refs(asked);
            List<Rect> frames = frames(refs);
            boolean past = false;
            for (int k = 0; k < count && !past; k++) {
                Rect f = frames.get(k);
                boolean inside = f != null && intersect(f, visible) != null;
                if (inside) {
                    seen = true;
                    kept.add(refs.get(k));
                } else if (seen) {
                    past = true;
                }
            }
            if (past) {
                break;
            }
            index += count;
            batch = Math.min(batch * 2, 256);
        }
        long cut = kept.size() >= room ? Math.max(0, (long) n.childCount - start - kept.size()) : 0;
        return new Read(kept, Map.of(), Map.of(), Math.max(0, n.childCount - kept.size() - cut), cut);
    }

    /** The child at a point near the visible top-left, trying a few points down its left edge; null when none answers. */
    AtspiRef probe(AtspiRef container, Rect visible) {
        List<BusCalls.Pending> asked = new ArrayList<>();
        for (int dy : PROBES) {
            if (dy < visible.height()) {
                asked.add(calls.send(container.bus(), container.path(), NodeReader.COMPONENT, "GetAccessibleAtPoint",
                        "iiu", visible.x() + 1, visible.y() + dy, NodeReader.SCREEN_COORDS));
            }
        }
        AtspiRef found = null;
        for (BusCalls.Pending p : asked) {
            BusCalls.Reply r = calls.await(p);
            AtspiRef ref = r.ok() ? AtspiRef.fromStruct(r.value(0)) : null;
            if (found == null && ref != null && !ref.isNull() && !ref.equals(container)) {
                found = ref;
            }
        }
        return found;
    }

    private AtspiRef childAt(AtspiRef container, int index) {
        BusCalls.Reply r = calls.call(container.bus(), container.path(), NodeReader.ACCESSIBLE, "GetChildAtIndex", "i", index);
        return r.ok() ? AtspiRef.fromStruct(r.value(0)) : null;
    }

    private BusCalls.Pending property(AtspiRef ref, String name) {
        return calls.send(ref.bus(), ref.path(), NodeReader.PROPERTIES, "Get", "ss", TABLE, name);
    }

    /** The references the replies carry, in order (null for a failed or null one). */
    List<AtspiRef> refs(List<BusCalls.Pending> asked) {
        List<AtspiRef> out = new ArrayList<>(asked.size());
        for (BusCalls.Pending p : asked) {
            BusCalls.Reply r = calls.await(p);
            AtspiRef ref = r.ok() ? AtspiRef.fromStruct(r.value(0)) : null;
            out.add(ref == null || ref.isNull() ? null : ref);
        }
        return out;
    }

    /** The screen extents of each element, in order (null where unknown). */
    List<Rect> frames(List<AtspiRef> refs) {
        List<BusCalls.Pending> asked = new ArrayList<>(refs.size());
        for (AtspiRef ref : refs) {
            asked.add(ref == null ? null : calls.send(ref.bus(), ref.path(), NodeReader.COMPONENT, "GetExtents", "u",
                    NodeReader.SCREEN_COORDS));
        }
        List<Rect> out = new ArrayList<>(refs.size());
        for (BusCalls.Pending p : asked) {
            BusCalls.Reply r = p == null ? null : calls.await(p);
            out.add(r != null && r.ok() ? NodeReader.rect((Object[]) r.value(0)) : null);
        }
        return out;
    }

    static int intValue(BusCalls.Reply r) {
        Object v = r.ok() && r.values().length > 0 ? NodeReader.unwrap(r.value(0)) : null;
        return v instanceof Integer i ? i : -1;
    }

    /** The overlap of two frames; a null clip leaves {@code a} as it is. Null when there is none. */
    static Rect intersect(Rect a, Rect clip) {
        if (a == null || a.isEmpty() || NodeReader.offscreen(a)) {
            return null;
        }
        if (clip == null) {
            return a;
        }
        int x = Math.max(a.x(), clip.x());
        int y = Math.max(a.y(), clip.y());
        long right = Math.min((long) a.x() + a.width(), (long) clip.x() + clip.width());
        long bottom = Math.min((long) a.y() + a.height(), (long) clip.y() + clip.height());
        return right <= x || bottom <= y ? null : new Rect(x, y, (int) (right - x), (int) (bottom - y));
    }
}
