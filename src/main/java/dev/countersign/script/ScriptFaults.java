package dev.countersign.script;

/**
 * Points in the SAVE-BEFORE / dispatch / SAVE-AFTER protocol where tests inject a crash. In
 * production it is {@link #NONE}; a test throws from {@link #reached} to stop the host exactly
 * there, with nothing written after that point.
 */
public interface ScriptFaults {
    /** No fault injection. */
    ScriptFaults NONE = (point, scriptId) -> { };

    /** Where in one tool call the host is. */
    enum Point {
        /** SAVE-BEFORE is durable; the tool has not been dispatched. */
        SAVED_BEFORE,
        /** The tool ran and answered; SAVE-AFTER is not written yet. */
        DISPATCHED,
        /** SAVE-AFTER is durable; the script has not been resumed yet. */
        SAVED_AFTER
    }

    void reached(Point point, String scriptId);
}
