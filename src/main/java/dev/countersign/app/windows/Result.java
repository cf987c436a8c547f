package dev.countersign.app.windows;

import java.util.Optional;

/** A form's outcome: a value, or a sentence for the person saying what to fix. */
record Result<T>(Optional<T> value, String problem) {
    static <T> Result<T> ok(T value) {
        return new Result<>(Optional.of(value), "");
    }

    static <T> Result<T> problem(String why) {
        return new Result<>(Optional.empty(), why);
    }

    boolean isOk() {
        return value.isPresent();
    }
}
