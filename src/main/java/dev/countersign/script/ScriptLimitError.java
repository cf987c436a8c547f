package dev.countersign.script;

/**
 * Ends a script that passed one of its limits. It is an {@link Error} on purpose: Rhino lets a
 * script's {@code catch} intercept its own exceptions but not a Java {@code Error}, so a runaway
 * loop inside {@code try { … } catch (e) { }} still ends.
 */
final class ScriptLimitError extends Error {
    private static final long serialVersionUID = 1L;

    ScriptLimitError(String message) {
        super(message, null, false, false);
    }
}
