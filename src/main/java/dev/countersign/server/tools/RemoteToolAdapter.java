package dev.countersign.server.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.countersign.core.Json;
import dev.countersign.driver.ActArgs;
import dev.countersign.driver.TypeArgs;
import dev.countersign.remote.RemoteTool;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A {@link RemoteTool} as one of the endpoint's tools, with the endpoint's own strict schema: an
 * act's arguments are {@code computer_act}'s own operation types ({@link ActArgs}), so an argument
 * of another operation is refused here as it is there, and every operation {@code computer_act}
 * has, a remote has too.
 */
final class RemoteToolAdapter implements AgentTool {
    static final String OBSERVE = "observe";
    /** What an observe reads; the rest of the arguments are an act's. */
    private static final List<String> WHERE = List.of("app", "window");
    private final RemoteTool remote;
    private final AuditTrail audit;

    RemoteToolAdapter(RemoteTool remote, AuditTrail audit) {
        this.remote = remote;
        this.audit = audit;
    }

    /** The actions offered: {@code observe}, then every {@code computer_act} operation. */
    static List<String> actions() {
        List<String> actions = new ArrayList<>();
        actions.add(OBSERVE);
        actions.addAll(ActArgs.ops());
        return actions;
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
                .require("action", ArgSchema.oneOf(actions().toArray(String[]::new)))
                .with("app", ArgSchema.string(256))
                .with("window", ArgSchema.string(256))
                .with("ref", ArgSchema.string(64))
                .with("text", ArgSchema.string(ActArgs.MAX_TEXT))
                .with("mode", ArgSchema.oneOf(TypeArgs.MODES.toArray(String[]::new)))
                .with("keys", ArgSchema.string(64))
                .with("direction", ArgSchema.oneOf(ActArgs.DIRECTIONS.toArray(String[]::new)))
                .with("amount", ArgSchema.integer(ActArgs.MIN_AMOUNT, ActArgs.MAX_AMOUNT))
                .with("start", ArgSchema.anyInteger())
                .with("end", ArgSchema.anyInteger())
                .with("extend", new ArgSchema.Bool(null));
    }

    @Override
    public Map<String, Object> output() {
        return null;
    }

    @Override
    public McpSchema.CallToolResult call(ToolCall call) {
        ObjectNode args = call.arguments();
        String action = args.path("action").asText();
        if (OBSERVE.equals(action)) {
            RemoteTool.Reply reply = remote.observe(call.agentId(), text(args, "app"), text(args, "window"));
            return reply.error() != null ? ToolResults.error(reply.error())
                    : ToolResults.structured(reply.body(), false);
        }
        ObjectNode act = args.deepCopy();
        act.remove("action");
        act.remove(WHERE);
        act.put("op", action);
        // Bound like computer_act's arguments: an argument of another operation is INVALID_ARGUMENT.
        ActArgs parsed = Json.bind(act, ActArgs.class);
        return ToolResults.auditedReceipt(audit, call.agentId(), name(),
                remote.act(call.agentId(), parsed, call.watch()));
    }

    @Override
    public McpSchema.ToolAnnotations annotations() {
        return AgentTool.destructive();
    }

    private static String text(JsonNode args, String name) {
        return args.hasNonNull(name) ? args.get(name).asText() : null;
    }
}
