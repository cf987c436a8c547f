package dev.countersign.server;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;

/**
 * One agent-facing MCP tool: its name, short exact description, strict input schema, output
 * schema, annotations, and what a call does. Adding a tool (e.g. {@code computer_visual_observe})
 * is one class implementing this, listed in {@link McpEndpoint#tools}.
 */
interface AgentTool {
    String name();

    /** One or two sentences; every byte of it is paid for by every agent on every connect. */
    String description();

    ArgSchema.Obj input();

    Map<String, Object> output();

    /** Hints for clients (read-only or destructive); our approval gate never relies on them. */
    McpSchema.ToolAnnotations annotations();

    /** Runs a call whose arguments already passed {@link #input()}. Expected failures are results. */
    McpSchema.CallToolResult call(ToolCall call);

    static McpSchema.ToolAnnotations readOnly() {
        return new McpSchema.ToolAnnotations(null, true, false, true, false, null);
    }

    static McpSchema.ToolAnnotations destructive() {
        return new McpSchema.ToolAnnotations(null, false, true, false, false, null);
    }
}
