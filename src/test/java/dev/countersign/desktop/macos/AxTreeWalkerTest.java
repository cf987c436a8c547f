package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.SnapshotLimits;
import dev.countersign.desktop.TreeSnapshot;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class AxTreeWalkerTest {
    private final AxFixture menus = AxFixture.load("menus.json");

    private AxTreeWalker.Result walk(AxFixture f, int maxNodes, int maxDepth) {
        return new AxTreeWalker<>(f, new AxElementMapper(f.displays)).walk(f.window, new SnapshotLimits(maxNodes, maxDepth));
    }

    @Test
    void theDepthBoundCountsExactlyTheChildrenItCut() {
        AxTreeWalker.Result r = walk(menus, 100, 2);
        // Window, two menu bar items, the File menu; its four items are below the bound.
        assertThat(r.nodes()).extracting(ElementNode::role)
                .containsExactly("AXMenuBar", "AXMenuBarItem", "AXMenuBarItem", "AXMenu");
        assertThat(r.omitted()).containsExactly(entry(TreeSnapshot.MAX_DEPTH, 4));
        assertThat(r.truncated()).isTrue();
        assertThat(menus.requested).doesNotContainKey("0/1/0/0");
    }

    @Test
    void theNodeBoundKeepsBreadthFirstAndCountsWhatItLeftOut() {
        AxTreeWalker.Result r = walk(menus, 3, 16);
        assertThat(r.nodes()).hasSize(3);
        assertThat(r.nodes().get(2).name()).isEqualTo("File");
        // The File menu was not kept; its four items were never reached, so only it is counted.
        assertThat(r.omitted()).containsExactly(entry(TreeSnapshot.MAX_NODES, 1));
    }

    @Test
    void nothingIsOmittedWhenEverythingFits() {
        AxTreeWalker.Result r = walk(menus, 2000, 16);
        assertThat(r.nodes()).hasSize(8);
        assertThat(r.omitted()).isEmpty();
        for (int i = 1; i < r.nodes().size(); i++) {
            ElementNode n = r.nodes().get(i);
            assertThat(n.parent()).isLessThan(i);
            assertThat(r.nodes().get(n.parent()).depth()).isEqualTo(n.depth() - 1);
        }
    }

    @Test
    void aWindowThatIsGoneYieldsNoNodesAndSaysWhy() {
        menus.window.gone = true;
        AxTreeWalker.Result r = walk(menus, 100, 8);
        assertThat(r.nodes()).isEmpty();
        assertThat(r.windowGone()).contains("kAXErrorInvalidUIElement");
    }

    @Test
    void anElementThatVanishesMidWalkIsDroppedWithItsSubtree() {
        menus.at("0/1").gone = true;
        List<ElementNode> nodes = walk(menus, 100, 8).nodes();
        assertThat(nodes).extracting(ElementNode::name).containsExactly("", "Apple");
    }

    @Test
    void handlesAreTheSourcesOwn() {
        List<ElementNode> nodes = walk(menus, 100, 8).nodes();
        assertThat(nodes.get(1).handle()).isEqualTo(new AxFixture.Handle("0/0"));
    }

    @Nested
    class TablesAndLargeCollections {
        private final AxFixture tables = AxFixture.load("tables.json");

        private List<String> texts(AxTreeWalker.Result r) {
            return r.nodes().stream().map(n -> n.value() != null ? n.value() : n.name()).toList();
        }

        @Test
        void aTableIsReadByItsHeaderAndItsRowsInViewNeverByItsChildrenOrAllItsRows() {
            AxTreeWalker.Result r = walk(tables, 2000, 16);

            assertThat(texts(r)).contains("Name", "Size", "notes.txt", "4 KB", "plan.md", "report.pdf")
                    .doesNotContain("a-scrolled-away.txt", "z-below.txt");
            assertThat(r.nodes()).extracting(ElementNode::role).doesNotContain("AXColumn");
            assertThat(tables.requested.get("0/0/0")).contains(AxNames.VISIBLE_ROWS, AxNames.HEADER)
                    .doesNotContain(AxNames.CHILDREN, "AXRows");
            // The header group first, then the rows in their order.
            ElementNode files = r.nodes().stream().filter(n -> "Files".equals(n.name())).findFirst().orElseThrow();
            int table = r.nodes().indexOf(files);
            assertThat(r.nodes().stream().filter(n -> n.parent() == table).map(ElementNode::role).toList())
                    .containsExactly("AXGroup", "AXRow", "AXRow", "AXRow");
        }

        @Test
        void aTablesRowsOutOfViewAreCountedOffScreenNotCut() {
            AxTreeWalker.Result r = walk(tables, 2000, 16);

            // 1,000,000 rows of which 3 in view; the spreadsheet's 2^34 cells are past the cap.
            assertThat(r.omitted().get(TreeSnapshot.OFFSCREEN)).isEqualTo(AxTreeWalker.COUNT_CAP);
            assertThat(r.omitted().get(TreeSnapshot.MAX_NODES)).as("only the log list's unread children")
                    .isEqualTo(5000 - 3);
        }

        @Test
        void aCellBasedTableIsReadByItsCellsInView() {
            AxTreeWalker.Result r = walk(tables, 2000, 16);

            assertThat(r.nodes()).extracting(ElementNode::name).contains("A1", "B1").doesNotContain("A900");
            assertThat(tables.requested.get("0/1")).contains(AxNames.VISIBLE_CELLS).doesNotContain(AxNames.CHILDREN);
        }

        @Test
        void aCollectionTooLargeToKeepIsReadByItsChildrenInView() {
            AxTreeWalker.Result r = walk(tables, 2000, 16);

            assertThat(texts(r)).contains("Lunch?", "Invoice").doesNotContain("older");
            assertThat(tables.requested.get("0/2")).contains(AxNames.VISIBLE_CHILDREN).doesNotContain(AxNames.CHILDREN);
        }

        @Test
        void aCollectionTooLargeWithoutChildrenInViewIsReadByItsFirstChildrenAndTheRestIsCut() {
            AxTreeWalker.Result r = walk(tables, 2000, 16);

            assertThat(texts(r)).contains("line 1", "line 2", "line 3");
            assertThat(tables.requested.get("0/3")).doesNotContain(AxNames.CHILDREN)
                    .anyMatch(asked -> asked.startsWith(AxNames.CHILDREN + "[0+"));
            assertThat(r.truncated()).isTrue();
        }

        @Test
        void aCollectionOfOrdinarySizeIsReadByItsChildren() {
            AxTreeWalker.Result r = walk(menus, 2000, 16);

            assertThat(r.nodes()).hasSize(8);
            assertThat(menus.requested.get("0")).contains(AxNames.CHILDREN);
        }
    }
}
