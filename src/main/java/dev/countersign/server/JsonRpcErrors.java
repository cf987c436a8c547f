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
    /** A request under a protocol version this endpoint does not speak (its {@code MCP-Protocol-Version} header). */
    static final int UNSUPPORTED_PROTOCOL_VERSION = -32022;
    /** Transport-level refusals (auth, limits, sessions): the implementation-defined range. */
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

    /** The refusal of a request that names a protocol version this endpoint does not speak. */
    static ObjectNode unsupportedVersion(JsonNode id, String requested, Collection<String> supported) {
        ObjectNode body = error(id, UNSUPPORTED_PROTOCOL_VERSION, "Unsupported protocol version " + requested
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
