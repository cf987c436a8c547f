package dev.countersign.desktop.linux;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.SnapshotLimits;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TreeSnapshot;
import java.util.List;

/** Helpers for the desktop tests: whole snapshots and finding one node by role and name. */
final class DesktopTrees {
    static final SnapshotLimits ALL = new SnapshotLimits(2000, 16);

    private DesktopTrees() {
    }

    static TreeSnapshot snapshot(DesktopBackend backend, TestDesktop.TargetApp app) {
        return backend.snapshot(app.app(), app.window(), ALL);
    }

    static ElementNode find(TreeSnapshot snapshot, String role, String name) {
        List<ElementNode> hits = snapshot.nodes().stream()
                .filter(n -> n.role().equals(role) && n.name().equals(name)).toList();
        assertThat(hits).as("exactly one %s named '%s'", role, name).hasSize(1);
        return hits.get(0);
    }

    static ElementNode findRole(TreeSnapshot snapshot, String role) {
        List<ElementNode> hits = snapshot.nodes().stream().filter(n -> n.role().equals(role)).toList();
        assertThat(hits).as("exactly one %s", role).hasSize(1);
        return hits.get(0);
    }
}
