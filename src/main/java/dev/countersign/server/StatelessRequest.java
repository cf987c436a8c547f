package dev.countersign.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Enumeration;
import java.util.Locale;
import java.util.Optional;

/**
 * What a request of MCP 2026-07-28 (the stateless revision) must carry before it is served
 * (docs/endpoint.md, "MCP 2026-07-28"): its protocol version, client capabilities (and, by
 * choice, client info) in the body's {@code _meta}; the {@code MCP-Protocol-Version},
 * {@code Mcp-Method} and, for a call, {@code Mcp-Name} headers, each equal to the body. A header
 * that disagrees with the body is refused rather than trusted, so nothing that routes or limits
 * by header can be steered by a body that says otherwise. Identity never comes from here: the
 * agent is whoever the bearer token says ({@link GuardFilter}); {@code clientInfo} is the
 * client's own description of itself and decides nothing.
 */
final class StatelessRequest {
    static final String VERSION = "2026-07-28";
    static final String META_VERSION = "io.modelcontextprotocol/protocolVersion";
    static final String META_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";
    static final String META_SERVER = "io.modelcontextprotocol/serverInfo";
    static final String METHOD_HEADER = "Mcp-Method";
    static final String NAME_HEADER = "Mcp-Name";
    private static final String SENTINEL_START = "=?base64?";
    private static final String SENTINEL_END = "?=";

    /** Why a request was refused: the HTTP status, the JSON-RPC code, a stable reason word and the message. */
    record Refusal(int status, int code, String reason, String message) {
    }

    private StatelessRequest() {
    }

    /**
     * Whether a request belongs to the stateless revision: its {@code _meta} names a protocol
     * version (whichever: an unknown one is then answered as that revision answers it), or its
     * {@code MCP-Protocol-Version} header names 2026-07-28. Everything else is served as the 2025
     * revisions are, through the SDK and a session.
     */
    static boolean claims(String headerVersion, JsonNode message) {
        return VERSION.equals(headerVersion) || meta(message).has(META_VERSION);
    }

    /** The request's {@code params._meta}, or a missing node. */
    static JsonNode meta(JsonNode message) {
        return message == null ? MissingNode.getInstance()
                : message.path("params").path("_meta");
    }

    /**
     * The first thing wrong with a request (one with an id) in the order a client can fix them: its
     * content type and shape, its {@code _meta}, the protocol version header against the body, the
     * version itself, then the method and name headers against the body. Empty when it may be served.
     */
    static Optional<Refusal> check(HttpServletRequest request, JsonNode message) {
        String type = request.getContentType();
        if (type == null || !type.toLowerCase(Locale.ROOT).startsWith("application/json")) {
            // As the SDK refuses it on the other path: a body of another type is no JSON-RPC request.
            return refuse(415, JsonRpcErrors.INVALID_REQUEST, "unsupported_media_type",
                    "send 'Content-Type: application/json'");
        }
        JsonNode id = message.get("id");
        if (!(id.isTextual() || id.isIntegralNumber()) || !"2.0".equals(message.path("jsonrpc").asText(null))
                || !message.path("method").isTextual()) {
            return refuse(400, JsonRpcErrors.INVALID_REQUEST, "invalid_request",
                    "a request is {\"jsonrpc\": \"2.0\", \"id\": a string or an integer, \"method\": a string, \"params\"?}");
        }
        JsonNode params = message.get("params");
        JsonNode meta = meta(message);
        if (params != null && !params.isObject() || !meta.isObject()) {
            return refuse(400, JsonRpcErrors.INVALID_PARAMS, "missing_meta", "an MCP " + VERSION
                    + " request carries params._meta with '" + META_VERSION + "' and '" + META_CAPABILITIES + "'");
        }
        if (!meta.path(META_VERSION).isTextual() || !meta.path(META_CAPABILITIES).isObject()) {
            return refuse(400, JsonRpcErrors.INVALID_PARAMS, "missing_meta", "params._meta needs '" + META_VERSION
                    + "' (a string) and '" + META_CAPABILITIES + "' (an object, {} when the client offers none)");
        }
        String version = meta.get(META_VERSION).asText();
        String header = single(request, GuardFilter.VERSION_HEADER);
        if (!version.equals(header)) {
            return refuse(400, JsonRpcErrors.HEADER_MISMATCH, "header_mismatch", header == null
                    ? "send the MCP-Protocol-Version header, equal to params._meta['" + META_VERSION + "']"
                    : "the MCP-Protocol-Version header differs from params._meta['" + META_VERSION + "']");
        }
        if (!VERSION.equals(version)) {
            return refuse(400, JsonRpcErrors.UNSUPPORTED_PROTOCOL_VERSION, "unsupported_protocol_version",
                    "Unsupported protocol version " + version);
        }
        String method = message.get("method").asText();
        if (!method.equals(single(request, METHOD_HEADER))) {
            return refuse(400, JsonRpcErrors.HEADER_MISMATCH, "header_mismatch",
                    "send the Mcp-Method header, equal to the body's method");
        }
        String nameField = nameField(method);
        if (nameField != null) {
            JsonNode name = params == null ? null : params.get(nameField);
            if (name == null || !name.isTextual()) {
                return refuse(400, JsonRpcErrors.INVALID_PARAMS, "invalid_params",
                        method + " needs params." + nameField + ", a string");
            }
            Optional<String> sent = decoded(single(request, NAME_HEADER));
            if (sent.isEmpty() || !sent.get().equals(name.asText())) {
                return refuse(400, JsonRpcErrors.HEADER_MISMATCH, "header_mismatch",
                        "send the Mcp-Name header, equal to params." + nameField);
            }
        }
        return Optional.empty();
    }

    /** The body field {@code Mcp-Name} mirrors for this method, or null when it has none. */
    private static String nameField(String method) {
        switch (method) {
            case "tools/call":
            case "prompts/get":
                return "name";
            case "resources/read":
                return "uri";
            default:
                return null;
        }
    }

    /**
     * A header value as the client meant it: a value outside visible ASCII travels as
     * {@code =?base64?…?=}. Empty when absent or when its Base64 does not decode.
     */
    static Optional<String> decoded(String value) {
        if (value == null) {
            return Optional.empty();
        }
        if (value.startsWith(SENTINEL_START) && value.endsWith(SENTINEL_END)
                && value.length() >= SENTINEL_START.length() + SENTINEL_END.length()) {
            String inner = value.substring(SENTINEL_START.length(), value.length() - SENTINEL_END.length());
            try {
                return Optional.of(new String(Base64.getDecoder().decode(inner), StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                return Optional.empty();
            }
        }
        return Optional.of(value);
    }

    /** The header's value when it appears exactly once; null when absent or repeated. */
    static String single(HttpServletRequest request, String name) {
        Enumeration<String> values = request.getHeaders(name);
        if (values == null || !values.hasMoreElements()) {
            return null;
        }
        String first = values.nextElement();
        return values.hasMoreElements() ? null : first;
    }

    private static Optional<Refusal> refuse(int status, int code, String reason, String message) {
        return Optional.of(new Refusal(status, code, reason, message));
    }
}
