package dev.countersign.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * MCP 2026-07-28 on the same endpoint as the 2025 revisions (docs/decisions/0013): a request that
 * names the revision in its {@code _meta} is served here, after {@link GuardFilter} has checked
 * Host, Origin, the bearer token and the limits, without a session and without the SDK, which
 * does not speak this revision yet. Three methods: {@code server/discover}, {@code tools/list}
 * and {@code tools/call}; the call goes through the same {@link ToolRegistry} path as a call of
 * the SDK's (argument validation, the tool, the person's approval, redaction, the audit log).
 * Every result carries {@code resultType}; the lists carry cache hints. Anything else is an
 * unknown method (HTTP 404, as the revision asks).
 */
final class StatelessCalls {
    private static final Logger LOG = LoggerFactory.getLogger(StatelessCalls.class);
    /**
     * How long a client may keep {@code server/discover} and {@code tools/list} answers: the tools
     * of an endpoint are fixed while it runs. Private: they are given only to a token's holder.
     */
    static final long TTL_MS = 300_000;

    private final ToolRegistry registry;
    private final ObjectMapper wire;
    private final String serverVersion;
    private final String instructions;
    private final List<String> supported;

    StatelessCalls(ToolRegistry registry, ObjectMapper wire, String serverVersion, String instructions,
            Collection<String> legacyVersions) {
        this.registry = registry;
        this.wire = wire;
        this.serverVersion = serverVersion;
        this.instructions = instructions;
        List<String> versions = new ArrayList<>(legacyVersions);
        versions.sort((a, b) -> b.compareTo(a));
        versions.add(0, StatelessRequest.VERSION);
        this.supported = List.copyOf(versions);
    }

    /** Every protocol version the endpoint speaks, newest first. */
    List<String> supported() {
        return supported;
    }

    /** Serves one request of the revision for the agent its token authenticated. */
    void serve(HttpServletRequest request, HttpServletResponse response, String agentId, JsonNode message)
            throws IOException {
        JsonNode id = message.get("id");
        if (id == null) {
            if (message.path("method").isTextual()) {
                // The revision defines no client notification over HTTP (closing a call's stream is its
                // cancel); one is accepted and changes nothing.
                response.setStatus(202);
                return;
            }
            JsonRpcErrors.write(response, 400, JsonRpcErrors.error(null, JsonRpcErrors.INVALID_REQUEST,
                    "send a JSON-RPC request or notification; a client sends no responses", "invalid_request"));
            return;
        }
        Optional<StatelessRequest.Refusal> refusal = StatelessRequest.check(request, message);
        if (refusal.isPresent()) {
            refuse(response, message, refusal.get());
            return;
        }
        String method = message.get("method").asText();
        switch (method) {
            case "server/discover":
                new EventStream(response, wire).answer(200, result(id, discover()));
                break;
            case "tools/list":
                new EventStream(response, wire).answer(200, result(id, list()));
                break;
            case "tools/call":
                call(response, agentId, id, message.get("params"));
                break;
            default:
                JsonRpcErrors.write(response, 404, JsonRpcErrors.error(id, JsonRpcErrors.METHOD_NOT_FOUND,
                        "Method not found: " + method + unknownHint(method), "method_not_found"));
                break;
        }
    }

    private void refuse(HttpServletResponse response, JsonNode message, StatelessRequest.Refusal refusal)
            throws IOException {
        LOG.debug("refused an MCP {} request: {}", StatelessRequest.VERSION, refusal.reason());
        JsonNode id = message.get("id");
        JsonNode safeId = id != null && (id.isTextual() || id.isIntegralNumber()) ? id : null;
        ObjectNode body = refusal.code() == JsonRpcErrors.UNSUPPORTED_PROTOCOL_VERSION
                ? JsonRpcErrors.unsupportedVersion(safeId, refusal.code(),
                        StatelessRequest.meta(message).path(StatelessRequest.META_VERSION).asText(), supported)
                : JsonRpcErrors.error(safeId, refusal.code(), refusal.message(), refusal.reason());
        JsonRpcErrors.write(response, refusal.status(), body);
    }

    private static String unknownHint(String method) {
        switch (method) {
            case "initialize":
                return "; MCP " + StatelessRequest.VERSION + " has no initialize: send requests with _meta, "
                        + "or initialize without _meta for a 2025 session";
            case "ping":
            case "logging/setLevel":
                return "; MCP " + StatelessRequest.VERSION + " removed it";
            default:
                return "; this endpoint serves server/discover, tools/list and tools/call";
        }
    }

    private ObjectNode discover() {
        ObjectNode result = wire.createObjectNode();
        supported.forEach(result.putArray("supportedVersions")::add);
        result.putObject("capabilities").putObject("tools").put("listChanged", false);
        result.put("instructions", instructions);
        return cacheable(result);
    }

    private ObjectNode list() {
        ObjectNode result = wire.createObjectNode();
        result.set("tools", wire.valueToTree(registry.definitions()));
        return cacheable(result);
    }

    private static ObjectNode cacheable(ObjectNode result) {
        result.put("ttlMs", TTL_MS);
        result.put("cacheScope", "private");
        return result;
    }

    private void call(HttpServletResponse response, String agentId, JsonNode id, JsonNode params) throws IOException {
        JsonNode arguments = params.get("arguments");
        if (arguments != null && !arguments.isNull() && !arguments.isObject()) {
            JsonRpcErrors.write(response, 400, JsonRpcErrors.error(id, JsonRpcErrors.INVALID_PARAMS,
                    "params.arguments is an object", "invalid_params"));
            return;
        }
        JsonNode tokenNode = params.path("_meta").get("progressToken");
        Object token = tokenNode != null && (tokenNode.isTextual() || tokenNode.isIntegralNumber())
                ? wire.convertValue(tokenNode, Object.class) : null;
        @SuppressWarnings("unchecked")
        Map<String, Object> args = arguments == null || arguments.isNull() ? null
                : wire.convertValue(arguments, Map.class);
        EventStream stream = new EventStream(response, wire);
        Consumer<McpSchema.ProgressNotification> progress = note -> {
            try {
                stream.event(notification(note));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
        McpSchema.CallToolResult result = registry.call(agentId, params.get("name").asText(), args, token, progress,
                stream::alive);
        try {
            stream.answer(200, result(id, wire.valueToTree(result)));
        } catch (IOException e) {
            // The agent went away after the call ended; its result is in the audit log and its ring.
            LOG.debug("the answer to a call could not be sent: {}", e.getClass().getSimpleName());
        }
    }

    private ObjectNode notification(McpSchema.ProgressNotification note) {
        ObjectNode message = wire.createObjectNode();
        message.put("jsonrpc", "2.0");
        message.put("method", McpSchema.METHOD_NOTIFICATION_PROGRESS);
        message.set("params", wire.valueToTree(note));
        return message;
    }

    /** A JSON-RPC result of this revision: {@code resultType} and the server's name in {@code _meta}. */
    private ObjectNode result(JsonNode id, ObjectNode result) {
        result.put("resultType", "complete");
        ObjectNode meta = result.with("_meta");
        ObjectNode server = meta.putObject(StatelessRequest.META_SERVER);
        server.put("name", "countersign");
        server.put("version", serverVersion);
        ObjectNode message = wire.createObjectNode();
        message.put("jsonrpc", "2.0");
        message.set("id", id);
        message.set("result", result);
        return message;
    }
}
