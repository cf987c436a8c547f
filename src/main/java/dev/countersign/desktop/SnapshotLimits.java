package dev.countersign.desktop;

/** The bounds of one tree snapshot, as computer_observe allows them: 1–2000 nodes and 1–16 levels below the window. */
public record SnapshotLimits(int maxNodes, int maxDepth) {

    public static final int MAX_NODES = 2000;
    public static final int MAX_DEPTH = 32;

    public SnapshotLimits {
        if (maxNodes < 1 || maxNodes > MAX_NODES) {
            throw new IllegalArgumentException("max_nodes is 1.." + MAX_NODES + ", got " + maxNodes);
        }
        if (maxDepth < 1 || maxDepth > MAX_DEPTH) {
            throw new IllegalArgumentException("max_depth is 1.." + MAX_DEPTH + ", got " + maxDepth);
        }
    }

    /** The defaults of {@code computer_observe}: 400 nodes, 8 levels. */
    public static SnapshotLimits defaults() {
        return new SnapshotLimits(400, 8);
    }
}
