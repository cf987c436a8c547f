package dev.countersign.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.app.dialog.FxApprover;
import dev.countersign.app.fx.Theme;
import dev.countersign.app.settings.Autostart;
import dev.countersign.app.settings.SettingsStore;
import dev.countersign.app.windows.AppServices;
import dev.countersign.app.shell.DesktopApp;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import dev.countersign.server.EndpointConfig;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.TextField;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * The whole product on the private desktop: the real endpoint with the dialog as its approver,
 * an MCP client (the SDK's sync client over the socket) with a token issued in the Connect
 * window, a yad "Delete" button, and the person's clicks.
 */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class TrayEndToEndTest {
    @TempDir
    Path dir;
    FxRobot robot;
    ServedApp served;
    DesktopApp app;
    McpSyncClient client;

    @BeforeEach
    void start(TestDesktop desktop) throws Exception {
        robot = FxTests.start();
        Home home = Home.of(dir.resolve("home")).ensure();
        FxApprover approver = new FxApprover(Clock.systemUTC());
        served = ServedApp.start(home, EndpointConfig.defaults().withPort(0), desktop.backend(), approver);
        AppServices services = new AppServices(served.driver, new DirectoryAgents(served.agents, home),
                () -> Optional.of(served.endpoint.uri()), home.auditFile(), desktop.backend(),
                new SettingsStore(home.settings(), Autostart.linux(dir.resolve("autostart"), "countersign")),
                approver, Clock.systemUTC(), "countersign");
        // The shared test backend outlives this test, so quitting stops the endpoint and log only.
        app = DesktopApp.start(services, Theme.LIGHT, false, () -> {
            served.endpoint.close();
            served.audit.close();
        });
    }

    @AfterEach
    void quit() {
        if (client != null) {
            client.closeGracefully();
        }
        FxTests.onFx(() -> {
            app.quit();
            return null;
        });
    }

    String connectInTheWindow(String name) {
        robot.clickOn("#open-connect");
        robot.clickOn("#agent-name").write(name);
        robot.clickOn("#issue");
        return FxTests.onFx(() -> robot.lookup("#token").queryAs(TextField.class).getText());
    }

    McpSyncClient client(String token) {
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(
                        "http://127.0.0.1:" + served.endpoint.port())
                .endpoint("/mcp")
                .httpRequestCustomizer((b, method, uri, body, ctx) -> b.header("Authorization", "Bearer " + token))
                .build();
        McpSyncClient c = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(60)).build();
        c.initialize();
        return c;
    }

    McpSchema.CallToolResult clickDelete(TestDesktop.TargetApp form) {
        McpSchema.CallToolResult observation = client.callTool(new McpSchema.CallToolRequest("computer_observe",
                Map.of("app", String.valueOf(form.pid()))));
        return client.callTool(new McpSchema.CallToolRequest("computer_act",
                Map.of("ref", refOf(observation, "Delete"), "op", "click")));
    }

    @SuppressWarnings("unchecked")
    static String refOf(McpSchema.CallToolResult observation, String name) {
        List<Map<String, Object>> nodes = (List<Map<String, Object>>) ((Map<String, Object>) observation
                .structuredContent()).get("nodes");
        return nodes.stream().filter(n -> name.equals(n.get("name"))).map(n -> (String) n.get("ref")).findFirst()
                .orElseThrow(() -> new AssertionError("no " + name + " in " + nodes));
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> structured(McpSchema.CallToolResult r) {
        return dev.countersign.server.Results.body(r);
    }

    void answer(String button) throws InterruptedException {
        assertThat(FxTests.eventually(Duration.ofSeconds(20), () -> robot.lookup("#allow").tryQuery().isPresent()
                && robot.lookup("#allow").query().getScene().getWindow().isShowing())).isTrue();
        Thread.sleep(800);
        robot.clickOn(button);
    }

    @Test
    void theAppServesScriptsThatComposeTheToolsInOneCall(TestDesktop desktop) throws Exception {
        client = client(connectInTheWindow("scripter"));
        TestDesktop.TargetApp form = desktop.launchForm("", "");
        assertThat(client.listTools().tools()).extracting(McpSchema.Tool::name)
                .contains("computer_script", "computer_script_resume");

        McpSchema.CallToolResult run = client.callTool(new McpSchema.CallToolRequest("computer_script", Map.of(
                "name", "tick", "script", "var o = call_tool(\"computer_observe\", {app: \"" + form.pid() + "\"});\n"
                        + "var box = null;\n"
                        + "for (var i = 0; i < o.nodes.length; i++) { if (o.nodes[i].name == \"Remember me\") box = o.nodes[i]; }\n"
                        + "var r = call_tool(\"computer_act\", {ref: box.ref, op: \"click\"});\n"
                        + "return {final_result: r.status};")));

        assertThat(run.isError()).as("%s", run).isFalse();
        assertThat(structured(run).toString()).contains("confirmed");
    }

    @Test
    void allowOnceInTheDialogClicksDeleteOnceAndDenyDoesNot(TestDesktop desktop) throws Exception {
        client = client(connectInTheWindow("claude"));
        TestDesktop.TargetApp allowed = desktop.launchDeleteForm();
        CompletableFuture<McpSchema.CallToolResult> act = CompletableFuture.supplyAsync(() -> clickDelete(allowed));
        answer("#allow");
        McpSchema.CallToolResult result = act.get(30, TimeUnit.SECONDS);
        assertThat(structured(result).toString()).contains("allowed_once");
        assertThat(TestDesktop.eventually(Duration.ofSeconds(5), () -> Files.exists(allowed.dir().resolve("deleted"))))
                .isTrue();

        TestDesktop.TargetApp denied = desktop.launchDeleteForm();
        CompletableFuture<McpSchema.CallToolResult> second = CompletableFuture.supplyAsync(() -> clickDelete(denied));
        answer("#deny");
        assertThat(structured(second.get(30, TimeUnit.SECONDS))).containsEntry("code", "APPROVAL_DENIED");
        Thread.sleep(300);
        assertThat(denied.dir().resolve("deleted")).doesNotExist();
    }

    @Test
    void pausedActsAreRefusedAndRemovingTheAgentMakesItsToken401(TestDesktop desktop) throws Exception {
        String token = connectInTheWindow("cursor");
        client = client(token);
        TestDesktop.TargetApp form = desktop.launchForm("", "");
        robot.clickOn("#pause");
        McpSchema.CallToolResult observation = client.callTool(new McpSchema.CallToolRequest("computer_observe",
                Map.of("app", String.valueOf(form.pid()))));
        McpSchema.CallToolResult refused = client.callTool(new McpSchema.CallToolRequest("computer_act",
                Map.of("ref", refOf(observation, "Remember me"), "op", "click")));
        assertThat(structured(refused)).containsEntry("code", "AGENT_PAUSED");
        robot.clickOn("#pause");
        observation = client.callTool(new McpSchema.CallToolRequest("computer_observe",
                Map.of("app", String.valueOf(form.pid()))));
        McpSchema.CallToolResult ok = client.callTool(new McpSchema.CallToolRequest("computer_act",
                Map.of("ref", refOf(observation, "Remember me"), "op", "click")));
        assertThat(structured(ok)).containsEntry("status", "confirmed");

        assertThat(post(token)).isNotEqualTo(401);
        FxTests.onFx(() -> app.windows().agents());
        FxTests.onFx(() -> {
            robot.lookup("#agents").queryTableView().getSelectionModel().select(0);
            return null;
        });
        robot.clickOn("#remove-agent");
        robot.clickOn("OK");
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> served.agents.list().isEmpty())).isTrue();
        assertThat(post(token)).isEqualTo(401);
    }

    int post(String token) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + served.endpoint.port() + "/mcp"))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .header("Authorization", "Bearer " + token)
                .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}"))
                .build();
        return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString()).statusCode();
    }
}
