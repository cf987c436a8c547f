package dev.countersign.server;

import dev.countersign.server.tools.ToolResults;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;

/**
 * What a tool result says, for tests: its structured content, or, for an error result (which
 * carries none, ADR 0006), the JSON text that follows its headline.
 */
public final class Results {
    private Results() {
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> body(McpSchema.CallToolResult result) {
        if (result.structuredContent() != null) {
            return (Map<String, Object>) result.structuredContent();
        }
        return ToolResults.textBody(result)
                .orElseThrow(() -> new AssertionError("no structured content or JSON text in " + result));
    }
}
