package dev.countersign.graph;

/** The nodes of the governed graph, in order. {@code EXECUTE} is the only node that mutates. */
public enum Node {
    OBSERVE,
    PREVIEW,
    RESERVE,
    APPROVE,
    /** Interrupted: the graph is checkpointed and waits for the person's decision. */
    AWAIT_APPROVAL,
    LEASE,
    EXECUTE,
    VERIFY,
    RELEASE,
    DONE
}
