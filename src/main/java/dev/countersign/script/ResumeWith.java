package dev.countersign.script;

import com.fasterxml.jackson.databind.JsonNode;
import dev.countersign.core.CountersignError;
import java.util.Objects;

/** What a pending tool call answers when the script resumes: a value, or a tool error it may catch. */
public sealed interface ResumeWith {

    /** The tool's result; {@code call_tool} returns it. */
    record Value(JsonNode value) implements ResumeWith {
        public Value {
            Objects.requireNonNull(value, "value");
        }
    }

    /**
     * The tool failed with a stable code; {@code call_tool} throws a {@code ToolError} carrying
     * {@code code}, {@code message}, {@code hint} and, when there is one, the receipt.
     */
    record Failure(CountersignError error, JsonNode receipt) implements ResumeWith {
        public Failure {
            Objects.requireNonNull(error, "error");
        }
    }
}
