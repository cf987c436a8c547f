package dev.countersign.desktop.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.countersign.desktop.ElementAction;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.LibreOfficeCalc;
import dev.countersign.desktop.Recheck;
import dev.countersign.desktop.SnapshotLimits;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import dev.countersign.desktop.TreeSnapshot;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * LibreOffice Calc with a sheet of a million cells (1000 × 1000), observed whole: the sheet's
 * table reports 2<sup>31</sup>−1 children and manages its descendants, and listing them made
 * soffice.bin spin, so an observation deeper than the table never returned. The table is read by
 * the cells in view ({@link VisibleChildren}).
 */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class CalcSheetDesktopTest {
    /** No depth bound short of the most an observation allows, and the largest node bound. */
    private static final SnapshotLimits WHOLE = new SnapshotLimits(SnapshotLimits.MAX_NODES, SnapshotLimits.MAX_DEPTH);
    /** Far more than a read of the cells in view takes (about a second), far less than never. */
    private static final Duration RETURNS = Duration.ofSeconds(20);
    private static final Pattern ADDRESS = Pattern.compile("([A-Z]+)([0-9]+)");

    private static TreeSnapshot whole(TestDesktop desktop, TestDesktop.TargetApp calc) {
        return assertTimeoutPreemptively(RETURNS, () -> desktop.backend().snapshot(calc.app(), calc.window(), WHOLE));
    }

    /** The sheet's cells in the snapshot: the table cells whose parent is the sheet's table. */
    private static List<ElementNode> cells(TreeSnapshot s) {
        List<ElementNode> nodes = s.nodes();
        int table = index(s, n -> n.role().equals("table"));
        return nodes.stream().filter(n -> n.role().equals("table cell") && n.parent() == table).toList();
    }

    private static int index(TreeSnapshot s, Predicate<ElementNode> which) {
        List<ElementNode> nodes = s.nodes();
        List<Integer> hits = java.util.stream.IntStream.range(0, nodes.size()).filter(i -> which.test(nodes.get(i)))
                .boxed().toList();
        assertThat(hits).as("exactly one such node").hasSize(1);
        return hits.get(0);
    }

    /** Row and column (from 0) of a Calc cell name such as "AB12". */
    private static int[] position(String address) {
        Matcher m = ADDRESS.matcher(address);
        assertThat(m.matches()).as("a cell name: %s", address).isTrue();
        int column = 0;
        for (char ch : m.group(1).toCharArray()) {
            column = column * 26 + (ch - 'A' + 1);
        }
        return new int[] {Integer.parseInt(m.group(2)) - 1, column - 1};
    }

    @Test
    void aSheetOfAMillionCellsIsReadByTheCellsInViewWithTheirValues(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp calc = LibreOfficeCalc.launch(desktop, 1000, 1000);

        TreeSnapshot s = whole(desktop, calc);

        ElementNode table = s.nodes().get(index(s, n -> n.role().equals("table")));
        assertThat(table.states()).contains("manages_descendants");
        List<ElementNode> cells = cells(s);
        // A screenful of cells (about 40 rows of 24 columns), not the sheet.
        assertThat(cells).hasSizeBetween(100, 4000);
        assertThat(cells).extracting(ElementNode::name).contains("A1", "B2", "J20")
                .doesNotContain(LibreOfficeCalc.address(999, 0), LibreOfficeCalc.address(0, 999));
        for (ElementNode cell : cells) {
            int[] at = position(cell.name());
            assertThat(cell.value()).as("the value of %s", cell.name()).isEqualTo(LibreOfficeCalc.cell(at[0], at[1]));
            assertThat(cell.frame()).as("%s lies in the table's frame", cell.name()).isNotNull();
            assertThat(VisibleChildren.intersect(cell.frame(), table.frame())).isNotNull();
        }
        assertThat(s.omittedByReason()).doesNotContainKey(TreeSnapshot.MAX_DEPTH);
        assertThat(s.omittedByReason().get(TreeSnapshot.OFFSCREEN)).as("the cells out of view, counted").isPositive();
    }

    @Test
    void aCellReadFromTheSheetKeepsARefThatRereadsAsTheSameCell(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp calc = LibreOfficeCalc.launch(desktop, 1000, 1000);
        ElementNode b2 = cells(whole(desktop, calc)).stream().filter(n -> n.name().equals("B2")).findFirst()
                .orElseThrow();

        Recheck now = desktop.backend().recheck(b2.handle());

        assertThat(now).isInstanceOf(Recheck.Present.class);
        ElementNode again = ((Recheck.Present) now).current();
        assertThat(again.name()).isEqualTo("B2");
        assertThat(again.value()).isEqualTo("1001");
        assertThat(again.frame()).isEqualTo(b2.frame());
    }

    @Test
    void aSecondObservationOfTheSameViewTakesTheCellsTheFirstWasGiven(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp calc = LibreOfficeCalc.launch(desktop, 1000, 1000);
        List<ElementNode> first = cells(whole(desktop, calc));

        List<ElementNode> second = cells(whole(desktop, calc));

        // Calc makes (and keeps) a new object per GetAccessibleAt: the same handles mean none was made.
        assertThat(second).extracting(ElementNode::handle)
                .containsExactlyElementsOf(first.stream().map(ElementNode::handle).toList());
        assertThat(second).extracting(ElementNode::value)
                .containsExactlyElementsOf(first.stream().map(ElementNode::value).toList());
    }

    @Test
    void farDownTheSheetTheCellsInViewAreReadWhereTheirIndexNoLongerFitsAnInt(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp calc = LibreOfficeCalc.launch(desktop, 1000, 1000);
        whole(desktop, calc);
        // The Name Box takes the cursor to row 200,000: Calc's index of a cell there, row × 16,384
        // + column, is past 2^31 and wraps.
        String window = TestDesktop.run(List.of("xdotool", "search", "--onlyvisible", "--pid", "" + calc.pid(),
                "--name", LibreOfficeCalc.FILE)).lines().findFirst().orElseThrow();
        TestDesktop.run(List.of("xdotool", "windowfocus", "--sync", window, "key", "ctrl+shift+F5", "sleep", "0.3",
                "type", "A200000"));
        TestDesktop.run(List.of("xdotool", "key", "Return"));
        assertThat(TestDesktop.eventually(Duration.ofSeconds(10), () -> cells(whole(desktop, calc)).stream()
                .anyMatch(n -> n.name().equals("A200000")))).as("the view moved to row 200,000").isTrue();

        List<ElementNode> cells = cells(whole(desktop, calc));

        assertThat(cells).hasSizeBetween(100, 4000);
        assertThat(cells).extracting(ElementNode::name).contains("A200000", "B200001").doesNotContain("A1");
        assertThat(cells).allSatisfy(cell -> assertThat(position(cell.name())[0]).isGreaterThan(131_072));
    }

    @Test
    void whileAFormulaIsBeingTypedTheCellsInViewAreStillRead(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp calc = LibreOfficeCalc.launch(desktop, 1000, 1000);
        whole(desktop, calc);
        // Typing a formula into A1 puts Calc in formula mode, where the cells it makes have no true
        // index (and read no text: the values below are those of the cells the first read was given).
        String window = TestDesktop.run(List.of("xdotool", "search", "--onlyvisible", "--pid", "" + calc.pid(),
                "--name", LibreOfficeCalc.FILE)).lines().findFirst().orElseThrow();
        TestDesktop.run(List.of("xdotool", "windowfocus", "--sync", window, "type", "=1+"));
        assertThat(TestDesktop.eventually(Duration.ofSeconds(10), () -> !whole(desktop, calc).nodes().stream()
                .filter(n -> n.role().equals("table")).findFirst().orElseThrow().states().contains("editable")))
                .as("the sheet is being edited").isTrue();

        List<ElementNode> cells = cells(whole(desktop, calc));

        assertThat(cells).hasSizeBetween(100, 4000);
        assertThat(cells).extracting(ElementNode::name).contains("A1", "B2", "J20");
        assertThat(cells).filteredOn(n -> n.name().equals("B2")).extracting(ElementNode::value).containsExactly("1001");
    }

    @Test
    void whileAnAddressIsTypedIntoTheNameBoxTheWholeWindowIsStillObserved(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp calc = LibreOfficeCalc.launch(desktop, 1000, 1000);
        whole(desktop, calc);
        // Calc shows a "Select Range" tip while a range is typed into the Name Box (ctrl+shift+F5),
        // and the tip misnames its parent in the accessibility cache.
        String window = TestDesktop.run(List.of("xdotool", "search", "--onlyvisible", "--pid", "" + calc.pid(),
                "--name", LibreOfficeCalc.FILE)).lines().findFirst().orElseThrow();
        TestDesktop.run(List.of("xdotool", "windowfocus", "--sync", window, "key", "ctrl+shift+F5", "sleep", "0.3",
                "type", "A1:C1"));
        assertThat(TestDesktop.eventually(Duration.ofSeconds(10), () -> whole(desktop, calc).nodes().stream()
                .anyMatch(n -> n.role().equals("label") && "Select Range".equals(n.name())))).as("the tip shows").isTrue();

        TreeSnapshot s = whole(desktop, calc);

        assertThat(s.nodes()).anyMatch(n -> n.role().equals("text") && "A1:C1".equals(n.value()));
        assertThat(s.nodes()).anyMatch(n -> n.role().equals("root pane"));
        assertThat(cells(s)).extracting(ElementNode::name).contains("A1", "B2");
    }

    @Test
    void theZoomSubmenuOfViewIsReachableByObservingTheWholeWindow(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp calc = LibreOfficeCalc.launch(desktop, 1000, 1000);
        // The menu bar appears twice: GTK's, and VCL's under the root pane, whose menus open by their action.
        ElementNode view = vclMenu(whole(desktop, calc), "menu", "View");
        desktop.backend().perform(view.handle(), new ElementAction.Press());
        ElementNode[] zoom = new ElementNode[1];
        assertThat(TestDesktop.eventually(Duration.ofSeconds(10), () -> {
            zoom[0] = showing(whole(desktop, calc), "menu", "Zoom");
            return zoom[0] != null;
        })).as("View's Zoom item shows").isTrue();
        desktop.backend().perform(zoom[0].handle(), new ElementAction.Press());
        TreeSnapshot[] opened = new TreeSnapshot[1];
        assertThat(TestDesktop.eventually(Duration.ofSeconds(10), () -> {
            opened[0] = whole(desktop, calc);
            return showing(opened[0], "menu item", "Optimal View") != null;
        })).as("Zoom's items show").isTrue();

        TreeSnapshot s = opened[0];
        int zoomIndex = index(s, n -> n.role().equals("menu") && n.name().equals("Zoom")
                && n.states().contains("showing") && underRootPane(s, n));
        List<ElementNode> items = s.nodes().stream().filter(n -> n.parent() == zoomIndex).toList();
        assertThat(items).extracting(ElementNode::name).contains("Page Width", "Optimal View", "100%", "Zoom...");
        assertThat(items).allSatisfy(item -> assertThat(item.depth()).isGreaterThanOrEqualTo(7));
        assertThat(s.truncated()).isFalse();
    }

    private static ElementNode vclMenu(TreeSnapshot s, String role, String name) {
        return s.nodes().get(index(s, n -> n.role().equals(role) && n.name().equals(name) && underRootPane(s, n)));
    }

    private static ElementNode showing(TreeSnapshot s, String role, String name) {
        return s.nodes().stream().filter(n -> n.role().equals(role) && n.name().equals(name)
                && n.states().contains("showing") && underRootPane(s, n)).findFirst().orElse(null);
    }

    private static boolean underRootPane(TreeSnapshot s, ElementNode n) {
        for (int p = n.parent(); p >= 0; p = s.nodes().get(p).parent()) {
            if (s.nodes().get(p).role().equals("root pane")) {
                return true;
            }
        }
        return false;
    }
}
