package dev.countersign.desktop.linux;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.ElementAction;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.LibreOfficeCalc;
import dev.countersign.desktop.PointHit;
import dev.countersign.desktop.Recheck;
import dev.countersign.desktop.SnapshotLimits;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Cells of a LibreOffice Calc sheet, which have no accessible action: selected in their table
 * ({@code Selection.SelectChild} on the sheet, whose children are the cells, row by row), given
 * focus (the cell cursor moves there) and found by the hit test at their centre — the routes a
 * {@code click} or {@code focus} without an action takes.
 *
 * <p>The cells are reached here through the sheet's {@code Table.GetAccessibleAt}, below a shallow
 * snapshot that stops at the document, so these tests hold the backend's calls alone; the driver
 * reaches observed cells in {@code driver.SelectDesktopTest}.
 */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class CalcSelectionTest {
    private static final String TABLE = "org.a11y.atspi.Table";

    /** The cells of the sheet, by row and column, read through the sheet's Table interface. */
    private static final class Sheet implements AutoCloseable {
        final A11yBus bus = new A11yBus();
        final DesktopBackend backend;
        final AtspiRef table;

        Sheet(DesktopBackend backend, TestDesktop.TargetApp calc) {
            this.backend = backend;
            // Depth 6 ends at the document: its table, whose GetChildren would hang Calc, is never listed.
            List<ElementNode> nodes = backend.snapshot(calc.app(), calc.window(), new SnapshotLimits(400, 6)).nodes();
            AtspiRef document = (AtspiRef) nodes.stream().filter(n -> "document spreadsheet".equals(n.role()))
                    .findFirst().orElseThrow(() -> new AssertionError("no spreadsheet in " + nodes)).handle();
            BusCalls calls = bus.appCalls(document.bus());
            table = AtspiSelection.refOf(calls.callOrFail(document.bus(), document.path(), NodeReader.ACCESSIBLE,
                    "GetChildAtIndex", "i", 0)[0]);
        }

        ElementNode cell(int row, int column) {
            BusCalls calls = bus.appCalls(table.bus());
            AtspiRef ref = AtspiSelection.refOf(calls.callOrFail(table.bus(), table.path(), TABLE, "GetAccessibleAt",
                    "ii", row, column)[0]);
            return ((Recheck.Present) backend.recheck(ref)).current();
        }

        @Override
        public void close() {
            bus.close();
        }
    }

    @Test
    void aCellIsSelectedInItsSheetReplacingOrExtendingTheSelectionAndTakesFocus(TestDesktop desktop) throws Exception {
        DesktopBackend backend = desktop.backend();
        TestDesktop.TargetApp calc = LibreOfficeCalc.launch(desktop, 6, 4);
        try (Sheet sheet = new Sheet(backend, calc)) {
            ElementNode b3 = sheet.cell(2, 1);
            assertThat(b3.name()).isEqualTo("B3");
            assertThat(b3.actions()).as("a cell has no accessible action").isEmpty();
            assertThat(b3.states()).contains("selectable", "focusable");

            backend.perform(b3.handle(), new ElementAction.Select(false));
            assertThat(sheet.cell(2, 1).states()).contains("selected");

            backend.perform(sheet.cell(1, 0).handle(), new ElementAction.Select(true));
            assertThat(sheet.cell(1, 0).states()).as("A2 added").contains("selected");
            assertThat(sheet.cell(2, 1).states()).as("B3 kept").contains("selected");

            // What a click on A4 does: select it alone, and move the cell cursor there.
            ElementNode a4 = sheet.cell(3, 0);
            backend.perform(a4.handle(), new ElementAction.Select(false));
            backend.perform(a4.handle(), new ElementAction.Focus());
            assertThat(TestDesktop.eventually(java.time.Duration.ofSeconds(3),
                    () -> sheet.cell(3, 0).states().contains("focused"))).isTrue();
            assertThat(sheet.cell(3, 0).states()).contains("selected");
            assertThat(sheet.cell(2, 1).states()).as("B3 no longer selected").doesNotContain("selected");
            assertThat(sheet.cell(1, 0).states()).as("A2 no longer selected").doesNotContain("selected");
        }
    }

    @Test
    void theHitTestFindsACellAtItsCentreAndNotAtItsNeighbours(TestDesktop desktop) throws Exception {
        DesktopBackend backend = desktop.backend();
        TestDesktop.TargetApp calc = LibreOfficeCalc.launch(desktop, 6, 4);
        try (Sheet sheet = new Sheet(backend, calc)) {
            ElementNode b2 = sheet.cell(1, 1);
            ElementNode c2 = sheet.cell(1, 2);
            PointHit at = backend.hitTest(b2.handle(), b2.frame().centerX(), b2.frame().centerY());
            assertThat(at.onElement()).as(at.found()).isTrue();
            assertThat(at.found()).contains("B2");
            PointHit beside = backend.hitTest(b2.handle(), c2.frame().centerX(), c2.frame().centerY());
            assertThat(beside.onElement()).isFalse();
            assertThat(beside.found()).contains("C2");
        }
    }
}
