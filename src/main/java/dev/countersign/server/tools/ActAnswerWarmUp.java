package dev.countersign.server.tools;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.countersign.audit.Redactor;
import dev.countersign.core.Json;
import dev.countersign.driver.ActArgs;
import dev.countersign.driver.Receipt;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;

/**
 * Runs what a {@code computer_act} call goes through besides the desktop and the agent's books:
 * its arguments checked and bound, a made-up click through the driver's policy and governed graph
 * ({@link dev.countersign.driver.ComputerDriver#warmUpAct}), the receipt as a tool result checked
 * against the tool's output schema, the audit record's redaction and the JSON-RPC response on the
 * wire (otherwise the cold first act pays for loading and linking all of it). As
 * {@link ObserveWarmUp} for observations; nothing here reaches a desktop, a session, a lease or
 * the audit log.
 */
final class ActAnswerWarmUp {
    private ActAnswerWarmUp() {
    }

    /** Runs the act's call path with the endpoint's own {@code wire} mapper and output {@code validator}; returns the answer's text. */
    static String run(ActTool act, ObjectMapper wire, JsonSchemaValidator validator) {
        JsonNode args = Json.mapper().valueToTree(Map.of("ref", "rWarmUp00000", "op", "click"));
        act.input().check("", args);
        Json.bind(args, ActArgs.class);
        Receipt receipt = act.warmUpReceipt();
        McpSchema.CallToolResult result = ToolResults.receipt(receipt);
        validator.validate(act.output(), result.structuredContent());
        // The receipt's audit record, redacted as the log would (never written).
        Redactor.redact(receipt.auditRecord(act.name(), Map.of()));
        try {
            return wire.writeValueAsString(McpSchema.JSONRPCResponse.result(1, result));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a receipt always serializes", e);
        }
    }
}
