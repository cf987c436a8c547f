package dev.countersign.driver;

import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import java.util.Objects;
import java.util.function.Function;

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

    /** The value, or, for an error, a {@link CountersignException} carrying that error. */
    T orThrow();

    /** The value passed through {@code f} as a new success, or the same error without calling {@code f}. */
    <U> ToolResult<U> map(Function<? super T, ? extends U> f);

    /** The operation succeeded with this value. */
    record Ok<T>(T value) implements ToolResult<T> {
        public Ok {
            Objects.requireNonNull(value, "value");
        }

        @Override
        public T orThrow() {
            return value;
        }

        @Override
        public <U> ToolResult<U> map(Function<? super T, ? extends U> f) {
            return ToolResult.ok(f.apply(value));
        }
    }

    /** The operation was refused or failed; nothing was changed unless the error says so. */
    record Err<T>(CountersignError error) implements ToolResult<T> {
        public Err {
            Objects.requireNonNull(error, "error");
        }

        @Override
        public T orThrow() {
            throw new CountersignException(error);
        }

        @Override
        public <U> ToolResult<U> map(Function<? super T, ? extends U> f) {
            return ToolResult.error(error);
        }
    }
}
