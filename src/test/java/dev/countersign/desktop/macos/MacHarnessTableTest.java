package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.desktop.AppInfo;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.SnapshotLimits;
import dev.countersign.desktop.TreeSnapshot;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Tables and large collections through {@link MacDesktopBackend} on the framework harness: the real
 * JNA calls ({@code AXUIElementCopyAttributeValue} of {@code AXVisibleRows}, {@code AXHeader},
 * {@code AXVisibleCells}, {@code AXVisibleChildren}; {@code AXUIElementCopyAttributeValues} of a
 * first run of children) read what is in view, never a table's {@code AXChildren} or
 * {@code AXRows}, and every CF object they make is released exactly once.
 */
@Tag("macos-sim")
class MacHarnessTableTest extends HarnessBackendFixture {
    MacHarnessTableTest() {
        super("tables.json", "Numbers", "com.apple.iWork.Numbers");
    }

    private TreeSnapshot whole() {
        AppInfo app = app();
        return backend.snapshot(app, window(app), new SnapshotLimits(SnapshotLimits.MAX_NODES, SnapshotLimits.MAX_DEPTH));
    }

    private List<String> reads(String path) {
        String prefix = "read " + desktop.node(path) + " ";
        return sim.calls().lines().filter(l -> l.startsWith(prefix)).map(l -> l.substring(prefix.length())).toList();
    }

    private static List<String> texts(TreeSnapshot s) {
        return s.nodes().stream().map(n -> n.value() != null ? n.value() : n.name()).toList();
    }

    @Test
    void aTableIsReadByItsHeaderAndRowsInViewNeverByItsChildrenOrAllItsRows() {
        TreeSnapshot s = whole();

        assertThat(texts(s)).contains("Name", "Size", "notes.txt", "4 KB", "plan.md", "report.pdf")
                .doesNotContain("a-scrolled-away.txt", "z-below.txt");
        assertThat(reads("0/0/0")).contains(AxNames.VISIBLE_ROWS, AxNames.HEADER)
                .doesNotContain(AxNames.CHILDREN, "AXRows");
        ElementNode selected = s.nodes().stream().filter(n -> "AXRow".equals(n.role()) && n.hasState("selected"))
                .findFirst().orElseThrow();
        assertThat(selected.handle()).as("a row in view keeps a handle an act can use").isNotNull();
    }

    @Test
    void aCellBasedTableIsReadByItsCellsInViewAndItsCellsOutOfViewAreCountedNotCut() {
        TreeSnapshot s = whole();

        assertThat(s.nodes()).extracting(ElementNode::name).contains("A1", "B1").doesNotContain("A900");
        assertThat(reads("0/1")).contains(AxNames.VISIBLE_CELLS).doesNotContain(AxNames.CHILDREN);
        assertThat(s.omittedByReason().get(TreeSnapshot.OFFSCREEN)).isEqualTo(AxTreeWalker.COUNT_CAP);
    }

    @Test
    void aListTooLargeToKeepIsReadByItsChildrenInView() {
        TreeSnapshot s = whole();

        assertThat(texts(s)).contains("Lunch?", "Invoice").doesNotContain("older");
        assertThat(reads("0/2")).contains(AxNames.VISIBLE_CHILDREN).doesNotContain(AxNames.CHILDREN);
    }

    @Test
    void aListTooLargeWithoutChildrenInViewIsReadByItsFirstChildrenAndTheRestCountsAsCut() {
        TreeSnapshot s = whole();

        assertThat(texts(s)).contains("line 1", "line 2", "line 3");
        assertThat(reads("0/3")).doesNotContain(AxNames.CHILDREN)
                .anyMatch(r -> r.startsWith(AxNames.CHILDREN + "[0+"));
        assertThat(s.truncated()).isTrue();
        assertThat(s.omittedByReason().get(TreeSnapshot.MAX_NODES)).isEqualTo(5000 - 3);
    }
}
