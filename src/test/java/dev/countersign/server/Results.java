package dev.countersign.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import dev.countersign.core.Json;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;

/**
 * What a tool result says, for tests: its structured content, or, for an error result (which
 * carries none, ADR 0006), the JSON of its text content.
 */
public final class Results {
    private Results() {
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> body(McpSchema.CallToolResult result) {
        if (result.structuredContent() != null) {
            return (Map<String, Object>) result.structuredContent();
        }
        String text = result.content().stream().filter(c -> c instanceof McpSchema.TextContent)
                .map(c -> ((McpSchema.TextContent) c).text()).findFirst()
                .orElseThrow(() -> new AssertionError("no structured or text content in " + result));
        try {
            return Json.mapper().readValue(text, new TypeReference<Map<String, Object>>() {
            });
        } catch (JsonProcessingException e) {
            throw new AssertionError("the text content is not a JSON object: " + text, e);
        }
    }
}
