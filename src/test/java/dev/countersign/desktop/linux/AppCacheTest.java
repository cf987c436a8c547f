package dev.countersign.desktop.linux;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class AppCacheTest {
    private static final String BUS = ":1.42";

    private static AtspiRef ref(int n) {
        return new AtspiRef(BUS, "/org/a11y/atspi/accessible/" + n);
    }

    /** One {@code GetItems} entry: the element, its application, its parent, its index there and its child count. */
    private static Object[] item(int path, int parent, int index, int children) {
        return new Object[] {new Object[] {BUS, ref(path).path()}, new Object[] {BUS, "/org/a11y/atspi/accessible/root"},
                new Object[] {BUS, ref(parent).path()}, index, children, List.of("Accessible"), "", 39, "",
                List.of(0, 0)};
    }

    @Test
    void childrenCachedAtTheirOwnIndicesAreComplete() {
        AppCache cache = AppCache.of(List.of(item(1, 0, 0, 2), item(2, 1, 1, 0), item(3, 1, 0, 0)));

        assertThat(cache.completeChildren(ref(1))).containsExactly(ref(3), ref(2));
    }

    @Test
    void aChildThatNamesTheParentButNoIndexThereLeavesTheChildrenToBeReadLive() {
        // LibreOffice's "Select Range" tip (4) names the panel (3) as its parent at index -1, while
        // the panel's one child is the root pane (5), which names another parent.
        AppCache cache = AppCache.of(List.of(item(3, 1, 1, 1), item(4, 3, -1, 1), item(5, 9, 0, 7)));

        assertThat(cache.completeChildren(ref(3))).isNull();
    }

    @Test
    void fewerCachedChildrenThanTheCountAreIncomplete() {
        AppCache cache = AppCache.of(List.of(item(1, 0, 0, 3), item(2, 1, 0, 0), item(3, 1, 1, 0)));

        assertThat(cache.completeChildren(ref(1))).isNull();
    }
}
