package dev.countersign.desktop;

/**
 * A session probe a backend started for a call that has just arrived ({@link
 * DesktopBackend#askSessionAhead}). Closing it, when the call ends, drops whatever the call did not
 * take; it never throws.
 */
@FunctionalInterface
public interface SessionAhead extends AutoCloseable {
    /** Nothing asked ahead. */
    SessionAhead NONE = () -> { };

    @Override
    void close();
}
