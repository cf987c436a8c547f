package dev.countersign.server;

import dev.countersign.audit.AuditLog;
import dev.countersign.core.RandomIds;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.DriverSettings;
import dev.countersign.driver.LeaseBook;
import dev.countersign.driver.PolicyApprovals;
import dev.countersign.policy.RiskPolicy;
import dev.countersign.remote.RemoteTool;
import dev.countersign.testkit.MemoryDesktop;
import dev.countersign.testkit.ScriptedApprover;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A real endpoint on an ephemeral loopback port over a {@link MemoryDesktop}, with a real audit log
 * and agents file in a temporary home, plus the clients tests talk to it with.
 */
final class EndpointFixture implements AutoCloseable {
    static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
            + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}";

    final Path home;
    final AgentDirectory agents;
    final AuditLog audit;
    /** The in-memory form, when the fixture runs on one (null on the real desktop). */
    final MemoryDesktop desktop;
    final ScriptedApprover approver = ScriptedApprover.held();
    final ComputerDriver driver;
    final McpEndpoint endpoint;
    final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final List<McpSyncClient> clients = new ArrayList<>();

    EndpointFixture(Path home) {
        this(home, EndpointConfig.defaults().withPort(0));
    }

    EndpointFixture(Path home, EndpointConfig config) {
        this(home, config, MemoryDesktop.loginForm());
    }

    EndpointFixture(Path home, EndpointConfig config, DesktopBackend backend) {
        this(home, config, backend, driver -> List.of());
    }

    /** A fixture whose endpoint also offers the remote tools {@code remotes} makes over its driver. */
    EndpointFixture(Path home, EndpointConfig config, DesktopBackend backend,
            Function<ComputerDriver, List<RemoteTool>> remotes) {
        this.home = home;
        this.desktop = backend instanceof MemoryDesktop ? (MemoryDesktop) backend : null;
        Clock clock = Clock.systemUTC();
        this.agents = new AgentDirectory(home.resolve("agents.json"), clock, new SecureRandom());
        this.audit = AuditLog.open(home.resolve("audit").resolve("audit.jsonl"), clock);
        DriverSettings settings = DriverSettings.defaults("sess-endpoint-test").withApprovalWindow(Duration.ofSeconds(20));
        this.driver = new ComputerDriver(backend, new PolicyApprovals(RiskPolicy.defaults()), approver,
                new LeaseBook(clock, settings.sessionId(), settings.principalId(), LeaseBook.Terms.defaults()),
                clock, new RandomIds(), new SecureRandom(), settings);
        this.endpoint = McpEndpoint.start(config, driver, agents, audit, "test", null, List.of(),
                remotes.apply(driver));
    }

    String token(String name) {
        return agents.add(name).token();
    }

    URI uri() {
        return endpoint.uri();
    }

    McpSyncClient client(String token) {
        return client(token, p -> { });
    }

    McpSyncClient client(String token, Consumer<McpSchema.ProgressNotification> progress) {
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(
                        "http://127.0.0.1:" + endpoint.port())
                .endpoint("/mcp")
                .httpRequestCustomizer((builder, method, uri, body, context) ->
                        builder.header("Authorization", "Bearer " + token))
                .build();
        McpSyncClient client = McpClient.sync(transport)
                .requestTimeout(Duration.ofSeconds(30))
                .progressConsumer(progress)
                .build();
        clients.add(client);
        client.initialize();
        return client;
    }

    HttpResponse<String> post(String token, String body, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri())
                .timeout(Duration.ofSeconds(20))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        headers.forEach(request::header);
        return send(request.build());
    }

    HttpResponse<String> send(HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Initializes a raw session and returns the session id the endpoint issued. */
    String rawSession(String token) {
        HttpResponse<String> init = post(token, INIT, Map.of());
        String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow(() ->
                new AssertionError("no session id: " + init.statusCode() + " " + init.body()));
        post(token, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", Map.of("Mcp-Session-Id", session));
        return session;
    }

    List<String> auditLines() {
        try {
            audit.sync();
            return Files.readAllLines(audit.file());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        for (McpSyncClient client : clients) {
            client.closeGracefully();
        }
        endpoint.close();
        audit.close();
    }
}
