package dev.countersign.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The stdio bridge's HTTP side: posts JSON-RPC messages with the agent's token, keeps the session
 * id and protocol version the endpoint gave at initialize, and ends the session at the end.
 */
final class EndpointClient {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final URI uri;
    private final String token;
    private final HttpClient http;
    private volatile String session;
    private volatile String protocolVersion;

    EndpointClient(URI uri, String token, HttpClient http) {
        this.uri = uri;
        this.token = token;
        this.http = http;
    }

    URI uri() {
        return uri;
    }

    HttpResponse<InputStream> post(String json) throws IOException {
        HttpRequest.Builder request = base().header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json));
        HttpResponse<InputStream> response = send(request.build());
        response.headers().firstValue(GuardFilter.SESSION_HEADER).ifPresent(id -> session = id);
        return response;
    }

    /** Replays the client's initialize (and the initialized notification) to get a fresh session. */
    void reinitialize(String initializeLine) throws IOException {
        HttpResponse<InputStream> init = post(initializeLine);
        byte[] body = init.body().readAllBytes();
        rememberVersion(new String(body, java.nio.charset.StandardCharsets.UTF_8));
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

    /** Ends the session politely; the endpoint would forget it when idle anyway. */
    void endSession() {
        if (session == null) {
            return;
        }
        try {
            // Short: this may run in a shutdown hook, which must not hold up the exit.
            send(base().timeout(Duration.ofSeconds(2)).DELETE().build()).body().close();
        } catch (IOException e) {
            // The endpoint is gone already; nothing to end.
        }
    }

    /** The message of an endpoint refusal body, or the body itself. */
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

    private HttpRequest.Builder base() {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri)
                .timeout(Duration.ofMinutes(10))
                .header("Authorization", "Bearer " + token)
                .header("Accept", "application/json, text/event-stream");
        if (session != null) {
            request.header(GuardFilter.SESSION_HEADER, session);
        }
        if (protocolVersion != null) {
            request.header(GuardFilter.VERSION_HEADER, protocolVersion);
        }
        return request;
    }

    private HttpResponse<InputStream> send(HttpRequest request) throws IOException {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofInputStream());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }
}
