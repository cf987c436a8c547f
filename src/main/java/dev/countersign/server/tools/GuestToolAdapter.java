package dev.countersign.server.tools;

import com.fasterxml.jackson.databind.JsonNode;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.driver.Forwarded;
import dev.countersign.driver.Receipt;
import dev.countersign.driver.ToolResult;
import dev.countersign.govern.GuestTool;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;

/**
 * A {@link GuestTool} as one of the endpoint's tools: the endpoint's own strict schema, and the
 * same audit-before-answer rule as {@code computer_act}.
 */
final class GuestToolAdapter implements AgentTool {
    private final GuestTool guest;
    private final AuditTrail audit;

    GuestToolAdapter(GuestTool guest, AuditTrail audit) {
        this.guest = guest;
        this.audit = audit;
    }

    @Override
    public String name() {
        return guest.name();
    }

    @Override
    public String description() {
        return guest.description();
    }

    @Override
    public ArgSchema.Obj input() {
        // Screenshot pixels: a model-sized screenshot is far below 9999 on either edge.
        ArgSchema.Obj point = ArgSchema.object()
                .require("x", ArgSchema.integer(0, 9999))
                .require("y", ArgSchema.integer(0, 9999));
        return ArgSchema.object()
                .require("action", ArgSchema.oneOf(guest.actions().toArray(String[]::new)))
                .with("point", point)
                .with("to", point)
                .with("text", ArgSchema.string(4096)
                        .describe("type: text, at most 200 chars; key: chord; scroll: up|down|left|right[:steps]"));
    }

    @Override
    public Map<String, Object> output() {
        // Screenshots come back as image content: no single structured shape to declare.
        return null;
    }

    @Override
    public McpSchema.ToolAnnotations annotations() {
        return AgentTool.destructive();
    }

    @Override
    public McpSchema.CallToolResult call(ToolCall call) {
        var args = call.arguments();
        GuestTool.Call parsed = new GuestTool.Call(args.path("action").asText(), point(args.get("point")),
                point(args.get("to")), args.hasNonNull("text") ? args.get("text").asText() : null);
        GuestTool.Reply reply;
        try {
            reply = guest.call(call.agentId(), parsed, call.watch());
        } catch (CountersignException e) {
            return ToolResults.error(e.error());
        }
        if (reply instanceof GuestTool.Reply.Refused refused) {
            return ToolResults.error(refused.error());
        }
        if (reply instanceof GuestTool.Reply.Content content) {
            return McpSchema.CallToolResult.builder().content(content.content()).isError(false).build();
        }
        ToolResult<Forwarded> result = ((GuestTool.Reply.Governed) reply).result();
        if (result instanceof ToolResult.Err<Forwarded> err) {
            return ToolResults.error(err.error());
        }
        Forwarded forwarded = result.orThrow();
        try {
            audit.forwarded(call.agentId(), name(), forwarded);
        } catch (CountersignException e) {
            return ToolResults.error(Receipt.unrecorded(forwarded.receipt()));
        }
        return ToolResults.receipt(forwarded.receipt());
    }

    private static int[] point(JsonNode node) {
        return node == null || node.isNull() ? null : new int[] {node.path("x").asInt(), node.path("y").asInt()};
    }
}
