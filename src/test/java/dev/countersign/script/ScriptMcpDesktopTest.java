package dev.countersign.script;

import dev.countersign.app.HostScriptPort;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.approval.Decision;
import dev.countersign.audit.AuditLog;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import dev.countersign.approval.ApprovalTap;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.server.AgentDirectory;
import dev.countersign.server.EndpointConfig;
import dev.countersign.server.McpEndpoint;
import dev.countersign.testkit.ScriptedApprover;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** {@code computer_script} and {@code computer_script_resume} over the real MCP endpoint on the real test desktop. */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class ScriptMcpDesktopTest {
    @TempDir
    Path home;
    AuditLog audit;
    McpEndpoint endpoint;
    ScriptHost host;
    McpSyncClient client;
    String token;

    void start(TestDesktop desktop, ScriptedApprover person) {
        Clock clock = Clock.systemUTC();
        ApprovalTap tap = new ApprovalTap(person);
        ComputerDriver driver = ScriptChild.driver(desktop.backend(), tap);
        host = new ScriptHost(driver, tap, new CodeRuntime(ScriptLimits.defaults()),
                new ScriptCheckpointStore(home.resolve("checkpoints")), ScriptFaults.NONE, Duration.ofMillis(200));
        AgentDirectory agents = new AgentDirectory(home.resolve("agents.json"), clock, new SecureRandom());
        audit = AuditLog.open(home.resolve("audit").resolve("audit.jsonl"), clock);
        endpoint = McpEndpoint.start(EndpointConfig.defaults().withPort(0), driver,
                agents, audit, "test", new HostScriptPort(host));
        token = agents.add("claude").token();
        client = McpClient.sync(HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + endpoint.port())
                        .endpoint("/mcp")
                        .httpRequestCustomizer((b, m, u, body, c) -> b.header("Authorization", "Bearer " + token))
                        .build())
                .requestTimeout(Duration.ofSeconds(40)).build();
        client.initialize();
    }

    @AfterEach
    void stop() {
        if (client != null) {
            client.closeGracefully();
        }
        if (endpoint != null) {
            endpoint.close();
        }
        if (audit != null) {
            audit.close();
        }
        if (host != null) {
            host.close();
        }
    }

    java.net.http.HttpRequest raw(String body, String session) {
        java.net.http.HttpRequest.Builder b = java.net.http.HttpRequest.newBuilder(endpoint.uri())
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .header("Authorization", "Bearer " + token).POST(java.net.http.HttpRequest.BodyPublishers.ofString(body));
        if (session != null) {
            b.header("Mcp-Session-Id", session);
        }
        return b.build();
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> structured(McpSchema.CallToolResult result) {
        return dev.countersign.server.Results.body(result);
    }

    @Test
    void oneMcpCallObservesFindsTheCheckBoxClicksItAndReturnsTheNewState(TestDesktop desktop) throws Exception {
        start(desktop, new ScriptedApprover());
        TestDesktop.TargetApp form = desktop.launchForm("alice", "secret");

        McpSchema.CallToolResult result = client.callTool(new McpSchema.CallToolRequest("computer_script",
                Map.of("script", ScriptDesktopTest.TICK.replace("PID", Long.toString(form.pid())), "name", "tick")));

        assertThat(result.isError()).as(String.valueOf(result.structuredContent())).isFalse();
        assertThat(structured(result)).containsEntry("status", "final_result");
        Map<String, Object> value = (Map<String, Object>) structured(result).get("final_result");
        assertThat(value).containsEntry("status", "confirmed");
        assertThat((List<String>) value.get("after")).contains("checked");
        assertThat(Files.readString(audit.file(), StandardCharsets.UTF_8)).as("the inner act is audited")
                .contains("\"receipt\"").contains("\"status\":\"confirmed\"");
    }

    @Test
    void aDeleteSuspendsOverMcpAndResumeFinishesItAfterTheAllow(TestDesktop desktop) throws Exception {
        ScriptedApprover person = new ScriptedApprover();
        CompletableFuture<Decision> decision = new CompletableFuture<>();
        person.answer = r -> decision;
        start(desktop, person);
        TestDesktop.TargetApp app = desktop.launchDeleteForm();

        McpSchema.CallToolResult first = client.callTool(new McpSchema.CallToolRequest("computer_script",
                Map.of("script", ScriptDesktopTest.DELETE.replace("PID", Long.toString(app.pid())), "name", "cleanup")));
        assertThat(structured(first)).containsEntry("status", "suspended");
        String id = (String) structured(first).get("script_id");

        decision.complete(Decision.ALLOW_ONCE);
        McpSchema.CallToolResult done = client.callTool(new McpSchema.CallToolRequest("computer_script_resume",
                Map.of("script_id", id)));

        assertThat(structured(done)).containsEntry("status", "final_result");
        assertThat(TestDesktop.eventually(Duration.ofSeconds(5), () -> Files.exists(app.dir().resolve("deleted"))))
                .isTrue();
        assertThat(client.listTools().tools()).extracting(McpSchema.Tool::name)
                .contains("computer_script", "computer_script_resume");
    }

    @Test
    void theWholeDefaultToolsListStaysWithinSixThousandBytesWithTheScriptTools(TestDesktop desktop) throws Exception {
        start(desktop, new ScriptedApprover());
        java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
        java.net.http.HttpResponse<String> init = http.send(raw("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":"
                + "\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}", null),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
        http.send(raw("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", session),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        java.net.http.HttpResponse<String> list = http.send(raw("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":"
                + "\"tools/list\"}", session), java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(list.body()).contains("computer_script_resume");
        if (System.getenv("TOOLS_LIST_DUMP") != null) {
            Files.writeString(Path.of(System.getenv("TOOLS_LIST_DUMP")), list.body());
        }
        // The default answer every agent pays for on every connect: the five driver tools and
        // the two script tools, with the SSE framing.
        assertThat(list.body().getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(6_000);
    }

    @Test
    void aScriptErrorIsAnErrorResultWithTheMessageVerbatim(TestDesktop desktop) {
        start(desktop, new ScriptedApprover());
        McpSchema.CallToolResult result = client.callTool(new McpSchema.CallToolRequest("computer_script",
                Map.of("script", "computer_act({ref: 'x', op: 'click'});\nreturn {final_result: 1};")));
        assertThat(result.isError()).isTrue();
        assertThat((String) structured(result).get("error")).startsWith("line 1: computer_act(…) is not a function");
    }
}
