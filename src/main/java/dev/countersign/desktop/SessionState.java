package dev.countersign.desktop;

/** Whether a person's interactive desktop session can be observed and driven right now. */
public enum SessionState {
    /** Unlocked, with a display and an accessibility service that answer. */
    AVAILABLE,
    /** The screen is locked or the session is not on the console. */
    LOCKED,
    /** Nothing could tell: no display, no accessibility bus. Callers fail closed on it. */
    UNKNOWN
}
