package dev.countersign.desktop.linux;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CellRefsTest {
    private static final AtspiRef TABLE = new AtspiRef(":1.5", "/org/a11y/atspi/accessible/7");
    private static final AtspiRef OTHER_TABLE = new AtspiRef(":1.6", "/org/a11y/atspi/accessible/7");

    @Test
    void aCellIsRememberedByItsTableRowAndColumn() {
        CellRefs cells = new CellRefs();
        AtspiRef b2 = new AtspiRef(":1.5", "/org/a11y/atspi/accessible/100");
        cells.put(TABLE, 1, 1, b2);

        assertThat(cells.get(TABLE, 1, 1)).isEqualTo(b2);
        assertThat(cells.get(TABLE, 1, 2)).isNull();
        assertThat(cells.get(OTHER_TABLE, 1, 1)).as("another application's table at the same path").isNull();
    }

    @Test
    void pastItsBoundTheLeastRecentlyUsedCellsAreForgotten() {
        CellRefs cells = new CellRefs();
        AtspiRef first = new AtspiRef(":1.5", "/cell/0");
        cells.put(TABLE, 0, 0, first);
        for (int i = 1; i <= CellRefs.MAX; i++) {
            cells.put(TABLE, i, 0, new AtspiRef(":1.5", "/cell/" + i));
            if (i == CellRefs.MAX / 2) {
                // Used again: no longer the eldest.
                assertThat(cells.get(TABLE, 0, 0)).isEqualTo(first);
            }
        }

        assertThat(cells.size()).isEqualTo(CellRefs.MAX);
        assertThat(cells.get(TABLE, 0, 0)).isEqualTo(first);
        assertThat(cells.get(TABLE, 1, 0)).as("the least recently used").isNull();
    }
}
