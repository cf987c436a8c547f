package dev.countersign.core;

import java.util.Objects;

/**
 * The one unchecked exception for real faults that cross a boundary (a runtime that cannot answer,
 * a corrupt checkpoint). It carries a {@link CountersignError} so the boundary that handles it can
 * turn it back into a value.
 */
public class CountersignException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient CountersignError error;

    public CountersignException(CountersignError error) {
        super(error.code() + ": " + error.message());
        this.error = Objects.requireNonNull(error, "error");
    }

    public CountersignException(CountersignError error, Throwable cause) {
        super(error.code() + ": " + error.message(), cause);
        this.error = Objects.requireNonNull(error, "error");
    }

    public CountersignError error() {
        return error;
    }
}
