package dev.countersign.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import dev.countersign.driver.ApprovalWatch;
import java.util.Objects;

/**
 * One validated call: the agent id from the authenticated connection (never from the arguments),
 * the arguments, and the watch that reports an approval wait back to the caller.
 */
record ToolCall(String agentId, ObjectNode arguments, ApprovalWatch watch) {

    ToolCall {
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(arguments, "arguments");
        Objects.requireNonNull(watch, "watch");
    }

    /** The arguments as the driver's record; a shape the record refuses is INVALID_ARGUMENT. */
    <T> T argumentsAs(Class<T> type) {
        try {
            return Json.mapper().treeToValue(arguments, type);
        } catch (JsonProcessingException e) {
            // The schema already passed, so this is a cross-field rule of the record (e.g. a
            // postcondition with two digests); its message is the rule.
            Throwable cause = e.getCause() instanceof IllegalArgumentException ? e.getCause() : e;
            throw new CountersignException(CountersignError.of(ErrorCode.INVALID_ARGUMENT,
                    "arguments do not fit " + type.getSimpleName() + ": " + firstLine(cause.getMessage())), e);
        }
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "malformed";
        }
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
