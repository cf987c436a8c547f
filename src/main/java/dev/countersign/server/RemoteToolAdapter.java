package dev.countersign.server;

import dev.countersign.core.CountersignException;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.LinkedHashMap;
import java.util.Map;

/** A {@link RemoteTool} as one of the endpoint's tools, with the endpoint's own strict schema. */
final class RemoteToolAdapter implements AgentTool {
    private final RemoteTool remote;
    private final AuditTrail audit;

    RemoteToolAdapter(RemoteTool remote, AuditTrail audit) {
        this.remote = remote;
        this.audit = audit;
    }

    @Override
    public String name() {
        return remote.name();
    }

    @Override
    public String description() {
        return remote.description();
    }

    @Override
    public ArgSchema.Obj input() {
        return ArgSchema.object()
                .require("action", ArgSchema.oneOf(RemoteTool.ACTIONS.toArray(String[]::new)))
                .with("app", ArgSchema.string(256))
                .with("window", ArgSchema.string(256))
                .with("ref", ArgSchema.string(64))
                .with("text", ArgSchema.string(4096));
    }

    @Override
    public Map<String, Object> output() {
        return null;
    }

    @Override
    public McpSchema.ToolAnnotations annotations() {
        return AgentTool.destructive();
    }

    @Override
    public McpSchema.CallToolResult call(ToolCall call) {
        var args = call.arguments();
        RemoteTool.Call parsed = new RemoteTool.Call(args.path("action").asText(), text(args, "app"),
                text(args, "window"), text(args, "ref"), text(args, "text"));
        RemoteTool.Reply reply;
        try {
            reply = remote.call(call.agentId(), parsed);
        } catch (CountersignException e) {
            reply = RemoteTool.Reply.refused(e.error());
        }
        if (!"observe".equals(parsed.action()) && audit != null) {
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("action", parsed.action());
            if (reply.body() != null) {
                data.put("action_id", reply.body().get("action_id"));
                data.put("status", reply.body().get("status"));
            }
            if (reply.error() != null) {
                data.put("code", reply.error().code().name());
            }
            try {
                audit.remote(call.agentId(), name(), data);
            } catch (CountersignException e) {
                return ToolResults.error(dev.countersign.core.CountersignError.of(
                        dev.countersign.core.ErrorCode.INTERNAL, "the remote act could not be recorded in the audit "
                                + "log; treat its outcome as unknown"));
            }
        }
        return reply.error() != null ? ToolResults.error(reply.error()) : ToolResults.structured(reply.body(), false);
    }

    private static String text(com.fasterxml.jackson.databind.JsonNode args, String name) {
        return args.hasNonNull(name) ? args.get(name).asText() : null;
    }
}
