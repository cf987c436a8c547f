package dev.countersign.graph;

import dev.countersign.core.PendingApproval;

/** Where a run of the graph stopped: interrupted for the person's approval, or finished. */
public sealed interface GraphStep {

    /** The graph waits for a decision; persist {@code checkpoint} and resume it with the answer. */
    record Interrupted(GraphState checkpoint, PendingApproval pending) implements GraphStep {
    }

    /** The graph reached its end; {@code state} is the final checkpoint, kept for audit. */
    record Finished(ActionResult result, GraphState state) implements GraphStep {
    }
}
