package dev.countersign.server.tools;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.countersign.approval.ApprovalWatch;
import dev.countersign.core.Json;
import java.util.Objects;

/**
 * One validated call: the agent id from the authenticated connection (never from the arguments),
 * the arguments, and the watch that reports an approval wait back to the caller.
 */
public record ToolCall(String agentId, ObjectNode arguments, ApprovalWatch watch) {

    public ToolCall {
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(arguments, "arguments");
        Objects.requireNonNull(watch, "watch");
    }

    /** The arguments as the driver's record; a shape the record refuses is INVALID_ARGUMENT naming the field. */
    <T> T argumentsAs(Class<T> type) {
        return Json.bind(arguments, type);
    }
}
