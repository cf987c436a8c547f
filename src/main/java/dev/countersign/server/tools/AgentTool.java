package dev.countersign.server.tools;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;

/**
 * One agent-facing MCP tool: its name, short exact description, strict input schema, output
 * schema, annotations, and what a call does. Adding a tool (e.g. {@code computer_visual_observe})
 * is one class implementing this, listed in {@link Tools#defaults}.
 */
public interface AgentTool {
    String name();

    /** One or two sentences; every byte of it is paid for by every agent on every connect. */
    String description();

    ArgSchema.Obj input();

    Map<String, Object> output();

    /** Hints for clients (read-only or destructive); our approval gate never relies on them. */
    McpSchema.ToolAnnotations annotations();

    /** Runs a call whose arguments already passed {@link #input()}. Expected failures are results. */
    McpSchema.CallToolResult call(ToolCall call);

    /** The tool as {@code tools/list} shows it. */
    default McpSchema.Tool definition() {
        return McpSchema.Tool.builder()
                .name(name())
                .description(description())
                .inputSchema(input().render())
                .outputSchema(output())
                .annotations(annotations())
                .build();
    }

    /**
     * Read-only. The hints MCP defines only for tools that write (destructive, idempotent) are left
     * out, and so is openWorldHint: its default (true) is what the desktop is, where a browser
     * reaches anything; every byte here is in every agent's tools/list.
     */
    static McpSchema.ToolAnnotations readOnly() {
        return new McpSchema.ToolAnnotations(null, true, null, null, null, null);
    }

    /** Writes; destructive said outright although it is MCP's default, as clients gate on it. */
    static McpSchema.ToolAnnotations destructive() {
        return new McpSchema.ToolAnnotations(null, null, true, null, null, null);
    }
}
