package dev.countersign.approval;

/** The person's answer as the UI reports it. Only {@link #ALLOW_ONCE} lets an action run. */
public enum Decision {
    /** The person clicked "Allow once". */
    ALLOW_ONCE,
    /** The person clicked "Deny", pressed Esc, closed the dialog or quit. */
    DENY,
    /** Nobody answered before the action's envelope expired. */
    TIMEOUT,
    /** No UI could ask (headless, or the request was withdrawn). */
    UNAVAILABLE
}
