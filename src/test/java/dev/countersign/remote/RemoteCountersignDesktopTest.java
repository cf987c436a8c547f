package dev.countersign.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.countersign.approval.ApprovalWatch;
import dev.countersign.approval.Decision;
import dev.countersign.core.ActionRequest;
import dev.countersign.core.ActionTarget;
import dev.countersign.core.CountersignException;
import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.ElementEvidence;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import dev.countersign.core.RandomIds;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import dev.countersign.driver.ActArgs;
import dev.countersign.driver.ClickArgs;
import dev.countersign.driver.TypeArgs;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.DriverSettings;
import dev.countersign.driver.LeaseBook;
import dev.countersign.driver.PolicyApprovals;
import dev.countersign.driver.Receipt;
import dev.countersign.driver.ToolResult;
import dev.countersign.policy.RiskPolicy;
import dev.countersign.testkit.MemoryDesktop;
import dev.countersign.graph.ActionResult;
import dev.countersign.testkit.ScriptedApprover;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Two Countersigns on one machine, as a laptop and a second machine over an SSH-forwarded port:
 * the first (this test process: the graph, the approver, {@link ComputerUseMcpRuntime}) drives the
 * second ({@code countersign serve --runtime-port} on a second private desktop, its own home) through
 * the second's runtime endpoint. What runs, runs on the second desktop; the second still refuses
 * secure fields and honours its kill switch whatever the first approved; the docs/govern.md regressions
 * are refused at the second's boundary too.
 */
@Tag("desktop")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RemoteCountersignDesktopTest {
    private SecondMachine second;
    private String governorToken;
    private String agentToken;
    private McpSyncClient observer;
    private final ScriptedApprover approver = new ScriptedApprover();
    private ComputerDriver laptop;
    private RemoteMachine machine;

    /** One app on the second desktop as its own Countersign sees it. */
    record Seen(Process process, Path dir, String app, String window, List<Map<String, Object>> nodes) {
        Map<String, Object> node(String role, String name) {
            return nodes.stream().filter(n -> role.equals(n.get("role")) && Objects.equals(name, n.get("name"))).findFirst()
                    .orElseThrow(() -> new AssertionError("no " + role + " '" + name + "' in " + nodes));
        }
    }

    @BeforeAll
    void bringUpTheSecondMachine() throws Exception {
        TestDesktopExtension.requireTestDesktop();
        second = new SecondMachine(Files.createTempDirectory("cs-second-machine"));
        governorToken = second.governorToken("laptop");
        agentToken = second.agentToken("observer");
        second.serve();
        observer = second.agent(agentToken);
        // The first machine: a real driver (its own desktop is never touched by a remote act).
        DriverSettings settings = DriverSettings.defaults("sess_laptop");
        laptop = new ComputerDriver(MemoryDesktop.loginForm(), new PolicyApprovals(RiskPolicy.defaults()), approver,
                new LeaseBook(Clock.systemUTC(), settings.sessionId(), settings.principalId(),
                        LeaseBook.Terms.defaults()), Clock.systemUTC(), new RandomIds(), new Random(), settings);
        machine = new RemoteMachine("second", McpRuntimeLink.connect(second.runtimeSocket, governorToken,
                Duration.ofSeconds(60)), laptop, Clock.systemUTC());
    }

    @AfterAll
    void tearDown() throws Exception {
        if (machine != null) {
            machine.close();
        }
        if (second != null) {
            second.close();
        }
    }

    /** Observes the app through the first machine's tool and acts on the element of that role and name. */
    @SuppressWarnings("unchecked")
    private Receipt act(Seen seen, String role, String name, Function<String, ActArgs> op) {
        RemoteTool.Reply observed = machine.observe("claude", seen.app(), seen.window());
        assertThat(observed.error()).as("observe through the first machine").isNull();
        String ref = ((List<Map<String, Object>>) observed.body().get("nodes")).stream()
                .filter(n -> role.equals(n.get("role")) && Objects.equals(name, n.get("name"))).findFirst()
                .map(n -> (String) n.get("ref"))
                .orElseThrow(() -> new AssertionError("no " + role + " '" + name + "' in " + observed.body()));
        ToolResult<Receipt> result = machine.act("claude", op.apply(ref), ApprovalWatch.NONE);
        assertThat(result).as("%s", result).isInstanceOf(ToolResult.Ok.class);
        return ((ToolResult.Ok<Receipt>) result).value();
    }

    private Seen cleanupForm() throws Exception {
        Path dir = second.dir.resolve("cleanup-" + System.nanoTime());
        Process p = second.launch(dir, List.of("yad", "--form", "--title=Cleanup", "--field=Notes",
                "--field=Delete:BTN", "--button=OK:0", "", "touch " + dir.resolve("deleted")));
        return seen(p, dir);
    }

    private Seen loginForm() throws Exception {
        Path dir = second.dir.resolve("login-" + System.nanoTime());
        Process p = second.launch(dir, List.of("yad", "--form", "--title=Login Form", "--field=User name",
                "--field=Password:H", "--field=Remember me:CHK", "--field=Click me:BTN", "--button=OK:0",
                "--button=Cancel:1", "user", "password", "FALSE", "touch " + dir.resolve("clicked")));
        return seen(p, dir);
    }

    /** Waits until the second machine's own Countersign sees the app's window, and returns what it saw. */
    @SuppressWarnings("unchecked")
    private Seen seen(Process p, Path dir) throws Exception {
        Map<String, Object>[] last = new Map[1];
        boolean up = TestDesktop.eventually(Duration.ofSeconds(20), () -> {
            last[0] = SecondMachine.call(observer, "computer_observe", Map.of("app", Long.toString(p.pid())));
            return last[0].get("nodes") instanceof List<?> nodes && nodes.size() > 3;
        });
        assertThat(up).as("the second desktop shows the app: %s", last[0]).isTrue();
        Map<String, Object> window = (Map<String, Object>) last[0].get("window");
        return new Seen(p, dir, Long.toString(p.pid()), (String) window.get("id"),
                (List<Map<String, Object>>) last[0].get("nodes"));
    }

    @Test
    @Order(1)
    void anActApprovedOnTheFirstRunsOnTheSecondDesktop() throws Exception {
        Seen cleanup = cleanupForm();
        approver.asked.clear();
        approver.answer = r -> CompletableFuture.completedFuture(Decision.ALLOW_ONCE);

        Receipt result = act(cleanup, "push button", "Delete", ref -> new ClickArgs(ref, null));

        assertThat(result.code()).as("code").isNull();
        assertThat(result.status()).isIn(ActionResult.CONFIRMED, ActionResult.UNKNOWN);
        assertThat(approver.asked).hasSize(1);
        assertThat(approver.asked.get(0).remoteMachine()).contains("second");
        assertThat(approver.asked.get(0).category()).isEqualTo("delete");
        assertThat(approver.asked.get(0).summary()).contains("Delete");
        // Verified from the app on the second desktop: its button's own side effect.
        assertThat(TestDesktop.eventually(Duration.ofSeconds(5), () -> Files.exists(cleanup.dir().resolve("deleted"))))
                .as("the Delete button on the second desktop was pressed").isTrue();
        // The second machine recorded the governed act in its own audit log.
        assertThat(Files.readString(second.home.resolve("audit").resolve("audit.jsonl")))
                .contains("\"governor\":\"laptop\"").contains(result.actionId());
    }

    @Test
    @Order(2)
    void anActDeniedOnTheFirstNeverRunsOnTheSecond() throws Exception {
        Seen cleanup = cleanupForm();
        approver.asked.clear();
        approver.answer = r -> CompletableFuture.completedFuture(Decision.DENY);

        Receipt result = act(cleanup, "push button", "Delete", ref -> new ClickArgs(ref, null));

        assertThat(result.status()).isEqualTo(ActionResult.REJECTED);
        assertThat(result.code()).isEqualTo(ErrorCode.APPROVAL_DENIED.name());
        assertThat(approver.asked).hasSize(1);
        Thread.sleep(500);
        assertThat(cleanup.dir().resolve("deleted")).doesNotExist();
    }

    @Test
    @Order(3)
    void theSecondRefusesASecureFieldWhateverTheFirstApproves() throws Exception {
        Seen login = loginForm();
        Map<String, Object> password = login.nodes().stream().filter(n -> Boolean.TRUE.equals(n.get("secure")))
                .findFirst().orElseThrow(() -> new AssertionError("no secure field in " + login.nodes()));
        approver.asked.clear();
        approver.answer = r -> CompletableFuture.completedFuture(Decision.ALLOW_ONCE);

        Receipt result = act(login, (String) password.get("role"), (String) password.get("name"),
                ref -> new TypeArgs(ref, "hunter2", null));

        assertThat(result.status()).isEqualTo(ActionResult.REJECTED);
        assertThat(result.code()).isEqualTo(ErrorCode.SECURE_FIELD_REFUSED.name());
        assertThat(approver.asked).as("no approval is even asked for a secure field").isEmpty();
    }

    @Test
    @Order(4)
    void theRegressionsOfSpec9AreRefusedAtTheSecondsBoundary() throws Exception {
        Seen login = loginForm();
        Map<String, Object> button = login.node("push button", "Click me");
        try (McpRuntimeLink raw = McpRuntimeLink.connect(second.runtimeSocket, governorToken, Duration.ofSeconds(60));
                McpRuntimeLink intruder = McpRuntimeLink.connect(second.runtimeSocket,
                        second.governorToken("intruder"), Duration.ofSeconds(60))) {
            ActionRequest request = new ActionRequest("sess_laptop", "person", "claude", null, "computer_act", "click",
                    "mutate", "foreground", Map.of("op", "click"), new ActionTarget(login.app(), login.window(),
                            new ElementEvidence(null, "push button", null, (String) button.get("name"), null, null,
                                    null, false)), null, "remote:second", 30_000);
            Map<String, Object> envelope = object(raw.call(RuntimeOp.Kind.PREVIEW.wire(), Map.of("request", tree(request))), "envelope");
            Map<String, Object> reservation = object(raw.call(RuntimeOp.Kind.RESERVE.wire(), Map.of("envelope", envelope)), "reservation");
            Map<String, Object> lease = object(raw.call(RuntimeOp.Kind.LEASE.wire(), Map.of("envelope", envelope)), "lease");

            // Same action id, another operation: refused, naming the field, nothing dispatched.
            Map<String, Object> changed = new LinkedHashMap<>(envelope);
            changed.put("operation", "focus");
            assertRefusedBeforeDispatch(raw, Map.of("envelope", changed, "lease", lease, "reservation", reservation),
                    "operation");
            // Another session's well-formed lease and reservation.
            Map<String, Object> foreignLease = new LinkedHashMap<>(lease);
            foreignLease.put("session_id", "sess_other");
            assertRefusedBeforeDispatch(raw, Map.of("envelope", envelope, "lease", foreignLease,
                    "reservation", reservation), "session_id");
            Map<String, Object> foreignReservation = new LinkedHashMap<>(reservation);
            foreignReservation.put("session_id", "sess_other");
            assertRefusedBeforeDispatch(raw, Map.of("envelope", envelope, "lease", lease,
                    "reservation", foreignReservation), "session_id");
            // Another governor cannot run this governor's action, even with its exact objects.
            assertRefusedBeforeDispatch(intruder, Map.of("envelope", envelope, "lease", lease,
                    "reservation", reservation), "action_id");
            Thread.sleep(300);
            assertThat(login.dir().resolve("clicked")).as("nothing was dispatched").doesNotExist();

            Map<String, Object> receipt = object(raw.call(RuntimeOp.Kind.EXECUTE.wire(), Map.of("envelope", envelope,
                    "lease", lease, "reservation", reservation)), "receipt");
            assertThat(TestDesktop.eventually(Duration.ofSeconds(5), () -> Files.exists(login.dir().resolve("clicked"))))
                    .as("the exact envelope, lease and reservation run once").isTrue();
            // A receipt for other work (another digest, every id equal) is not this action's.
            Map<String, Object> otherReceipt = new LinkedHashMap<>(receipt);
            otherReceipt.put("action_digest", "0".repeat(64));
            Throwable wrongReceipt = catchThrowable(() -> raw.call(RuntimeOp.Kind.VERIFY.wire(),
                    Map.of("envelope", envelope, "receipt", otherReceipt)));
            assertThat(((CountersignException) wrongReceipt).error().code()).isEqualTo(ErrorCode.IDENTITY_MISMATCH);
            assertThat(((CountersignException) wrongReceipt).error().field()).isEqualTo("action_digest");
            // And the same objects never run twice.
            assertRefusedBeforeDispatch(raw, Map.of("envelope", envelope, "lease", lease, "reservation", reservation),
                    "action_id");
            raw.call(RuntimeOp.Kind.RELEASE.wire(), Map.of("reservation", reservation));
        }
    }

    @Test
    @Order(5)
    void agentTokensAndGovernorTokensOpenOnlyTheirOwnEndpoint() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        assertThat(initialize(http, second.runtimeEndpoint, agentToken)).as("agent token at the runtime endpoint")
                .isEqualTo(401);
        assertThat(initialize(http, second.agentEndpoint, governorToken)).as("governor token at the agent endpoint")
                .isEqualTo(401);
        assertThat(initialize(http, second.runtimeEndpoint, governorToken)).isEqualTo(200);
        try (McpRuntimeLink link = McpRuntimeLink.connect(second.runtimeSocket, governorToken, Duration.ofSeconds(30))) {
            // A governor asking the runtime endpoint for an agent tool finds none: the call fails.
            Throwable act = catchThrowable(() -> link.call("computer_act", Map.of("ref", "r_1", "op", "click")));
            assertThat(act).isInstanceOf(CountersignException.class).hasMessageContaining("computer_act");
        }
        McpSyncClient governorClient = second.client(second.runtimeEndpoint, governorToken);
        assertThat(governorClient.listTools().tools().stream().map(McpSchema.Tool::name).toList())
                .as("the runtime endpoint offers the runtime operations and nothing else")
                .containsExactlyElementsOf(RuntimeOp.NAMES);
        List<String> agentTools = observer.listTools().tools().stream().map(McpSchema.Tool::name).toList();
        assertThat(agentTools).doesNotContainAnyElementsOf(RuntimeOp.NAMES);
    }

    @Test
    @Order(6)
    void theSecondsKillSwitchStopsAnActTheFirstApproved() throws Exception {
        Seen cleanup = cleanupForm();
        approver.asked.clear();
        // While the person on the first machine looks at the dialog, the second machine is paused.
        try (McpRuntimeLink raw = McpRuntimeLink.connect(second.runtimeSocket, governorToken, Duration.ofSeconds(60))) {
            approver.answer = r -> {
                raw.call(RuntimeOp.Kind.STOP.wire(), Map.of());
                return CompletableFuture.completedFuture(Decision.ALLOW_ONCE);
            };

            Receipt result = act(cleanup, "push button", "Delete", ref -> new ClickArgs(ref, null));

            assertThat(result.status()).isEqualTo(ActionResult.REJECTED);
            assertThat(result.code()).isEqualTo(ErrorCode.AGENT_PAUSED.name());
        }
        assertThat(approver.asked).hasSize(1);
        Thread.sleep(500);
        assertThat(cleanup.dir().resolve("deleted")).doesNotExist();
        assertThat(SecondMachine.call(observer, "computer_evidence", Map.of()).get("paused"))
                .as("the second machine itself says it is paused").isEqualTo(true);
    }

    private static void assertRefusedBeforeDispatch(McpRuntimeLink link, Map<String, Object> args, String field) {
        Throwable thrown = catchThrowable(() -> link.call(RuntimeOp.Kind.EXECUTE.wire(), args));
        assertThat(thrown).as("refused naming %s", field).isInstanceOf(DispatchRefusedException.class);
        assertThat(((CountersignException) thrown).error().code()).isEqualTo(ErrorCode.IDENTITY_MISMATCH);
        assertThat(((CountersignException) thrown).error().field()).isEqualTo(field);
    }

    private static int initialize(HttpClient http, URI endpoint, String token) throws Exception {
        String init = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}";
        return http.send(HttpRequest.newBuilder(endpoint).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream").header("Authorization", "Bearer " + token)
                .POST(HttpRequest.BodyPublishers.ofString(init)).build(), HttpResponse.BodyHandlers.ofString())
                .statusCode();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(Map<String, Object> reply, String name) {
        assertThat(reply).containsKey(name);
        return (Map<String, Object>) reply.get(name);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> tree(Object value) {
        return Json.mapper().convertValue(value, Map.class);
    }

}
