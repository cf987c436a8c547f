package dev.countersign.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.countersign.approval.ApprovalWatch;
import dev.countersign.approval.Decision;
import dev.countersign.core.RandomIds;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import dev.countersign.remote.McpRuntimeLink;
import dev.countersign.remote.RemoteMachine;
import dev.countersign.remote.RuntimeLink;
import dev.countersign.remote.SecondMachine;
import dev.countersign.app.windows.ActivityFeed;
import dev.countersign.driver.ClickArgs;
import dev.countersign.driver.Receipt;
import dev.countersign.driver.ToolResult;
import dev.countersign.server.EndpointConfig;
import dev.countersign.testkit.MemoryDesktop;
import dev.countersign.remote.RemoteTool;
import dev.countersign.remote.RuntimeOp;
import dev.countersign.testkit.ScriptedApprover;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The path a person uses to govern a second machine: on a second private desktop a real
 * {@code countersign serve --runtime-port 0} with a governor token; on this side the served app
 * with that remote registered as {@code countersign remote add} registers it (a second, unreachable
 * remote is left out). An agent of this side reaches the second desktop only through the tool
 * {@code desk2}: observe lists its windows and observes one (the second's refs), an act on a ref
 * asks the person here naming the machine, and runs there only when allowed. Every side effect is
 * checked from the app on the second desktop.
 */
@Tag("desktop")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ServedAppRemoteDesktopTest {
    private SecondMachine second;
    private Path dir;
    private ServedApp app;
    private Home home;
    private HeadlessServedClients clients;
    private McpSyncClient agent;
    private final ScriptedApprover approver = new ScriptedApprover();

    @BeforeAll
    void bringUpBothSides() throws Exception {
        TestDesktopExtension.requireTestDesktop();
        dir = Files.createTempDirectory("cs-remote-served");
        second = new SecondMachine(dir.resolve("second"));
        String token = second.governorToken("laptop");
        second.serve();

        home = Home.of(dir.resolve("home")).ensure();
        Path tokenFile = dir.resolve("desk2.token");
        Files.writeString(tokenFile, token + "\n");
        // The second machine's runtime socket stands in for the local end of ssh -L to it.
        home.remotes().put("desk2", "unix:" + second.runtimeSocket, Files.readString(tokenFile));
        // A remote whose tunnel is down: nothing at its socket.
        home.remotes().put("gone", "unix:" + home.remotes().socketFile("gone"), "cs_gov_nothing_listens");

        app = ServedApp.start(home, EndpointConfig.defaults().withPort(0), MemoryDesktop.loginForm(), approver);
        clients = new HeadlessServedClients(app);
        agent = clients.agent("claude");
    }

    @AfterAll
    void tearDown() throws Exception {
        if (clients != null) {
            clients.close();
        }
        if (app != null) {
            app.close();
        }
        if (second != null) {
            second.close();
        }
    }

    /** A form with a Delete button on the second desktop; returns its pid. */
    private long cleanupForm(Path appDir) throws Exception {
        return second.launch(appDir, List.of("yad", "--form", "--title=Cleanup", "--field=Notes",
                "--field=Delete:BTN", "--button=OK:0", "", "touch " + appDir.resolve("deleted"))).pid();
    }

    /** The agent's observe of the app through desk2, once the second desktop shows it. */
    @SuppressWarnings("unchecked")
    private Map<String, Object> observe(long pid) throws InterruptedException {
        Map<String, Object>[] last = new Map[1];
        boolean up = TestDesktop.eventually(Duration.ofSeconds(20), () -> {
            last[0] = call("desk2", Map.of("action", "observe", "app", Long.toString(pid)));
            return last[0].get("nodes") instanceof List<?> nodes && nodes.size() > 3;
        });
        assertThat(up).as("the second desktop's app through desk2: %s", last[0]).isTrue();
        return last[0];
    }

    @SuppressWarnings("unchecked")
    private static String ref(Map<String, Object> seen, String role, String name) {
        return ((List<Map<String, Object>>) seen.get("nodes")).stream()
                .filter(n -> role.equals(n.get("role")) && (name == null || name.equals(n.get("name"))))
                .map(n -> (String) n.get("ref")).findFirst()
                .orElseThrow(() -> new AssertionError("no " + role + " '" + name + "' in " + seen.get("nodes")));
    }

    private static com.fasterxml.jackson.databind.JsonNode tree(String line) {
        try {
            return dev.countersign.core.Json.mapper().readTree(line);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** How many different colours a picture holds: a picture of a window's button holds many. */
    private static long colours(java.awt.image.BufferedImage image) {
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                seen.add(image.getRGB(x, y));
            }
        }
        return seen.size();
    }

    private Map<String, Object> call(String tool, Map<String, Object> args) {
        return HeadlessServed.call(agent, tool, args);
    }

    /** A receipt's status: the body itself, or the receipt an error result carries (as computer_act's). */
    private static Object status(Map<String, Object> body) {
        return body.get("receipt") instanceof Map<?, ?> receipt ? receipt.get("status") : body.get("status");
    }

    @SuppressWarnings("unchecked")
    private static String code(Map<String, Object> body) {
        Object error = body.get("error");
        return error instanceof Map<?, ?> m ? String.valueOf(m.get("code")) : String.valueOf(body.get("code"));
    }

    @Test
    @Order(1)
    void theRegisteredRemoteIsOneToolAndTheRuntimeOperationsAreNone() {
        List<String> names = agent.listTools().tools().stream().map(McpSchema.Tool::name).toList();
        assertThat(names).contains("desk2", "computer_act").doesNotContain("gone")
                .doesNotContainAnyElementsOf(RuntimeOp.NAMES);
        // An agent here cannot call the remote's runtime operations by name: none is served to it.
        for (String operation : RuntimeOp.NAMES) {
            assertThat(catchThrowable(() -> agent.callTool(new McpSchema.CallToolRequest(operation,
                    Map.of("envelope", Map.of(), "lease", Map.of(), "reservation", Map.of())))))
                    .as(operation).hasMessageContaining("Unknown tool");
        }
        // doctor reports the unreachable remote and why; the token is never in its report.
        List<Map<String, Object>> report = RemoteTools.report(home);
        assertThat(report).anySatisfy(r -> assertThat(r).containsEntry("name", "gone")
                .hasEntrySatisfying("status", s -> assertThat((String) s).startsWith("not offered")));
        assertThat(report).anySatisfy(r -> assertThat(r).containsEntry("name", "desk2")
                .containsEntry("status", "reachable"));
        assertThat(report.toString()).doesNotContain("cs_gov_nothing_listens");
    }

    @Test
    @Order(2)
    @SuppressWarnings("unchecked")
    void observeListsTheSecondMachinesWindowsAndAnAllowedClickRunsThere() throws Exception {
        Path appDir = dir.resolve("allowed");
        long pid = cleanupForm(appDir);
        boolean listed = TestDesktop.eventually(Duration.ofSeconds(20), () -> {
            Map<String, Object> apps = call("desk2", Map.of("action", "observe"));
            return apps.get("apps") instanceof List<?> list && list.stream().anyMatch(a ->
                    ((Map<String, Object>) a).get("pid") instanceof Number n && n.longValue() == pid);
        });
        assertThat(listed).as("the second machine's apps, listed through desk2").isTrue();
        Map<String, Object> seen = observe(pid);
        assertThat(seen).containsEntry("machine", "desk2");
        approver.asked.clear();
        approver.answer = r -> CompletableFuture.completedFuture(Decision.ALLOW_ONCE);

        Map<String, Object> result = call("desk2", Map.of("action", "click", "ref", ref(seen, "push button", "Delete")));

        assertThat(result.get("status")).as("%s", result).isIn("confirmed", "unknown");
        assertThat(approver.asked).hasSize(1);
        assertThat(approver.asked.get(0).remoteMachine()).contains("desk2");
        assertThat(approver.asked.get(0).agentId()).isEqualTo("claude");
        // The person is shown the second machine's own marked capture of the window, not nothing.
        byte[] shot = approver.asked.get(0).screenshot().orElseThrow(() -> new AssertionError("no capture"));
        java.awt.image.BufferedImage image = javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(shot));
        assertThat(image.getWidth()).isGreaterThan(50);
        assertThat(TestDesktop.eventually(Duration.ofSeconds(5), () -> Files.exists(appDir.resolve("deleted"))))
                .as("the Delete button on the second desktop was pressed").isTrue();
        // Both sides recorded it: here under the agent, there under the governor.
        assertThat(Files.readString(app.audit.file())).contains("\"tool\":\"desk2\"")
                .contains((String) result.get("action_id"));
        // Here, through the one approval path and into the one receipt: the question and the answer
        // in the audit log, the receipt (with its id) in the agent's evidence and the Activity window.
        List<String> audit = Files.readAllLines(app.audit.file());
        // The timeline's card of it holds that capture as the question it asked.
        assertThat(audit).anyMatch(l -> l.contains("\"kind\":\"receipt\"") && l.contains("\"question\""));
        // And its before/after pictures: the second machine's own, of its window (this side's
        // desktop is an in-memory form with nothing to capture), named with that machine.
        com.fasterxml.jackson.databind.JsonNode data = audit.stream().map(ServedAppRemoteDesktopTest::tree)
                .filter(r -> "receipt".equals(r.path("kind").asText())
                        && result.get("receipt_id").equals(r.path("data").path("receipt_id").asText()))
                .findFirst().orElseThrow().path("data");
        assertThat(data.path("machine").asText()).isEqualTo("desk2");
        for (String role : List.of("before", "after")) {
            byte[] png = dev.countersign.audit.AuditPictures.forLog(app.audit.file())
                    .read(data.path("pictures").path(role).asText())
                    .orElseThrow(() -> new AssertionError("no " + role + " picture from desk2: " + data));
            java.awt.image.BufferedImage picture = javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(png));
            assertThat(picture.getWidth()).isBetween(20, 240);
            assertThat(picture.getHeight()).isBetween(20, 140);
            assertThat(colours(picture)).as("%s picture's colours", role).isGreaterThan(3);
        }
        assertThat(audit).anyMatch(l -> l.contains("\"kind\":\"approval_requested\"") && l.contains("\"desk2\""))
                .anyMatch(l -> l.contains("\"kind\":\"approval_allowed\"") && l.contains("\"desk2\""));
        assertThat(result.get("receipt_id")).isEqualTo("rcpt_" + result.get("action_id"));
        Map<String, Object> evidence = call("computer_evidence", Map.of());
        assertThat(String.valueOf(evidence.get("receipts"))).contains((String) result.get("receipt_id"));
        assertThat(new ActivityFeed(app.driver, Clock.systemUTC()).poll(List.of("claude")))
                .anyMatch(e -> e.receipt().receiptId().equals(result.get("receipt_id")));
        assertThat(Files.readString(second.home.resolve("audit").resolve("audit.jsonl")))
                .contains("\"governor\":\"laptop\"").contains((String) result.get("action_id"));
    }

    @Test
    @Order(3)
    void aRemoteActThePersonDeniesNeverRunsOnTheRemote() throws Exception {
        Path appDir = dir.resolve("denied");
        Map<String, Object> seen = observe(cleanupForm(appDir));
        approver.asked.clear();
        approver.answer = r -> CompletableFuture.completedFuture(Decision.DENY);

        Map<String, Object> result = call("desk2", Map.of("action", "click", "ref", ref(seen, "push button", "Delete")));

        assertThat(status(result)).isEqualTo("rejected");
        assertThat(code(result)).isEqualTo("APPROVAL_DENIED");
        assertThat(approver.asked).hasSize(1);
        Thread.sleep(700);
        assertThat(appDir.resolve("deleted")).as("checked from the app on the second desktop").doesNotExist();
    }

    @Test
    @Order(4)
    void aSecureFieldAnUnknownRefAndThisSidesKillSwitchAreRefused() throws Exception {
        Path appDir = dir.resolve("login");
        long pid = second.launch(appDir, List.of("yad", "--form", "--title=Login Form", "--field=User name",
                "--field=Password:H", "--field=Click me:BTN", "--button=OK:0", "user", "password",
                "touch " + appDir.resolve("clicked"))).pid();
        Map<String, Object> seen = observe(pid);
        approver.asked.clear();
        approver.answer = r -> CompletableFuture.completedFuture(Decision.ALLOW_ONCE);

        @SuppressWarnings("unchecked")
        String password = ((List<Map<String, Object>>) seen.get("nodes")).stream()
                .filter(n -> Boolean.TRUE.equals(n.get("secure"))).map(n -> (String) n.get("ref")).findFirst()
                .orElseThrow(() -> new AssertionError("no secure field in " + seen.get("nodes")));
        Map<String, Object> typed = call("desk2", Map.of("action", "type", "ref", password, "text", "hunter2"));
        assertThat(code(typed)).as("%s", typed).isEqualTo("SECURE_FIELD_REFUSED");
        assertThat(code(call("desk2", Map.of("action", "click", "ref", "r_999999")))).isEqualTo("REF_UNKNOWN");

        app.driver.pauseAll();
        try {
            Map<String, Object> paused = call("desk2", Map.of("action", "click",
                    "ref", ref(seen, "push button", "Click me")));
            assertThat(code(paused)).isEqualTo("AGENT_PAUSED");
        } finally {
            app.driver.resumeAll();
        }
        assertThat(approver.asked).as("nobody is asked for a refused act").isEmpty();
        Thread.sleep(500);
        assertThat(appDir.resolve("clicked")).doesNotExist();
    }

    @Test
    @Order(5)
    void aRemoteThatAnswersWithAnotherSessionsLeaseIsRefusedAtTheBoundary() throws Exception {
        Path appDir = dir.resolve("hostile");
        long pid = second.launch(appDir, List.of("yad", "--form", "--title=Hostile", "--field=Go:BTN",
                "--button=OK:0", "touch " + appDir.resolve("clicked"))).pid();
        RuntimeLink real = McpRuntimeLink.connect(second.runtimeSocket, second.governorToken("hostile-test"),
                Duration.ofSeconds(60));
        // The remote answers acquire_lease with a well-formed lease of another session.
        RuntimeLink hostile = new RuntimeLink() {
            @Override
            @SuppressWarnings("unchecked")
            public Map<String, Object> call(String operation, Map<String, Object> arguments) {
                Map<String, Object> answer = real.call(operation, arguments);
                if (!RuntimeOp.Kind.LEASE.wire().equals(operation)) {
                    return answer;
                }
                Map<String, Object> lease = new LinkedHashMap<>((Map<String, Object>) answer.get("lease"));
                lease.put("session_id", "sess_other");
                return Map.of("lease", lease);
            }

            @Override
            public void close() {
                real.close();
            }
        };
        approver.asked.clear();
        approver.answer = r -> CompletableFuture.completedFuture(Decision.ALLOW_ONCE);
        try (RemoteMachine machine = new RemoteMachine("desk2", hostile, app.driver, Clock.systemUTC())) {
            @SuppressWarnings("unchecked")
            Map<String, Object>[] seen = new Map[1];
            assertThat(TestDesktop.eventually(Duration.ofSeconds(20), () -> {
                seen[0] = machine.observe("claude", Long.toString(pid), null).body();
                return seen[0] != null && seen[0].get("nodes") instanceof List<?> n && n.size() > 1;
            })).isTrue();
            ToolResult<Receipt> result = machine.act("claude", new ClickArgs(ref(seen[0], "push button", "Go"),
                    null), ApprovalWatch.NONE);
            assertThat(result).as("%s", result).isInstanceOf(ToolResult.Ok.class);
            Receipt receipt = ((ToolResult.Ok<Receipt>) result).value();
            assertThat(receipt.status()).isEqualTo("rejected");
            assertThat(receipt.code()).isEqualTo("IDENTITY_MISMATCH");
            assertThat(receipt.detail()).contains("session_id");
        }
        Thread.sleep(500);
        assertThat(appDir.resolve("clicked")).as("nothing ran on the second desktop").doesNotExist();
    }

    /** MCP agents of the served app with fresh tokens (closed before the app). */
    private static final class HeadlessServedClients implements AutoCloseable {
        private final ServedApp app;
        private final java.util.List<McpSyncClient> open = new java.util.ArrayList<>();

        HeadlessServedClients(ServedApp app) {
            this.app = app;
        }

        McpSyncClient agent(String name) {
            String token = app.agents.add(name).token();
            McpSyncClient c = io.modelcontextprotocol.client.McpClient.sync(
                    io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport.builder(
                                    "http://127.0.0.1:" + app.endpoint.port()).endpoint("/mcp")
                            .httpRequestCustomizer((b, method, uri, body, ctx) ->
                                    b.header("Authorization", "Bearer " + token))
                            .build()).requestTimeout(Duration.ofSeconds(120)).build();
            c.initialize();
            open.add(c);
            return c;
        }

        @Override
        public void close() {
            open.forEach(c -> {
                try {
                    c.closeGracefully();
                } catch (RuntimeException e) {
                    // the endpoint may have gone already
                }
            });
        }
    }
}
