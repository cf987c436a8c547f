package dev.countersign.app;

import com.fasterxml.jackson.databind.JsonNode;
import dev.countersign.app.dialog.FxApprover;
import dev.countersign.app.fx.Theme;
import dev.countersign.app.settings.Autostart;
import dev.countersign.app.settings.SettingsStore;
import dev.countersign.app.windows.AppServices;
import dev.countersign.app.shell.DesktopApp;
import dev.countersign.core.Json;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.server.EndpointConfig;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The product as the person runs it, for adversarial tests on the private desktop: the served
 * endpoint with the real approval dialog, the tray's status window, and MCP clients that hold
 * valid tokens. Quitting stops the endpoint and the log but not the shared test backend.
 */
final class RunningApp implements AutoCloseable {
    final Home home;
    final ServedApp served;
    final DesktopApp app;
    private final List<McpSyncClient> clients = new ArrayList<>();

    private RunningApp(Home home, ServedApp served, DesktopApp app) {
        this.home = home;
        this.served = served;
        this.app = app;
    }

    static RunningApp start(Path dir, DesktopBackend backend) throws Exception {
        FxTests.start();
        Home home = Home.of(dir.resolve("home")).ensure();
        // As the app wires it: the dialog notices another app's keyboard grab and takes the keyboard back.
        FxApprover approver = TrayApp.approver(Clock.systemUTC(), dev.countersign.app.dialog.QuestionNotifier.NONE);
        ServedApp served = ServedApp.start(home, EndpointConfig.defaults().withPort(0), backend, approver);
        AppServices services = new AppServices(served.driver, new DirectoryAgents(served.agents, home),
                () -> Optional.of(served.endpoint.uri()), home.auditFile(), backend,
                new SettingsStore(home.settings(), Autostart.linux(dir.resolve("autostart"), "countersign")),
                approver, Clock.systemUTC(), "countersign");
        DesktopApp app = DesktopApp.start(services, Theme.LIGHT, false, () -> {
            served.stopWatching();
            served.endpoint.close();
            served.audit.close();
        });
        return new RunningApp(home, served, app);
    }

    /** An agent with a valid token, connected over MCP. */
    McpSyncClient agent(String name) {
        String token = served.agents.add(name).token();
        return client(token);
    }

    McpSyncClient client(String token) {
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(
                        "http://127.0.0.1:" + served.endpoint.port())
                .endpoint("/mcp")
                .httpRequestCustomizer((b, method, uri, body, ctx) -> b.header("Authorization", "Bearer " + token))
                .build();
        McpSyncClient c = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(60)).build();
        c.initialize();
        clients.add(c);
        return c;
    }

    static McpSchema.CallToolResult call(McpSyncClient client, String tool, Map<String, Object> args) {
        return client.callTool(new McpSchema.CallToolRequest(tool, args));
    }

    /** The result's body: its structured content, or for an error the JSON of its text (error results carry no structured content). */
    static Map<String, Object> structured(McpSchema.CallToolResult r) {
        return dev.countersign.server.Results.body(r);
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> nodes(McpSchema.CallToolResult observation) {
        Object nodes = structured(observation).get("nodes");
        if (nodes == null) {
            throw new AssertionError("not an observation: " + observation);
        }
        return (List<Map<String, Object>>) nodes;
    }

    static String refOf(McpSchema.CallToolResult observation, String name) {
        return nodes(observation).stream().filter(n -> name.equals(n.get("name"))).map(n -> (String) n.get("ref"))
                .findFirst().orElseThrow(() -> new AssertionError("no " + name + " in " + nodes(observation)));
    }

    /** The audit log's records as the file holds them now. */
    List<JsonNode> auditRecords() throws IOException {
        return records(home.auditFile());
    }

    static List<JsonNode> records(Path log) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        if (!Files.exists(log)) {
            return out;
        }
        for (String line : Files.readAllLines(log)) {
            if (!line.isBlank()) {
                out.add(Json.mapper().readTree(line));
            }
        }
        return out;
    }

    boolean auditHas(String kind, String field, String value) throws IOException {
        return auditRecords().stream().anyMatch(r -> kind.equals(r.path("kind").asText())
                && (field == null || value.equals(r.path("data").path(field).asText())));
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
        FxTests.onFx(() -> {
            app.quit();
            return null;
        });
    }
}
