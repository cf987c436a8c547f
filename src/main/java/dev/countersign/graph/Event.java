package dev.countersign.graph;

/** What a node reports when it finishes; the transition table maps (node, event) to the next node. */
public enum Event {
    /** The node's checks passed and its work is in graph state. */
    PASSED,
    /** The node refused: nothing was dispatched by it. */
    REFUSED,
    /** The runtime returned a reservation that failed binding: it must still be released. */
    RESERVATION_REJECTED,
    /** The policy asks the person; the graph interrupts. */
    APPROVAL_REQUIRED,
    /** The person allowed this action once and the grant is bound. */
    APPROVED,
    /** The person denied it, the request expired, or no UI could ask. */
    DENIED,
    /** The action may have been dispatched but its receipt is missing or unbound: the outcome is unknown. */
    DISPATCH_UNCERTAIN,
    /** The reservation was released. */
    RELEASED,
    /** Releasing the reservation failed. */
    RELEASE_FAILED
}
