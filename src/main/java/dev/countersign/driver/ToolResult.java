package dev.countersign.driver;

import dev.countersign.core.CountersignError;
import java.util.Objects;

/**
 * The outcome of one agent-facing operation: a value, or an error with a stable code. Expected
 * failures are values (docs/endpoint.md: a failed tool call is a result with {@code isError}, not an
 * exception).
 */
public sealed interface ToolResult<T> {

    static <T> ToolResult<T> ok(T value) {
        return new Ok<>(value);
    }

    static <T> ToolResult<T> error(CountersignError error) {
        return new Err<>(error);
    }

    /** The operation succeeded with this value. */
    record Ok<T>(T value) implements ToolResult<T> {
        public Ok {
            Objects.requireNonNull(value, "value");
        }
    }

    /** The operation was refused or failed; nothing was changed unless the error says so. */
    record Err<T>(CountersignError error) implements ToolResult<T> {
        public Err {
            Objects.requireNonNull(error, "error");
        }
    }
}
