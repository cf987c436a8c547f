package dev.countersign.desktop.linux;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The cells of managed tables that earlier observations read, by table, row and column, so a later
 * observation of the same view asks the table for no new cell.
 *
 * <p>Why: LibreOffice makes a new accessible object for every {@code GetAccessibleAt} and keeps
 * each one, with what it read for it, as long as the document is open — about 7 KB a cell, so
 * re-reading a screenful of a sheet grew soffice.bin by 8 MB per observation. A remembered cell is
 * used only where it still reads in its row's and column's place ({@link VisibleChildren}); any
 * other is asked for again. Bounded: past {@link #MAX} cells the oldest are forgotten, which can
 * only cost a new ask.
 */
final class CellRefs {
    static final int MAX = 16_384;

    private record Key(String bus, String table, int row, int column) {
    }

    private final Map<Key, AtspiRef> cells = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, AtspiRef> eldest) {
            return size() > MAX;
        }
    };

    /** The cell remembered at this place of {@code table}, or null. */
    synchronized AtspiRef get(AtspiRef table, int row, int column) {
        return cells.get(new Key(table.bus(), table.path(), row, column));
    }

    synchronized void put(AtspiRef table, int row, int column, AtspiRef cell) {
        cells.put(new Key(table.bus(), table.path(), row, column), cell);
    }

    synchronized int size() {
        return cells.size();
    }
}
