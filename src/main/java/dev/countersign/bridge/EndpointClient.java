package dev.countersign.bridge;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.spec.HttpHeaders;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The stdio bridge's endpoint side: posts JSON-RPC messages with the agent's token over its
 * {@link EndpointLink}, keeps the session id and protocol version the endpoint gave at initialize,
 * and ends the session at the end.
 */
final class EndpointClient {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final EndpointLink link;
    private final String token;
    private volatile String session;
    private volatile String protocolVersion;

    EndpointClient(EndpointLink link, String token) {
        this.link = link;
        this.token = token;
    }

    String describe() {
        return link.describe();
    }

    EndpointLink.Reply post(String json) throws IOException {
        Map<String, String> headers = base();
        headers.put("Content-Type", "application/json");
        EndpointLink.Reply reply = link.send("POST", headers, json);
        reply.header(HttpHeaders.MCP_SESSION_ID).ifPresent(id -> session = id);
        return reply;
    }

    /** Replays the client's initialize (and the initialized notification) to get a fresh session. */
    void reinitialize(String initializeLine) throws IOException {
        EndpointLink.Reply init = post(initializeLine);
        byte[] body = init.body().readAllBytes();
        init.body().close();
        rememberVersion(new String(body, StandardCharsets.UTF_8));
        post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}").body().close();
    }

    void forgetSession() {
        session = null;
    }

    /** Notes the negotiated protocol version from an initialize result, to send it on later requests. */
    void rememberVersion(String text) {
        int data = text.indexOf('{');
        if (data < 0) {
            return;
        }
        try {
            JsonNode message = MAPPER.readTree(text.substring(data, text.lastIndexOf('}') + 1));
            String version = message.at("/result/protocolVersion").asText(null);
            if (version != null) {
                protocolVersion = version;
            }
        } catch (JsonProcessingException e) {
            // Not an initialize result; keep what we had.
        }
    }

    /** Ends the session politely (a DELETE), so that it does not count against the agent. */
    void endSession() {
        if (session == null) {
            return;
        }
        try {
            link.send("DELETE", base(), null).body().close();
        } catch (IOException e) {
            // The endpoint is gone already; nothing to end.
        }
    }

    /** The message of an endpoint refusal body (a JSON-RPC error), or the body itself. */
    static String refusal(String body) {
        try {
            JsonNode node = MAPPER.readTree(body);
            if (node != null && node.path("error").has("message")) {
                return node.get("error").get("message").asText();
            }
        } catch (JsonProcessingException e) {
            // Not ours; show it as it is.
        }
        return body.isBlank() ? "no details" : body.strip();
    }

    private Map<String, String> base() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Authorization", "Bearer " + token);
        headers.put("Accept", "application/json, text/event-stream");
        if (session != null) {
            headers.put(HttpHeaders.MCP_SESSION_ID, session);
        }
        if (protocolVersion != null) {
            headers.put(HttpHeaders.PROTOCOL_VERSION, protocolVersion);
        }
        return headers;
    }
}
