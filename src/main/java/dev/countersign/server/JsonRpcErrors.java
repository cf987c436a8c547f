package dev.countersign.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Collection;

/**
 * Every refusal the endpoint answers is a JSON-RPC error object (with the request's id when it is
 * known, else null), never a serialized exception: clients parse it, and nothing of the Java
 * inside leaks out. {@code data.reason} is a stable word a client or a test can branch on.
 */
final class JsonRpcErrors {
    static final int PARSE_ERROR = -32700;
    static final int INVALID_REQUEST = -32600;
    /** A method this endpoint does not know, as every revision of MCP it speaks says so. */
    static final int METHOD_NOT_FOUND = -32601;
    /** Parameters that do not fit the method, and a 2026-07-28 request without its required {@code _meta}. */
    static final int INVALID_PARAMS = -32602;
    /**
     * MCP 2026-07-28: a request under a protocol version this endpoint does not speak. Sent only to
     * requests that name a version in {@code _meta}: a client of the 2025 revisions reads any code
     * in the range MCP 2026-07-28 reserves as "the server is of the newer revision" and gives up
     * instead of falling back, so the 2025 look ({@link #REFUSED}) is kept for them.
     */
    static final int UNSUPPORTED_PROTOCOL_VERSION = -32022;
    /** MCP 2026-07-28: the {@code MCP-Protocol-Version}, {@code Mcp-Method} or {@code Mcp-Name} header is missing or differs from the body. */
    static final int HEADER_MISMATCH = -32020;
    /**
     * Transport-level refusals (auth, limits, sessions), and an unknown version for a 2025-revision
     * client: the implementation-defined range every revision leaves to servers (MCP 2026-07-28 keeps
     * -32000 to -32019 for codes servers already used).
     */
    static final int REFUSED = -32000;

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private JsonRpcErrors() {
    }

    static ObjectNode error(JsonNode id, int code, String message, String reason) {
        ObjectNode body = MAPPER.createObjectNode();
        body.put("jsonrpc", "2.0");
        if (id == null || id.isMissingNode()) {
            body.putNull("id");
        } else {
            body.set("id", id);
        }
        ObjectNode error = body.putObject("error");
        error.put("code", code);
        error.put("message", message);
        error.putObject("data").put("reason", reason);
        return body;
    }

    /**
     * The refusal of a request that names a protocol version this endpoint does not speak, with
     * {@code code} {@link #UNSUPPORTED_PROTOCOL_VERSION} for a 2026-07-28 client and {@link #REFUSED}
     * for an older one.
     */
    static ObjectNode unsupportedVersion(JsonNode id, int code, String requested, Collection<String> supported) {
        ObjectNode body = error(id, code, "Unsupported protocol version " + requested
                + "; supported: " + String.join(", ", supported), "unsupported_protocol_version");
        ObjectNode data = (ObjectNode) body.get("error").get("data");
        data.put("requested", requested);
        supported.forEach(data.putArray("supported")::add);
        return body;
    }

    /**
     * Writes a refusal without declaring its length: a body written to its declared length commits
     * the response at once, before the refused request's own body may have arrived. Jetty then drops
     * the connection after the answer without saying so, and a client that pools connections sends
     * its next request into the closed socket. Left uncommitted until the request ends, the answer
     * gets its length from Jetty, which reads what is left of the request's body or, when that has not
     * arrived, says {@code Connection: close}.
     */
    static void write(HttpServletResponse response, int status, ObjectNode body) throws IOException {
        byte[] bytes;
        try {
            bytes = MAPPER.writeValueAsBytes(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree always serializes", e);
        }
        response.setStatus(status);
        response.setContentType("application/json");
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        response.getOutputStream().write(bytes);
    }
}
