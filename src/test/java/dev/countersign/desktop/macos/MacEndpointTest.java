package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.approval.ApprovalRequest;
import dev.countersign.approval.Approver;
import dev.countersign.approval.Decision;
import dev.countersign.audit.AuditLog;
import dev.countersign.core.RandomIds;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.SecureMemory;
import dev.countersign.desktop.SelfTargetGuard;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.DriverSettings;
import dev.countersign.driver.LeaseBook;
import dev.countersign.driver.PolicyApprovals;
import dev.countersign.policy.RiskPolicy;
import dev.countersign.server.AgentDirectory;
import dev.countersign.server.EndpointConfig;
import dev.countersign.server.McpEndpoint;
import dev.countersign.server.Results;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * End to end on Linux: a real MCP client → the loopback endpoint → ComputerDriver → SecureMemory →
 * SelfTargetGuard (the production wiring) →
 * {@link MacDesktopBackend} → JNA → the framework harness. What an agent does on a Mac, with the
 * retain-count ledger balanced at the end of every test.
 */
@Tag("macos-sim")
class MacEndpointTest {
    private final MacSim sim = MacSim.load();
    private final long mark = sim.sim_mark();
    @TempDir
    Path home;
    private SimDesktop desktop;
    private Served served;

    /** Approves every request, and remembers what it was asked. */
    static final class Approving implements Approver {
        final List<ApprovalRequest> asked = new CopyOnWriteArrayList<>();

        @Override
        public CompletableFuture<Decision> request(ApprovalRequest request) {
            asked.add(request);
            return CompletableFuture.completedFuture(Decision.ALLOW_ONCE);
        }

        @Override
        public void withdraw(String nonce) {
        }
    }

    /** The endpoint over the backend, and one connected client. */
    static final class Served implements AutoCloseable {
        final MacDesktopBackend backend = MacDesktopBackend.overLoadedFrameworks();
        final Approving approver = new Approving();
        final AuditLog audit;
        final McpEndpoint endpoint;
        final McpSyncClient client;

        Served(Path home) {
            Clock clock = Clock.systemUTC();
            AgentDirectory agents = new AgentDirectory(home.resolve("agents.json"), clock, new SecureRandom());
            audit = AuditLog.open(home.resolve("audit").resolve("audit.jsonl"), clock);
            DriverSettings settings = DriverSettings.defaults("sess-mac").withApprovalWindow(Duration.ofSeconds(10));
            // As ServedApp wires it: secure memory around the self-target guard, which checks input
            // against the backend's own window order and focus.
            DesktopBackend served = new SecureMemory(new SelfTargetGuard(backend, backend.screenWindows().orElseThrow(),
                    () -> false));
            ComputerDriver driver = new ComputerDriver(served, new PolicyApprovals(RiskPolicy.defaults()), approver,
                    new LeaseBook(clock, settings.sessionId(), settings.principalId(), LeaseBook.Terms.defaults()),
                    clock, new RandomIds(), new SecureRandom(), settings);
            endpoint = McpEndpoint.start(EndpointConfig.defaults().withPort(0), driver, agents, audit, "test");
            String token = agents.add("claude").token();
            client = McpClient.sync(HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + endpoint.port())
                            .endpoint("/mcp")
                            .httpRequestCustomizer((b, method, uri, body, context) ->
                                    b.header("Authorization", "Bearer " + token))
                            .build())
                    .requestTimeout(Duration.ofSeconds(30)).build();
            client.initialize();
        }

        McpSchema.CallToolResult call(String tool, Map<String, Object> args) {
            return client.callTool(new McpSchema.CallToolRequest(tool, args));
        }

        Map<String, Object> observe() {
            McpSchema.CallToolResult r = call("computer_observe", Map.of("app", String.valueOf(SimDesktop.PID)));
            assertThat(r.isError()).as("%s", r).isFalse();
            return structured(r);
        }

        @Override
        public void close() {
            client.closeGracefully();
            endpoint.close();
            audit.close();
            backend.close();
        }
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> structured(McpSchema.CallToolResult result) {
        // An error result (a rejected receipt) carries its JSON as its last text item.
        return dev.countersign.server.Results.body(result);
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> node(Map<String, Object> observation, String role, String name) {
        List<Map<String, Object>> nodes = (List<Map<String, Object>>) observation.get("nodes");
        return nodes.stream().filter(n -> name.equals(n.get("name")) && role.equals(n.get("role"))).findFirst()
                .orElseThrow(() -> new AssertionError("no " + role + " named " + name + " in " + nodes));
    }

    static String ref(Map<String, Object> observation, String role, String name) {
        return (String) node(observation, role, name).get("ref");
    }

    private Served serve(String fixture, String app, String bundle) {
        desktop = SimDesktop.load(sim, fixture, app, bundle);
        served = new Served(home);
        return served;
    }

    @AfterEach
    void balanced() {
        if (served != null) {
            served.close();
            served = null;
        }
        sim.assertBalanced(mark);
    }

    @Test
    void anAgentObservesTheWindowWithoutTheSecureFieldsValue() {
        Served s = serve("secure-field.json", "Sign In", "com.example.signin");
        Map<String, Object> observation = s.observe();
        assertThat(observation.get("window")).asString().contains("Sign In");
        assertThat(node(observation, "AXTextField", "User name").get("value")).isEqualTo("alice");
        assertThat(observation.toString()).doesNotContain("hunter2");
        assertThat(sim.calls()).doesNotContain("read " + desktop.node("0/1") + " AXValue");
    }

    @Test
    void anAgentClicksAButtonAndTypesIntoAField() {
        Served s = serve("secure-field.json", "Sign In", "com.example.signin");
        McpSchema.CallToolResult typed = s.call("computer_act", Map.of("ref",
                ref(s.observe(), "AXTextField", "User name"), "op", "type", "text", "bob"));
        assertThat(typed.isError()).as("%s", typed).isFalse();
        assertThat(sim.valueOf(desktop.node("0/0"), "AXValue")).isEqualTo("bob");

        McpSchema.CallToolResult clicked = s.call("computer_act", Map.of("ref",
                ref(s.observe(), "AXButton", "Sign In"), "op", "click"));
        assertThat(clicked.isError()).as("%s", clicked).isFalse();
        assertThat(sim.calls()).contains("perform " + desktop.node("0/3") + " AXPress");
    }

    @Test
    void anAgentInsertsAtTheCaretThroughTheSelectionAndNoKeyIsPosted() {
        Served s = serve("text-entry.json", "Mail", "com.example.mail");
        McpSchema.CallToolResult typed = s.call("computer_act", Map.of("ref",
                ref(s.observe(), "AXTextField", "Greeting"), "op", "type", "text", ",", "mode", "insert"));

        assertThat(typed.isError()).as("%s", typed).isFalse();
        assertThat(structured(typed)).containsEntry("status", "confirmed");
        assertThat(sim.valueOf(desktop.node("0/1"), "AXValue")).isEqualTo("Hello, world");
        assertThat(sim.events()).isEmpty();
    }

    @Test
    void typingIntoTheSecureFieldIsRefusedAndNothingIsSet() {
        Served s = serve("secure-field.json", "Sign In", "com.example.signin");
        McpSchema.CallToolResult r = s.call("computer_act", Map.of("ref",
                ref(s.observe(), "AXTextField", "Password"), "op", "type", "text", "guess"));
        assertThat(r.isError()).isTrue();
        assertThat(r.structuredContent()).as("an error carries no structured content").isNull();
        assertThat(Results.body(r)).containsEntry("code", "SECURE_FIELD_REFUSED");
        assertThat(sim.calls()).doesNotContain("set " + desktop.node("0/1"));
    }

    @Test
    void aVisualObservationCarriesTheCapturedWindow() {
        Served s = serve("secure-field.json", "Sign In", "com.example.signin");
        String observationId = (String) s.observe().get("observation_id");
        McpSchema.CallToolResult visual = s.call("computer_visual_observe",
                Map.of("observation_id", observationId, "max_marks", 10));
        assertThat(visual.isError()).as("%s", visual).isFalse();
        McpSchema.ImageContent image = visual.content().stream().filter(c -> c instanceof McpSchema.ImageContent)
                .map(c -> (McpSchema.ImageContent) c).findFirst().orElseThrow();
        assertThat(image.mimeType()).isEqualTo("image/png");
        assertThat(sim.calls()).contains("capture " + SimDesktop.WINDOW_NUMBER);
    }

    @Test
    void aDeleteButtonWaitsForThePersonsApprovalBeforeItIsPressed() {
        Served s = serve("buttons.json", "Editor", "com.example.editor");
        Map<String, Object> observation = s.observe();
        McpSchema.CallToolResult r = s.call("computer_act", Map.of("ref", ref(observation, "AXButton", "Delete"),
                "op", "click"));
        assertThat(r.isError()).as("%s", r).isFalse();
        assertThat(s.approver.asked).hasSize(1);
        assertThat(sim.calls()).containsPattern("perform \\d+ AXPress");
    }

    @Test
    void anObservationWithoutAnAppListsTheAppsAndTheirWindows() {
        Served s = serve("secure-field.json", "Sign In", "com.example.signin");
        McpSchema.CallToolResult r = s.call("computer_observe", Map.of());
        assertThat(r.isError()).as("%s", r).isFalse();
        assertThat(structured(r).toString()).contains("Sign In", "Finder");
    }

    @Test
    @SuppressWarnings("unchecked")
    void aKeyWhileCountersignHasKeyboardFocusIsRefusedAndNothingIsPosted() {
        Served s = serve("secure-field.json", "Sign In", "com.example.signin");
        String field = ref(s.observe(), "AXTextField", "User name");
        // Countersign's own window takes keyboard focus between the observation and the act.
        SimDesktop.countersignFocusedInFront(sim, 0, 0, 300, 200);

        McpSchema.CallToolResult r = s.call("computer_act", Map.of("ref", field, "op", "key", "keys", "Return"));

        // The focus proof before keys (AXFocusedApplication, AXFocusedUIElement, the window list)
        // finds Countersign's window focused: nothing is sent, and the receipt says why.
        // Nothing was sent: a rejected receipt, an error result the agent reads.
        assertThat(r.isError()).isTrue();
        assertThat(structured(r)).containsEntry("code", "TARGET_CHANGED");
        Map<String, Object> receipt = (Map<String, Object>) structured(r).get("receipt");
        assertThat(receipt).containsEntry("status", "rejected");
        assertThat((String) receipt.get("detail")).contains("window 'Countersign'", "no keys were sent");
        assertThat(sim.events()).isEmpty();
    }

    @Test
    void underSecureEventInputNoKeyIsPosted() {
        Served s = serve("secure-field.json", "Sign In", "com.example.signin");
        String field = ref(s.observe(), "AXTextField", "User name");
        sim.sim_secure_input_set(1);

        McpSchema.CallToolResult r = s.call("computer_act", Map.of("ref", field, "op", "key", "keys", "cmd+a"));

        assertThat(r.isError()).as("%s", r).isTrue();
        assertThat(Results.body(r)).containsEntry("code", "SECURE_FIELD_REFUSED");
        assertThat(sim.events()).isEmpty();
    }

    @Test
    void aShortcutOnAzertyPressesTheKeyThatTypesTheLetter() {
        sim.sim_layout_set(1);
        Served s = serve("secure-field.json", "Sign In", "com.example.signin");
        sim.sim_layout_set(1);
        McpSchema.CallToolResult r = s.call("computer_act", Map.of("ref",
                ref(s.observe(), "AXTextField", "User name"), "op", "key", "keys", "cmd+a"));
        assertThat(r.isError()).as("%s", r).isFalse();
        // On AZERTY "a" is the key in the US "Q" position (kVK_ANSI_Q = 12); key code 0 there is "q",
        // and cmd+q would quit the app.
        assertThat(sim.events()).contains("key down code=12 flags=0x100000")
                .doesNotContain("key down code=0 flags=0x100000");
    }
}
