package dev.countersign.core;

/**
 * A runtime's refusal to execute that it raises before anything reached the desktop (the target
 * changed, the session locked, agents were paused). Unlike any other failure inside
 * {@code executeAction}, it lets the graph report {@code rejected} instead of {@code unknown}.
 */
public class DispatchRefusedException extends CountersignException {
    private static final long serialVersionUID = 1L;

    public DispatchRefusedException(CountersignError error) {
        super(error);
    }
}
