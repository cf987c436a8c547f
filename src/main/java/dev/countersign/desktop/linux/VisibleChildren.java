package dev.countersign.desktop.linux;

import dev.countersign.core.Rect;
import dev.countersign.desktop.SnapshotLimits;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The children of a container that must not be listed, read by what is visible.
 *
 * <p>Why: a LibreOffice Calc sheet is one table that reports 2<sup>31</sup>−1 children (its
 * 1,048,576 × 16,384 cells) and manages its descendants; {@code GetChildren} on it makes
 * soffice.bin create an accessible per cell and never answer. So an element that manages its
 * descendants, or has more children than any snapshot could keep ({@link #LARGE}), is never asked
 * for its children. A table is read through its {@code Table} interface instead: the cell at the
 * top-left of its visible extents ({@code Component.GetAccessibleAtPoint}, its index, row and
 * column), checked against {@code GetAccessibleAt}, or else found by a binary search of the rows'
 * and columns' extents; then rows and columns are stepped from there until their cells leave the
 * visible extents, and the cells between are read with {@code GetAccessibleAt(row, column)}, row
 * by row, at most as many as the snapshot has room for. Column and row headers the table names
 * are kept as elements before the cells, and their descriptions become the cells' header names.
 * Any other such container is read as the run of children from the one at its visible top-left,
 * stepping by index until a child lies outside its visible extents.
 *
 * <p>Every step is a bounded number of round trips, each sent as one batch: a few probes, at most
 * {@link #MAX_LINES} rows and columns, at most {@code room} cells — whatever the sheet's size.
 * Cells outside the visible extents are counted as off screen; visible cells past the room as cut.
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

    VisibleChildren(BusCalls calls) {
        this.calls = calls;
    }

    /** What was read: the children in order, their header names, and how many were left out and why. */
    record Read(List<AtspiRef> children, Map<AtspiRef, String> headers, long offscreen, long cut) {
        static Read none(long offscreen) {
            return new Read(List.of(), Map.of(), offscreen, 0);
        }
    }

    /** Whether this element's children are read by what is visible rather than listed. */
    static boolean applies(RawNode n) {
        return AtspiNames.has(n.stateBits, AtspiNames.STATE_MANAGES_DESCENDANTS) || n.childCount > LARGE;
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
                return visible == null ? Read.none((long) r * c) : new TableRead(n.ref, visible, r, c).read(room);
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
        return new Read(kept, Map.of(), Math.max(0, n.childCount - kept.size() - cut), cut);
    }

    /** The child at a point near the visible top-left, trying a few points down its left edge; null when none answers. */
    private AtspiRef probe(AtspiRef container, Rect visible) {
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
    private List<AtspiRef> refs(List<BusCalls.Pending> asked) {
        List<AtspiRef> out = new ArrayList<>(asked.size());
        for (BusCalls.Pending p : asked) {
            BusCalls.Reply r = calls.await(p);
            AtspiRef ref = r.ok() ? AtspiRef.fromStruct(r.value(0)) : null;
            out.add(ref == null || ref.isNull() ? null : ref);
        }
        return out;
    }

    /** The screen extents of each element, in order (null where unknown). */
    private List<Rect> frames(List<AtspiRef> refs) {
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

    private static int intValue(BusCalls.Reply r) {
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

    /** One table's visible cells. */
    private final class TableRead {
        private final AtspiRef table;
        private final Rect visible;
        private final int rows;
        private final int columns;

        TableRead(AtspiRef table, Rect visible, int rows, int columns) {
            this.table = table;
            this.visible = visible;
            this.rows = rows;
            this.columns = columns;
        }

        Read read(int room) {
            long all = (long) rows * columns;
            int[] origin = rows == 0 || columns == 0 ? null : byPoint();
            if (origin == null && rows > 0 && columns > 0) {
                origin = bySearch();
            }
            if (origin == null) {
                return Read.none(all);
            }
            List<Integer> shownRows = lines(origin[0], origin[1], true);
            List<Integer> shownColumns = lines(origin[0], origin[1], false);
            Map<AtspiRef, String> names = new LinkedHashMap<>();
            Set<AtspiRef> children = new LinkedHashSet<>(headers(shownRows, shownColumns, room));
            long visibleCells = (long) shownRows.size() * shownColumns.size();
            List<int[]> wanted = new ArrayList<>();
            for (int r : shownRows) {
                for (int c : shownColumns) {
                    if (children.size() + wanted.size() < room) {
                        wanted.add(new int[] {r, c});
                    }
                }
            }
            List<BusCalls.Pending> asked = new ArrayList<>(wanted.size());
            for (int[] rc : wanted) {
                asked.add(calls.send(table.bus(), table.path(), TABLE, "GetAccessibleAt", "ii", rc[0], rc[1]));
            }
            List<AtspiRef> cells = refs(asked);
            for (int i = 0; i < cells.size(); i++) {
                AtspiRef cell = cells.get(i);
                // A merged cell answers for every slot it covers: it is one child, once.
                if (cell != null && children.add(cell)) {
                    String header = cellHeader(wanted.get(i));
                    if (header != null) {
                        names.put(cell, header);
                    }
                }
            }
            long cut = visibleCells - wanted.size();
            return new Read(List.copyOf(children), names, Math.max(0, all - visibleCells), cut);
        }

        /** The shown rows' and columns' descriptions by index, where the table gives one. */
        private Map<Integer, String> rowNames = Map.of();
        private Map<Integer, String> columnNames = Map.of();

        /** "Fruit" for a cell under the column described "Fruit"; the row's description first where both are. */
        private String cellHeader(int[] rc) {
            String row = rowNames.get(rc[0]);
            String column = columnNames.get(rc[1]);
            if (row == null) {
                return column;
            }
            return column == null ? row : row + ", " + column;
        }

        /**
         * The header elements of the shown rows and columns ({@code GetColumnHeader}, {@code
         * GetRowHeader}), columns first; their descriptions become the cells' header names.
         */
        private List<AtspiRef> headers(List<Integer> shownRows, List<Integer> shownColumns, int room) {
            List<BusCalls.Pending> columnHeaders = new ArrayList<>();
            List<BusCalls.Pending> columnDescriptions = new ArrayList<>();
            for (int c : shownColumns) {
                columnHeaders.add(calls.send(table.bus(), table.path(), TABLE, "GetColumnHeader", "i", c));
                columnDescriptions.add(calls.send(table.bus(), table.path(), TABLE, "GetColumnDescription", "i", c));
            }
            List<BusCalls.Pending> rowHeaders = new ArrayList<>();
            List<BusCalls.Pending> rowDescriptions = new ArrayList<>();
            for (int r : shownRows) {
                rowHeaders.add(calls.send(table.bus(), table.path(), TABLE, "GetRowHeader", "i", r));
                rowDescriptions.add(calls.send(table.bus(), table.path(), TABLE, "GetRowDescription", "i", r));
            }
            List<AtspiRef> out = new ArrayList<>();
            for (AtspiRef h : refs(columnHeaders)) {
                if (h != null && !h.equals(table) && out.size() < room) {
                    out.add(h);
                }
            }
            for (AtspiRef h : refs(rowHeaders)) {
                if (h != null && !h.equals(table) && out.size() < room) {
                    out.add(h);
                }
            }
            columnNames = descriptions(shownColumns, columnDescriptions);
            rowNames = descriptions(shownRows, rowDescriptions);
            return out;
        }

        private Map<Integer, String> descriptions(List<Integer> lines, List<BusCalls.Pending> asked) {
            Map<Integer, String> out = new LinkedHashMap<>();
            for (int i = 0; i < asked.size(); i++) {
                BusCalls.Reply r = calls.await(asked.get(i));
                String text = r.ok() ? NodeReader.string(r.value(0)).trim() : "";
                if (!text.isEmpty()) {
                    out.put(lines.get(i), text);
                }
            }
            return out;
        }

        /**
         * The row and column of the cell at the visible top-left, from its index in the table; null
         * unless {@code GetAccessibleAt} of that row and column is a cell in the same place. The
         * index is an int on the wire: where the table's answer for it is not that cell (Calc counts
         * row × 16,384 + column in 32 bits, so every row from 131,072 on wraps), the index is read
         * as the wrapped row-major count it then is, each candidate checked the same way.
         */
        private int[] byPoint() {
            AtspiRef hit = probe(table, visible);
            if (hit == null) {
                return null;
            }
            BusCalls.Pending hitFrame = calls.send(hit.bus(), hit.path(), NodeReader.COMPONENT, "GetExtents", "u",
                    NodeReader.SCREEN_COORDS);
            BusCalls.Reply indexReply = calls.call(hit.bus(), hit.path(), NodeReader.ACCESSIBLE, "GetIndexInParent", null);
            BusCalls.Reply frame = calls.await(hitFrame);
            Object index = indexReply.ok() ? NodeReader.unwrap(indexReply.value(0)) : null;
            Rect seen = frame.ok() ? NodeReader.rect((Object[]) frame.value(0)) : null;
            if (!(index instanceof Integer i) || seen == null) {
                return null;
            }
            if (i >= 0) {
                BusCalls.Pending row = calls.send(table.bus(), table.path(), TABLE, "GetRowAtIndex", "i", i);
                BusCalls.Pending column = calls.send(table.bus(), table.path(), TABLE, "GetColumnAtIndex", "i", i);
                int r = intValue(calls.await(row));
                int c = intValue(calls.await(column));
                if (r >= 0 && r < rows && c >= 0 && c < columns && seen.equals(cellFrame(r, c))) {
                    return new int[] {r, c};
                }
            }
            long all = (long) rows * columns;
            int tries = 0;
            for (long at = i & 0xFFFF_FFFFL; at < all && tries < 8; at += 1L << 32, tries++) {
                int r = (int) (at / columns);
                int c = (int) (at % columns);
                if (seen.equals(cellFrame(r, c))) {
                    return new int[] {r, c};
                }
            }
            return null;
        }

        /**
         * The first row and column whose cells reach into the visible extents, by binary search over
         * their extents: for tables whose cells out of view keep their places (GTK's).
         */
        private int[] bySearch() {
            int r = first(rows, i -> cellFrame(i, 0), true);
            int c = r < 0 ? -1 : first(columns, i -> cellFrame(r, i), false);
            return r < 0 || c < 0 ? null : new int[] {r, c};
        }

        /** The smallest index whose cell ends past the visible top (rows) or left (columns); -1 when none reads. */
        private int first(int count, java.util.function.IntFunction<Rect> frameOf, boolean down) {
            int lo = 0;
            int hi = count - 1;
            int found = -1;
            for (int guard = 0; lo <= hi && guard < 64; guard++) {
                int mid = lo + (hi - lo) / 2;
                Rect f = frameOf.apply(mid);
                if (f == null || f.isEmpty()) {
                    // No place to compare: Calc gives every cell out of view the same empty frame,
                    // above the view or below it, so the search cannot tell which way to go.
                    return -1;
                }
                long end = down ? (long) f.y() + f.height() : (long) f.x() + f.width();
                long edge = down ? visible.y() : visible.x();
                if (end > edge) {
                    found = mid;
                    hi = mid - 1;
                } else {
                    lo = mid + 1;
                }
            }
            return found;
        }

        private Rect cellFrame(int row, int column) {
            BusCalls.Reply cell = calls.call(table.bus(), table.path(), TABLE, "GetAccessibleAt", "ii", row, column);
            AtspiRef ref = cell.ok() ? AtspiRef.fromStruct(cell.value(0)) : null;
            if (ref == null || ref.isNull()) {
                return null;
            }
            BusCalls.Reply e = calls.call(ref.bus(), ref.path(), NodeReader.COMPONENT, "GetExtents", "u",
                    NodeReader.SCREEN_COORDS);
            return e.ok() ? NodeReader.rect((Object[]) e.value(0)) : null;
        }

        /**
         * The rows (or columns) from the origin on whose cells lie in the visible extents, stepping
         * through the origin's column (or row) in batches. It stops at the first cell that starts
         * past the far edge, or that has no extent and lies outside the visible extents (Calc gives
         * every cell out of view an empty frame just before the table's origin), and after
         * {@link #MAX_LINES} steps; an empty cell inside the extents (a hidden row) is stepped over.
         */
        private List<Integer> lines(int row, int column, boolean down) {
            List<Integer> shown = new ArrayList<>();
            int limit = Math.min(down ? rows : columns, (down ? row : column) + MAX_LINES);
            int next = down ? row : column;
            int batch = 16;
            long near = down ? visible.y() : visible.x();
            long far = down ? (long) visible.y() + visible.height() : (long) visible.x() + visible.width();
            while (next < limit) {
                int count = Math.min(batch, limit - next);
                List<BusCalls.Pending> asked = new ArrayList<>(count);
                for (int k = 0; k < count; k++) {
                    int r = down ? next + k : row;
                    int c = down ? column : next + k;
                    asked.add(calls.send(table.bus(), table.path(), TABLE, "GetAccessibleAt", "ii", r, c));
                }
                List<Rect> frames = frames(refs(asked));
                for (int k = 0; k < count; k++) {
                    Rect f = frames.get(k);
                    if (f == null) {
                        return shown;
                    }
                    long start = down ? f.y() : f.x();
                    boolean empty = (down ? f.height() : f.width()) <= 0;
                    if (start >= far || empty && start < near) {
                        return shown;
                    }
                    if (!empty) {
                        shown.add(next + k);
                    }
                }
                next += count;
                // The first batch is about a screenful of small rows; later ones finish what is left.
                batch = Math.min(batch * 2, 128);
            }
            return shown;
        }
    }
}
