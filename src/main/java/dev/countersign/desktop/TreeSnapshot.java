package dev.countersign.desktop;

import java.util.List;
import java.util.Objects;

/**
 * A bounded read of one window's tree: nodes in pre-order (the window itself first, depth 0), and
 * an honest account of what the bounds cut — {@code truncated} is true exactly when
 * {@code omittedCount} is positive.
 */
public record TreeSnapshot(AppInfo app, WindowInfo window, List<ElementNode> nodes, boolean truncated,
                           int omittedCount) {

    public TreeSnapshot {
        Objects.requireNonNull(app, "app");
        Objects.requireNonNull(window, "window");
        nodes = List.copyOf(nodes);
        if (omittedCount < 0) {
            throw new IllegalArgumentException("omitted count is not negative, got " + omittedCount);
        }
        if (truncated != (omittedCount > 0)) {
            throw new IllegalArgumentException("truncated must be true exactly when nodes were omitted");
        }
    }
}
