package dev.countersign.core;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import java.util.Optional;

/**
 * An expected failure as a value: a stable {@link ErrorCode}, a message for a person, a hint for
 * the agent, the field it concerns (if any) and, when cleanup also failed, the cleanup's error.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CountersignError(
        @JsonProperty("code") ErrorCode code,
        @JsonProperty("message") String message,
        @JsonProperty("hint") String hint,
        @JsonProperty("field") String field,
        @JsonProperty("cleanup_failure") CountersignError cleanupFailure) {

    public CountersignError {
        Objects.requireNonNull(code, "an error must carry a code");
        Objects.requireNonNull(message, "an error must carry a message for a person");
        if (hint == null) {
            hint = code.defaultHint();
        }
    }

    public static CountersignError of(ErrorCode code, String message) {
        return new CountersignError(code, message, null, null, null);
    }

    public static CountersignError onField(ErrorCode code, String field, String message) {
        return new CountersignError(code, message, null, field, null);
    }

    /** A response field that differs from the request that produced it (docs/graph.md binding checks). */
    public static CountersignError identityMismatch(String field) {
        return onField(ErrorCode.IDENTITY_MISMATCH, field,
                "the response's " + field + " does not match the action it answers");
    }

    public Optional<String> fieldName() {
        return Optional.ofNullable(field);
    }

    public Optional<CountersignError> cleanup() {
        return Optional.ofNullable(cleanupFailure);
    }

    /**
     * This error kept as the primary failure, with the failure of the cleanup that followed it.
     * The result is deterministic: same primary and cleanup give the same error.
     */
    public CountersignError withCleanupFailure(CountersignError cleanup) {
        Objects.requireNonNull(cleanup, "cleanup");
        return new CountersignError(code,
                message + "; cleanup also failed: " + cleanup.code() + ": " + cleanup.message(),
                hint, field, cleanup);
    }
}
