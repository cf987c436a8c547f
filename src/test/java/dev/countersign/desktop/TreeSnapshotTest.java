package dev.countersign.desktop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.core.Rect;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Omission reasons: what the bounds cut makes a snapshot truncated; what nobody can see does not. */
class TreeSnapshotTest {
    private static final AppInfo APP = new AppInfo("app", null, new LaunchIdentity(42, 7));
    private static final WindowInfo WINDOW = new WindowInfo(new ElementHandle() { }, "w", new Rect(0, 0, 10, 10), true);

    @Test
    void skippedClosedMenusAreCountedWithoutTruncating() {
        TreeSnapshot s = new TreeSnapshot(APP, WINDOW, List.of(), false, 303, Map.of(TreeSnapshot.CLOSED_MENU, 303));
        assertThat(s.truncated()).isFalse();
        assertThat(s.omittedCount()).isEqualTo(303);
    }

    @Test
    void aBoundsCutMustSayTruncated() {
        assertThatThrownBy(() -> new TreeSnapshot(APP, WINDOW, List.of(), false, 5,
                Map.of(TreeSnapshot.MAX_NODES, 3, TreeSnapshot.HIDDEN, 2)))
                .hasMessageContaining("truncated must be true exactly when the bounds cut nodes");
    }

    @Test
    void theCountIsTheSumOfItsReasons() {
        assertThatThrownBy(() -> new TreeSnapshot(APP, WINDOW, List.of(), false, 4, Map.of(TreeSnapshot.HIDDEN, 2)))
                .hasMessageContaining("sum over its reasons");
    }

    @Test
    void theOldConstructorCountsEverythingAsTheNodeBound() {
        TreeSnapshot s = new TreeSnapshot(APP, WINDOW, List.of(), true, 3);
        assertThat(s.omittedByReason()).containsEntry(TreeSnapshot.MAX_NODES, 3);
    }
}
