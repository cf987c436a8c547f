package dev.countersign.bridge;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code countersign mcp-stdio}: bridges a stdio MCP client (one JSON-RPC message per line) to the
 * loopback endpoint, adding the agent's bearer token. Requests run concurrently, so a call that
 * waits for the person does not hold up the others; a {@code notifications/cancelled} or the
 * client closing stdin hangs up the affected HTTP calls, which withdraws their approvals. Nothing
 * but protocol messages is ever written to stdout.
 */
public final class StdioBridge {
    /** The path the served app's endpoint answers on (the endpoint's own, server/McpEndpoint.java). */
    public static final String ENDPOINT_PATH = "/mcp";
    private static final Logger LOG = LoggerFactory.getLogger(StdioBridge.class);
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final EndpointClient endpoint;
    private final Object outLock = new Object();
    private final Map<String, InputStream> inFlight = new ConcurrentHashMap<>();
    private final ExecutorService calls = Executors.newCachedThreadPool(r -> {
        Thread thread = new Thread(r, "countersign-stdio-call");
        thread.setDaemon(true);
        return thread;
    });
    private final AtomicBoolean hungUp = new AtomicBoolean();
    private OutputStream out;
    private volatile String initializeLine;

    /** A bridge over loopback TCP, for an explicit {@code --url}. */
    public StdioBridge(URI endpoint, String token, HttpClient http) {
        this.endpoint = new EndpointClient(new HttpLink(Objects.requireNonNull(endpoint, "endpoint"),
                Objects.requireNonNull(http, "http")), Objects.requireNonNull(token, "token"));
    }

    /**
     * A bridge over the endpoint's Unix-domain socket; the caller has checked it with
     * {@code server.LocalSocket.problemWith} (owner, mode, and that it is a socket).
     */
    public StdioBridge(Path socket, String token) {
        this.endpoint = new EndpointClient(new UnixLink(Objects.requireNonNull(socket, "socket")),
                Objects.requireNonNull(token, "token"));
    }

    /** Bridges until {@code in} ends; returns the process exit code (0). */
    public int run(InputStream in, OutputStream output) throws IOException {
        this.out = output;
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        String line;
        while ((line = reader.readLine()) != null) {
            if (!line.isBlank()) {
                accept(line);
            }
        }
        hangUp();
        return 0;
    }

    /**
     * The client went away (stdin ended) or the bridge is being stopped (SIGTERM, SIGINT: call
     * this from a shutdown hook): hangs up whatever still waits, so its approvals are withdrawn,
     * and ends the session so it does not count against the agent. Runs once.
     */
    public synchronized void hangUp() {
        // Synchronized, not just once: when stdin ends and SIGTERM arrives together (clients do
        // both), the shutdown hook must wait for the other caller's DELETE, or the JVM halts
        // under it as soon as the hook returns.
        if (!hungUp.compareAndSet(false, true)) {
            return;
        }
        inFlight.values().forEach(StdioBridge::closeQuietly);
        calls.shutdownNow();
        try {
            calls.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        endpoint.endSession();
    }

    private void accept(String line) {
        JsonNode message;
        try {
            message = MAPPER.readTree(line);
        } catch (JsonProcessingException e) {
            emit(error(null, -32700, "parse error: a message is one JSON-RPC object per line"));
            return;
        }
        if (message == null || !message.isObject()) {
            emit(error(null, -32600, "invalid request: a message is a JSON object"));
            return;
        }
        String method = message.path("method").asText(null);
        JsonNode id = message.get("id");
        if ("notifications/cancelled".equals(method)) {
            InputStream call = inFlight.remove(key(message.path("params").get("requestId")));
            closeQuietly(call);
        }
        if ("initialize".equals(method)) {
            initializeLine = line;
            endpoint.forgetSession();
            forward(line, id, false);
        } else if (method != null && id != null) {
            calls.execute(() -> forward(line, id, true));
        } else {
            // Notifications and responses are quick and must keep their order.
            forward(line, id, true);
        }
    }

    private void forward(String line, JsonNode id, boolean retryOnExpiredSession) {
        String key = id == null ? null : key(id);
        try {
            EndpointLink.Reply response = endpoint.post(line);
            if (response.status() == 404 && retryOnExpiredSession && initializeLine != null) {
                response.body().close();
                LOG.info("the endpoint forgot this session; initializing again");
                endpoint.forgetSession();
                endpoint.reinitialize(initializeLine);
                response = endpoint.post(line);
            }
            if (key != null) {
                inFlight.put(key, response.body());
            }
            relay(response, id);
        } catch (IOException e) {
            if (id != null && (key == null || inFlight.containsKey(key))) {
                emit(error(id, -32000, "cannot reach Countersign at " + endpoint.describe()
                        + " (is 'countersign serve' running?): " + e.getClass().getSimpleName()));
            }
        } finally {
            if (key != null) {
                inFlight.remove(key);
            }
        }
    }

    private void relay(EndpointLink.Reply response, JsonNode id) throws IOException {
        int status = response.status();
        try (InputStream body = response.body()) {
            if (status == 202) {
                return;
            }
            if (status >= 400) {
                String text = new String(body.readNBytes(4096), StandardCharsets.UTF_8);
                if (id != null) {
                    emit(error(id, -32000, "Countersign refused the call (HTTP " + status + "): "
                            + EndpointClient.refusal(text)));
                }
                return;
            }
            String type = response.header("Content-Type").orElse("");
            if (type.startsWith("text/event-stream")) {
                SseReader.read(body, data -> emitRaw(data));
            } else {
                String text = new String(body.readAllBytes(), StandardCharsets.UTF_8);
                endpoint.rememberVersion(text);
                if (!text.isBlank()) {
                    emitRaw(text);
                }
            }
        }
    }

    private void emitRaw(String json) {
        try {
            // Re-serialize: one message per line, whatever whitespace the server used.
            emit(MAPPER.readTree(json));
        } catch (JsonProcessingException e) {
            LOG.warn("the endpoint sent a message that is not JSON; dropped it");
        }
    }

    private void emit(JsonNode message) {
        byte[] bytes;
        try {
            bytes = (MAPPER.writeValueAsString(message) + "\n").getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree always serializes", e);
        }
        synchronized (outLock) {
            try {
                out.write(bytes);
                out.flush();
            } catch (IOException e) {
                throw new UncheckedIOException("stdout closed", e);
            }
        }
    }

    private static ObjectNode error(JsonNode id, int code, String message) {
        ObjectNode error = MAPPER.createObjectNode();
        error.put("jsonrpc", "2.0");
        if (id == null) {
            error.putNull("id");
        } else {
            error.set("id", id);
        }
        error.putObject("error").put("code", code).put("message", message);
        return error;
    }

    private static String key(JsonNode id) {
        return id == null ? "" : id.toString();
    }

    private static void closeQuietly(InputStream stream) {
        if (stream != null) {
            try {
                stream.close();
            } catch (IOException e) {
                LOG.debug("closing a call's stream: {}", e.getMessage());
            }
        }
    }
}
