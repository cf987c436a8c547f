package dev.countersign.remote;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link RuntimeLink} over MCP: the official SDK's Streamable HTTP client to a runtime endpoint
 * (another Countersign's, usually through an SSH-forwarded loopback port), authenticated with a
 * governor token. A tool error becomes the far side's error; a fault of the wire is
 * {@code INTERNAL} and never a success.
 */
public final class McpRuntimeLink implements RuntimeLink {
    private static final Logger LOG = LoggerFactory.getLogger(McpRuntimeLink.class);
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {
    };
    private final McpSyncClient client;

    private McpRuntimeLink(McpSyncClient client) {
        this.client = client;
    }

    /**
     * Connects to {@code endpoint} (e.g. {@code http://127.0.0.1:7476/mcp}) with {@code token}.
     * The token travels only in the Authorization header and is never logged.
     */
    public static McpRuntimeLink connect(URI endpoint, String token, Duration timeout) {
        String base = endpoint.getScheme() + "://" + endpoint.getRawAuthority();
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(base)
                .endpoint(endpoint.getRawPath() == null || endpoint.getRawPath().isEmpty() ? "/mcp" : endpoint.getRawPath())
                .httpRequestCustomizer((builder, method, uri, body, context) ->
                        builder.header("Authorization", "Bearer " + token))
                .build();
        McpSyncClient client = McpClient.sync(transport)
                .clientInfo(new McpSchema.Implementation("countersign-governor", "1"))
                .requestTimeout(timeout)
                .build();
        try {
            client.initialize();
        } catch (RuntimeException e) {
            client.close();
            throw new CountersignException(CountersignError.of(ErrorCode.INTERNAL,
                    "cannot reach the governed runtime at " + endpoint + ": " + e.getMessage()), e);
        }
        return new McpRuntimeLink(client);
    }

    @Override
    public Map<String, Object> call(String operation, Map<String, Object> arguments) {
        McpSchema.CallToolResult result;
        try {
            result = client.callTool(new McpSchema.CallToolRequest(operation, arguments));
        } catch (RuntimeException e) {
            // The wire failed: whether the far side ran anything is unknown, never "done".
            throw new CountersignException(CountersignError.of(ErrorCode.INTERNAL,
                    "the governed runtime did not answer " + operation + ": " + e.getMessage()), e);
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
        if (result.content() != null && !result.content().isEmpty()
                && result.content().get(0) instanceof McpSchema.TextContent text) {
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
        client.closeGracefully();
    }
}
