package dev.countersign.govern;

import com.fasterxml.jackson.databind.DeserializationFeature;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One external MCP server, started as a child process and spoken to over its stdio with the MCP
 * Java SDK's client. Only Countersign talks to it: agents never see its endpoint, only the tool
 * {@link ComputerProxy} makes of it. Safe for concurrent calls (the SDK client serializes them).
 */
public final class GovernedServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(GovernedServer.class);

    private final String name;
    private final McpSyncClient client;
    private final List<McpSchema.Tool> tools;

    private GovernedServer(String name, McpSyncClient client, List<McpSchema.Tool> tools) {
        this.name = name;
        this.client = client;
        this.tools = List.copyOf(tools);
    }

    /**
     * Starts {@code command} (program and arguments), initializes the MCP session and lists its
     * tools. A server that does not start or answer within {@code timeout} is
     * {@code UNSUPPORTED_PLATFORM} naming the command.
     */
    public static GovernedServer start(String name, List<String> command, Duration timeout) {
        Objects.requireNonNull(name, "name");
        if (command == null || command.isEmpty()) {
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "command",
                    "no command to start the governed server"));
        }
        if (!runnable(command.get(0))) {
            // Caught here: the SDK's client would only notice when initialize times out.
            throw new CountersignException(CountersignError.onField(ErrorCode.UNSUPPORTED_PLATFORM, "command",
                    "the governed server '" + name + "' cannot start: no program '" + command.get(0) + "'"));
        }
        ServerParameters params = ServerParameters.builder(command.get(0)).args(command.subList(1, command.size()))
                .build();
        StdioClientTransport transport = new StdioClientTransport(params, new JacksonMcpJsonMapper(Json.mapper().copy()
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)));
        transport.setStdErrorHandler(line -> LOG.debug("[{}] {}", name, line));
        McpSyncClient client = McpClient.sync(transport).requestTimeout(timeout).initializationTimeout(timeout)
                .clientInfo(new McpSchema.Implementation("countersign-govern", "1")).build();
        try {
            client.initialize();
            List<McpSchema.Tool> tools = client.listTools().tools();
            return new GovernedServer(name, client, tools);
        } catch (RuntimeException e) {
            try {
                client.close();
            } catch (RuntimeException ignored) {
                // Already failing; the start error is the one to report.
            }
            throw new CountersignException(CountersignError.of(ErrorCode.UNSUPPORTED_PLATFORM, "the governed server '"
                    + name + "' (" + String.join(" ", command) + ") did not start: " + rootMessage(e)), e);
        }
    }

    /** Whether {@code program} names an executable file, itself or on the PATH. */
    static boolean runnable(String program) {
        if (program.contains(File.separator)) {
            return Files.isExecutable(Path.of(program));
        }
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }

    public String name() {
        return name;
    }

    /** The tools the server listed when it started. */
    public List<McpSchema.Tool> tools() {
        return tools;
    }

    /**
     * Calls one of the server's tools. A fault of the server or its transport (a JSON-RPC error, no
     * answer in time, a process that died) is {@code INTERNAL}, so the agent gets a tool error with a
     * code rather than a protocol error its client may drop. The server's own words are logged, never
     * handed to the agent: they are no evidence and could carry instructions.
     */
    public McpSchema.CallToolResult call(String tool, Map<String, Object> arguments) {
        try {
            return client.callTool(new McpSchema.CallToolRequest(tool, arguments));
        } catch (RuntimeException e) {
            LOG.warn("governed server {}: a call to its tool failed: {}", name,
                    rootMessage(e).replaceAll("\\p{Cntrl}", " "));
            throw new CountersignException(CountersignError.of(ErrorCode.INTERNAL,
                    "the governed server '" + name + "' failed to answer a call to its tool"), e);
        }
    }

    @Override
    public void close() {
        try {
            client.closeGracefully();
        } catch (RuntimeException e) {
            LOG.debug("closing governed server {}: {}", name, e.toString());
            client.close();
        }
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }
}
