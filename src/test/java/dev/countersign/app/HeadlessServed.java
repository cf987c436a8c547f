package dev.countersign.app;

import dev.countersign.approval.HeadlessApprover;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.server.EndpointConfig;
import dev.countersign.server.Results;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The served app as {@code countersign serve} runs it (backend wrappers, endpoint, driver, audit
 * log) with the headless approver and no window, and MCP agents that hold valid tokens. Closing it
 * stops the endpoint and the log, not the shared test backend.
 */
final class HeadlessServed implements AutoCloseable {
    final ServedApp served;
    private final List<McpSyncClient> clients = new ArrayList<>();

    private HeadlessServed(ServedApp served) {
        this.served = served;
    }

    static HeadlessServed start(Path dir, DesktopBackend backend) throws IOException {
        return new HeadlessServed(ServedApp.start(Home.of(dir.resolve("home")).ensure(),
                EndpointConfig.defaults().withPort(0), backend, new HeadlessApprover()));
    }

    /** An agent with a fresh token, connected over Streamable HTTP. */
    McpSyncClient agent(String name) {
        McpSyncClient c = client(served.endpoint.port(), served.agents.add(name).token());
        clients.add(c);
        return c;
    }

    /** An initialized MCP client of the endpoint on loopback {@code port}, with {@code token}. */
    static McpSyncClient client(int port, String token) {
        McpSyncClient c = McpClient.sync(HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + port)
                        .endpoint("/mcp")
                        .httpRequestCustomizer((b, method, uri, body, ctx) -> b.header("Authorization", "Bearer " + token))
                        .build())
                .requestTimeout(Duration.ofSeconds(60)).build();
        c.initialize();
        return c;
    }

    /** The call's body: its structured content, or the JSON of an error's text. */
    static Map<String, Object> call(McpSyncClient agent, String tool, Map<String, Object> args) {
        return Results.body(agent.callTool(new McpSchema.CallToolRequest(tool, args)));
    }

    @Override
    public void close() {
        for (McpSyncClient c : clients) {
            try {
                c.closeGracefully();
            } catch (RuntimeException e) {
                // the endpoint may have gone already
            }
        }
        served.stopWatching();
        served.endpoint.close();
        served.audit.close();
    }
}
