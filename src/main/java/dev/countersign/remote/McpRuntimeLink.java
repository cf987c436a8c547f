package dev.countersign.remote;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import io.modelcontextprotocol.spec.HttpHeaders;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.ProtocolVersions;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link RuntimeLink} over MCP: Streamable HTTP to a runtime endpoint (another Countersign's)
 * through a Unix-domain socket, usually the local end of {@code ssh -L LOCAL.sock:REMOTE.sock},
 * authenticated with a governor token. The governor token carries approval authority on the
 * governed machine, so it is sent only to a socket {@link RuntimeSocket#problemWith} found to be
 * the user's own in a folder only the user can write, and whose listening process the kernel says
 * runs as the user ({@link RuntimeSocket#peerProblem}) — never to a loopback TCP port, which
 * another local user can bind while the tunnel is down. A tool error becomes the far side's error;
 * a fault of the wire is {@code INTERNAL} and never a success.
 *
 * <p>Thread-safety: safe for concurrent calls; each call is its own connection.
 */
public final class McpRuntimeLink implements RuntimeLink {
    private static final Logger LOG = LoggerFactory.getLogger(McpRuntimeLink.class);
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {
    };
    private static final String PATH = "/mcp";
    /** The runtime's answers are read leniently (a newer server may add fields); our own binding is strict. */
    private static final ObjectMapper WIRE = Json.mapper().copy()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private final RuntimeSocket socket;
    private final String token;
    private final AtomicLong ids = new AtomicLong();
    private volatile String session;
    private volatile String protocolVersion;

    private McpRuntimeLink(RuntimeSocket socket, String token) {
        this.socket = socket;
        this.token = token;
    }

    /**
     * Connects to the runtime at {@code endpoint}, a {@code unix:} URI naming the socket (e.g.
     * {@code unix:/home/me/.config/countersign/remotes/desk2.sock}), with {@code token}. Any other
     * URI, and a socket that is not the user's own, is refused {@code INVALID_ARGUMENT} on
     * {@code url} before anything is sent; a socket that is not there (the tunnel is down), or a
     * runtime that does not answer, is {@code INTERNAL}. The token travels only in the
     * Authorization header and is never logged.
     */
    public static McpRuntimeLink connect(URI endpoint, String token, Duration timeout) {
        if (endpoint == null || !"unix".equals(endpoint.getScheme()) || endpoint.getPath() == null
                || !endpoint.getPath().startsWith("/")) {
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "url",
                    "a remote's runtime is reached only through a Unix-domain socket of yours (unix:/path/NAME.sock, "
                            + "forwarded with ssh -L), never a TCP port another local user could hold: " + endpoint));
        }
        return connect(Path.of(endpoint.getPath()), token, timeout);
    }

    /** {@link #connect(URI, String, Duration)} to the socket at {@code socketPath}. */
    public static McpRuntimeLink connect(Path socketPath, String token, Duration timeout) {
        McpRuntimeLink link = new McpRuntimeLink(new RuntimeSocket(socketPath, timeout), token);
        try {
            link.initialize();
        } catch (CountersignException e) {
            link.socket.close();
            throw e;
        }
        return link;
    }

    /** {@code unix:} and the socket's path: the URL {@link #connect(URI, String, Duration)} takes. */
    public static URI uriOf(Path socketPath) {
        return URI.create(RemoteConfig.urlOf(socketPath));
    }

    private void initialize() {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("protocolVersion", ProtocolVersions.MCP_2025_06_18);
        params.put("capabilities", Map.of());
        params.put("clientInfo", Map.of("name", "countersign-governor", "version", "1"));
        session = null;
        protocolVersion = null;
        JsonNode result = request("initialize", params, false, "initialize");
        protocolVersion = result.path("protocolVersion").asText(ProtocolVersions.MCP_2025_06_18);
        RuntimeSocket.Answer initialized = exchange("POST",
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", "initialized");
        if (initialized.status() / 100 != 2) {
            throw wire("initialized", "HTTP " + initialized.status());
        }
    }

    /**
     * One JSON-RPC request and its result. A session the runtime forgot (404: idle too long, or
     * the runtime restarted) is initialized again and the request sent once more: the 404 came
     * before the runtime read the request, so nothing ran.
     */
    private JsonNode request(String method, Map<String, Object> params, boolean mayRenew, String what) {
        long id = ids.incrementAndGet();
        Map<String, Object> message = new LinkedHashMap<>();
        message.put("jsonrpc", "2.0");
        message.put("id", id);
        message.put("method", method);
        message.put("params", params);
        String body;
        try {
            body = WIRE.writeValueAsString(message);
        } catch (JsonProcessingException e) {
            throw new CountersignException(CountersignError.of(ErrorCode.INTERNAL,
                    "cannot write the " + what + " request: " + e.getOriginalMessage()), e);
        }
        RuntimeSocket.Answer answer = exchange("POST", body, what);
        if (answer.status() == 404 && mayRenew && session != null) {
            LOG.debug("the governed runtime forgot the session; initializing again");
            initialize();
            answer = exchange("POST", body, what);
        }
        if (answer.status() != 200) {
            throw wire(what, "HTTP " + answer.status() + " " + errorMessage(answer.text()));
        }
        answer.header(HttpHeaders.MCP_SESSION_ID).ifPresent(sid -> session = sid);
        JsonNode reply = reply(answer, id)
                .orElseThrow(() -> wire(what, "no answer to request " + id + " in what it sent"));
        if (reply.has("error")) {
            throw wire(what, reply.path("error").path("message").asText("a JSON-RPC error"));
        }
        return reply.path("result");
    }

    /** One exchange over the checked socket; refused before connecting when the socket is not the user's own. */
    private RuntimeSocket.Answer exchange(String method, String body, String what) {
        if (!socket.present()) {
            throw new CountersignException(CountersignError.of(ErrorCode.INTERNAL, "cannot reach the governed runtime: "
                    + "nothing at " + socket.path() + " (is the ssh tunnel up? ssh -N -L " + socket.path()
                    + ":REMOTE_HOME/runtime.sock)"));
        }
        Optional<String> problem = RuntimeSocket.problemWith(socket.path());
        if (problem.isPresent()) {
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "url",
                    problem.get()));
        }
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Authorization", "Bearer " + token);
        headers.put("Accept", "application/json, text/event-stream");
        if (body != null) {
            headers.put("Content-Type", "application/json");
        }
        String sid = session;
        if (sid != null) {
            headers.put(HttpHeaders.MCP_SESSION_ID, sid);
        }
        String version = protocolVersion;
        if (version != null) {
            headers.put(HttpHeaders.PROTOCOL_VERSION, version);
        }
        try {
            return socket.send(method, PATH, headers, body);
        } catch (RuntimeSocket.Untrusted e) {
            // Connected, and hung up before a byte went out: a stranger holds the other end.
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "url",
                    e.getMessage()));
        } catch (IOException e) {
            throw wire(what, e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName());
        }
    }

    /** The JSON-RPC message answering request {@code id}: the JSON body, or one event of an SSE stream. */
    private static Optional<JsonNode> reply(RuntimeSocket.Answer answer, long id) {
        String type = answer.header("Content-Type").orElse("");
        List<String> messages = new ArrayList<>();
        if (type.startsWith("text/event-stream")) {
            StringBuilder data = new StringBuilder();
            for (String line : answer.text().split("\r?\n", -1)) {
                if (line.startsWith("data:")) {
                    data.append(data.length() == 0 ? "" : "\n").append(line.substring(5).strip());
                } else if (line.isEmpty() && data.length() > 0) {
                    messages.add(data.toString());
                    data.setLength(0);
                }
            }
            if (data.length() > 0) {
                messages.add(data.toString());
            }
        } else {
            messages.add(answer.text());
        }
        for (String text : messages) {
            try {
                JsonNode node = WIRE.readTree(text);
                if (node != null && node.path("id").canConvertToLong() && node.path("id").asLong() == id) {
                    return Optional.of(node);
                }
            } catch (JsonProcessingException e) {
                LOG.debug("an unreadable message from the governed runtime");
            }
        }
        return Optional.empty();
    }

    private static String errorMessage(String body) {
        try {
            JsonNode node = WIRE.readTree(body);
            if (node != null && node.path("error").has("message")) {
                return node.get("error").get("message").asText();
            }
        } catch (JsonProcessingException e) {
            // not JSON: say nothing of it
        }
        return "";
    }

    private static CountersignException wire(String what, String why) {
        // Whether the far side ran anything is unknown, never "done".
        return new CountersignException(CountersignError.of(ErrorCode.INTERNAL,
                "the governed runtime did not answer " + what + ": " + why));
    }

    @Override
    public Map<String, Object> call(String operation, Map<String, Object> arguments) {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("name", operation);
        params.put("arguments", arguments);
        McpSchema.CallToolResult result;
        try {
            result = WIRE.treeToValue(request("tools/call", params, true, operation), McpSchema.CallToolResult.class);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw wire(operation, "its answer is not a tool result");
        }
        Map<String, Object> body = body(operation, result);
        if (!Boolean.TRUE.equals(result.isError())) {
            return body;
        }
        throw refusal(operation, body);
    }

    private static Map<String, Object> body(String operation, McpSchema.CallToolResult result) {
        if (result.structuredContent() instanceof Map<?, ?> structured && !Boolean.TRUE.equals(result.isError())) {
            return Json.mapper().convertValue(structured, MAP);
        }
        // The last item: an error result's JSON follows its one-line headline (ADR 0006).
        if (result.content() != null && !result.content().isEmpty()
                && result.content().get(result.content().size() - 1) instanceof McpSchema.TextContent text) {
            try {
                return Json.mapper().readValue(text.text(), MAP);
            } catch (JsonProcessingException e) {
                LOG.debug("unreadable answer to {}", operation);
            }
        }
        throw new CountersignException(CountersignError.of(ErrorCode.INTERNAL,
                "the governed runtime's answer to " + operation + " is not a JSON object"));
    }

    /** The far side's refusal as ours: its code when it is one of ours, INTERNAL otherwise. */
    static CountersignException refusal(String operation, Map<String, Object> body) {
        ErrorCode code;
        try {
            code = ErrorCode.valueOf(String.valueOf(body.get("code")));
        } catch (IllegalArgumentException e) {
            code = ErrorCode.INTERNAL;
        }
        Object message = body.get("message");
        Object field = body.get("field");
        CountersignError error = new CountersignError(code,
                message instanceof String text ? text : operation + " was refused", null,
                field instanceof String name ? name : null, null);
        // Only execute_action's explicit "dispatched": false may say that nothing ran.
        return Boolean.FALSE.equals(body.get("dispatched")) ? new DispatchRefusedException(error)
                : new CountersignException(error);
    }

    @Override
    public void close() {
        try {
            if (session != null && socket.present() && RuntimeSocket.problemWith(socket.path()).isEmpty()) {
                // Ends the session politely, so that it does not count against the governor.
                exchange("DELETE", null, "close");
            }
        } catch (CountersignException e) {
            LOG.debug("the governed runtime's session could not be ended: {}", e.error().message());
        } finally {
            socket.close();
        }
    }
}
