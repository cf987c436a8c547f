package dev.countersign.desktop.linux;

import dev.countersign.core.Rect;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiPredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The cells of one table that lie in its visible extents, read through its {@code Table}
 * interface (see {@link VisibleChildren} for why a table is never listed).
 *
 * <p>The top-left cell comes from a point probe ({@code GetAccessibleAtPoint}, its index, row and
 * column) checked against {@code GetAccessibleAt}, or from a binary search over the rows' and
 * columns' extents; rows and columns are stepped from it until their cells leave the visible
 * extents; then the cells between are read row by row, at most as many as there is room for.
 * Each cell is one the table gave before ({@link CellRefs}) where that one still reads in its
 * row's and column's place, else asked for anew. Header elements the table names for the shown
 * rows and columns come first, and their descriptions become the cells' header names.
 */
final class TableCells {
    static final String TABLE = VisibleChildren.TABLE;
    /** A cell address: one to three column letters, then the row from 1 (up to seven digits, so it fits an int). */
    private static final Pattern ADDRESS = Pattern.compile("([A-Z]{1,3})([0-9]{1,7})");

    private final VisibleChildren reads;
    private final BusCalls calls;
    private final CellRefs known;
    private final AtspiRef table;
    private final Rect visible;
    private final int rows;
    private final int columns;
    /** The frame of the cell found at the visible top-left. */
    private Rect originFrame;
    /** The shown rows' and columns' descriptions by index, where the table gives one. */
    private Map<Integer, String> rowNames = Map.of();
    private Map<Integer, String> columnNames = Map.of();

    /** A cell as read: its reference and its screen frame (null where either is unknown). */
    private record Cell(AtspiRef ref, Rect frame) {
    }

    TableCells(VisibleChildren reads, BusCalls calls, CellRefs known, AtspiRef table, Rect visible, int rows,
            int columns) {
        this.reads = reads;
        this.calls = calls;
        this.known = known;
        this.table = table;
        this.visible = visible;
        this.rows = rows;
        this.columns = columns;
    }

    VisibleChildren.Read read(int room) {
        long all = (long) rows * columns;
        int[] origin = rows == 0 || columns == 0 ? null : byPoint();
        if (origin == null && rows > 0 && columns > 0) {
            origin = bySearch();
        }
        if (origin == null) {
            return VisibleChildren.Read.none(all);
        }
        Map<Integer, Cell> down = lines(origin[0], origin[1], true);
        Map<Integer, Cell> across = lines(origin[0], origin[1], false);
        List<Integer> shownRows = List.copyOf(down.keySet());
        List<Integer> shownColumns = List.copyOf(across.keySet());
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
        // A cell in its place starts where its row's and its column's cells start.
        List<Cell> cells = cellsAt(wanted, (rc, f) -> !f.isEmpty() && f.y() == down.get(rc[0]).frame().y()
                && f.x() == across.get(rc[1]).frame().x());
        Map<AtspiRef, String> names = new LinkedHashMap<>();
        Map<AtspiRef, Rect> frames = new HashMap<>();
        for (int i = 0; i < cells.size(); i++) {
            Cell cell = cells.get(i);
            // A merged cell answers for every slot it covers: it is one child, once.
            if (cell.ref() != null && children.add(cell.ref())) {
                String header = cellHeader(wanted.get(i));
                if (header != null) {
                    names.put(cell.ref(), header);
                }
                if (cell.frame() != null) {
                    frames.put(cell.ref(), cell.frame());
                }
            }
        }
        long cut = visibleCells - wanted.size();
        return new VisibleChildren.Read(List.copyOf(children), names, frames, Math.max(0, all - visibleCells), cut);
    }

    /**
     * The cells at these places with their frames: the remembered one where its frame {@code fits}
     * the place, else the table's answer to {@code GetAccessibleAt} (then remembered). Two batches
     * at most, each sent whole before its first reply is awaited.
     */
    private List<Cell> cellsAt(List<int[]> places, BiPredicate<int[], Rect> fits) {
        List<AtspiRef> refs = new ArrayList<>(places.size());
        for (int[] rc : places) {
            refs.add(known.get(table, rc[0], rc[1]));
        }
        List<Rect> frames = new ArrayList<>(reads.frames(refs));
        List<Integer> again = new ArrayList<>();
        for (int i = 0; i < places.size(); i++) {
            if (frames.get(i) == null || !fits.test(places.get(i), frames.get(i))) {
                again.add(i);
            }
        }
        if (!again.isEmpty()) {
            List<BusCalls.Pending> asked = new ArrayList<>(again.size());
            for (int i : again) {
                asked.add(calls.send(table.bus(), table.path(), TABLE, "GetAccessibleAt", "ii", places.get(i)[0],
                        places.get(i)[1]));
            }
            List<AtspiRef> fresh = reads.refs(asked);
            List<Rect> freshFrames = reads.frames(fresh);
            for (int k = 0; k < again.size(); k++) {
                int i = again.get(k);
                refs.set(i, fresh.get(k));
                frames.set(i, freshFrames.get(k));
                if (fresh.get(k) != null) {
                    known.put(table, places.get(i)[0], places.get(i)[1], fresh.get(k));
                }
            }
        }
        List<Cell> out = new ArrayList<>(places.size());
        for (int i = 0; i < places.size(); i++) {
            out.add(new Cell(refs.get(i), frames.get(i)));
        }
        return out;
    }

    /** The frame of the cell at a place: the remembered cell's if it reads as {@code expected} (any, when null). */
    private Rect cellFrame(int row, int column, Rect expected) {
        return cellsAt(List.of(new int[] {row, column}), (rc, f) -> expected == null || f.equals(expected)).get(0)
                .frame();
    }

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
        for (AtspiRef h : reads.refs(columnHeaders)) {
            if (h != null && !h.equals(table) && out.size() < room) {
                out.add(h);
            }
        }
        for (AtspiRef h : reads.refs(rowHeaders)) {
            if (h != null && !h.equals(table) && out.size() < room) {
                out.add(h);
            }
        }
        columnNames = descriptions(shownColumns, columnDescriptions);
        rowNames = descriptions(shownRows, rowDescriptions);
        return out;
    }

    private Map<Integer, String> descriptions(List<Integer> lines, List<BusCalls.Pending> asked) {
        Map<Integer, String> out = new HashMap<>();
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
     * unless the cell at that row and column is in the same place. The index is an int on the
     * wire: where the table's answer for it is not that cell (Calc counts row × 16,384 + column in
     * 32 bits, so every row from 131,072 on wraps), the index is read as the wrapped row-major
     * count it then is, each candidate checked the same way. Where no index places the cell (while
     * a formula is being typed Calc's cells have no true index, see {@link #addressIn}), its name
     * is read as the address it is, checked the same way.
     */
    private int[] byPoint() {
        AtspiRef hit = reads.probe(table, visible);
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
        originFrame = seen;
        if (i >= 0) {
            BusCalls.Pending row = calls.send(table.bus(), table.path(), TABLE, "GetRowAtIndex", "i", i);
            BusCalls.Pending column = calls.send(table.bus(), table.path(), TABLE, "GetColumnAtIndex", "i", i);
            int r = VisibleChildren.intValue(calls.await(row));
            int c = VisibleChildren.intValue(calls.await(column));
            if (r >= 0 && r < rows && c >= 0 && c < columns && seen.equals(cellFrame(r, c, seen))) {
                return new int[] {r, c};
            }
        }
        long all = (long) rows * columns;
        int tries = 0;
        for (long at = i & 0xFFFF_FFFFL; at < all && tries < 8; at += 1L << 32, tries++) {
            int r = (int) (at / columns);
            int c = (int) (at % columns);
            if (seen.equals(cellFrame(r, c, seen))) {
                return new int[] {r, c};
            }
        }
        BusCalls.Reply name = calls.call(hit.bus(), hit.path(), NodeReader.PROPERTIES, "Get", "ss",
                NodeReader.ACCESSIBLE, "Name");
        int[] at = name.ok() ? addressIn(NodeReader.string(name.value(0))) : null;
        boolean inside = at != null && at[0] < rows && at[1] < columns;
        return inside && seen.equals(cellFrame(at[0], at[1], seen)) ? at : null;
    }

    /**
     * Row and column (from 0) of a cell named by its address, "AB12" → {11, 27}; null for any other
     * name. Why: while a formula is being typed, Calc's sheet gives each cell it makes an index
     * counted only within the range the formula points at (-1 for most cells, a wrong small one for
     * some), so the index cannot place the cell; its name, the cell's address, still can.
     */
    static int[] addressIn(String name) {
        Matcher m = ADDRESS.matcher(name == null ? "" : name);
        if (!m.matches()) {
            return null;
        }
        int column = 0;
        for (char ch : m.group(1).toCharArray()) {
            column = column * 26 + (ch - 'A' + 1);
        }
        int row = Integer.parseInt(m.group(2));
        return row < 1 ? null : new int[] {row - 1, column - 1};
    }

    /**
     * The first row and column whose cells reach into the visible extents, by binary search over
     * their extents: for tables whose cells out of view keep their places (GTK's).
     */
    private int[] bySearch() {
        int r = first(rows, i -> cellFrame(i, 0, null), true);
        int c = r < 0 ? -1 : first(columns, i -> cellFrame(r, i, null), false);
        if (r < 0 || c < 0) {
            return null;
        }
        originFrame = cellFrame(r, c, null);
        return originFrame == null ? null : new int[] {r, c};
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

    /**
     * The rows (or columns) from the origin on whose cells lie in the visible extents, with the cell
     * of each in the origin's column (or row), stepping in batches. It stops at the first cell that
     * starts past the far edge, or that has no extent and lies outside the visible extents (Calc
     * gives every cell out of view an empty frame just before the table's origin), and after
     * {@link VisibleChildren#MAX_LINES} steps; an empty cell inside the extents (a hidden row) is
     * stepped over.
     */
    private Map<Integer, Cell> lines(int row, int column, boolean down) {
        Map<Integer, Cell> shown = new LinkedHashMap<>();
        int limit = (int) Math.min(down ? rows : columns, (long) (down ? row : column) + VisibleChildren.MAX_LINES);
        int next = down ? row : column;
        int batch = 16;
        long near = down ? visible.y() : visible.x();
        long far = down ? (long) visible.y() + visible.height() : (long) visible.x() + visible.width();
        // A cell of the origin's column starts where the origin does, across; of its row, down.
        BiPredicate<int[], Rect> fits = (rc, f) -> f.isEmpty() || (down ? f.x() == originFrame.x() : f.y() == originFrame.y());
        while (next < limit) {
            int count = Math.min(batch, limit - next);
            List<int[]> places = new ArrayList<>(count);
            for (int k = 0; k < count; k++) {
                places.add(down ? new int[] {next + k, column} : new int[] {row, next + k});
            }
            List<Cell> cells = cellsAt(places, fits);
            for (int k = 0; k < count; k++) {
                Rect f = cells.get(k).frame();
                if (f == null) {
                    return shown;
                }
                long start = down ? f.y() : f.x();
                boolean empty = (down ? f.height() : f.width()) <= 0;
                if (start >= far || empty && start < near) {
                    return shown;
                }
                if (!empty) {
                    shown.put(next + k, cells.get(k));
                }
            }
            next += count;
            // The first batch is about a screenful of small rows; later ones finish what is left.
            batch = Math.min(batch * 2, 128);
        }
        return shown;
    }
}
