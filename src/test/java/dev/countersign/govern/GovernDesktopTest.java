package dev.countersign.govern;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.countersign.approval.Approver;
import dev.countersign.approval.HeadlessApprover;
import dev.countersign.audit.AuditLog;
import dev.countersign.core.Json;
import dev.countersign.core.RandomIds;
import dev.countersign.desktop.ScreenWindows;
import dev.countersign.desktop.SelfTargetGuard;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import dev.countersign.desktop.linux.X11WindowStack;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.DriverSettings;
import dev.countersign.driver.ForwardedAct;
import dev.countersign.driver.LeaseBook;
import dev.countersign.driver.NodeView;
import dev.countersign.driver.ObservationView;
import dev.countersign.driver.ObserveArgs;
import dev.countersign.driver.PolicyApprovals;
import dev.countersign.driver.ToolResult;
import dev.countersign.policy.RiskPolicy;
import dev.countersign.server.AgentDirectory;
import dev.countersign.server.EndpointConfig;
import dev.countersign.server.McpEndpoint;
import dev.countersign.testkit.ScriptedApprover;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The governing proxy in front of the real {@code computer-use-mcp} from npm (pinned in
 * scripts/govern), on the private test desktop, reached by a real MCP client over the endpoint.
 * The server runs behind a wrapper that logs every JSON-RPC line Countersign sends it, so "nothing
 * was dispatched" is read from what the server was actually told.
 */
@Tag("desktop")
@Tag("interop")
@ExtendWith(TestDesktopExtension.class)
class GovernDesktopTest {
    static final Path GOVERN = Path.of("scripts", "govern").toAbsolutePath();
    static final String TOOL = "desk";

    @TempDir
    Path home;

    private final List<AutoCloseable> open = new ArrayList<>();
    private Path stdinLog;
    private ComputerDriver driver;
    private AuditLog audit;
    private McpSyncClient client;
    private ScreenWindows stack;

    @BeforeAll
    static void installTheServer() throws Exception {
        Path installed = GOVERN.resolve("node_modules").resolve(".package-lock.json");
        Path lock = GOVERN.resolve("package-lock.json");
        if (Files.exists(installed) && Files.getLastModifiedTime(installed).compareTo(Files.getLastModifiedTime(lock)) >= 0
                && Files.isExecutable(node())) {
            return;
        }
        Path log = Files.createTempFile("govern-npm-ci", ".log");
        Process npm = new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund").directory(GOVERN.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertThat(npm.waitFor(10, TimeUnit.MINUTES)).as("npm ci finished in 10 minutes").isTrue();
        assertThat(npm.exitValue()).as("npm ci: %s", Files.readString(log)).isZero();
        assertThat(node()).as("Node 22 from the npm package 'node'").isExecutable();
    }

    static Path node() {
        return GOVERN.resolve("node_modules").resolve(".bin").resolve("node");
    }

    /** The server's command, wrapped so every line Countersign writes to its stdin is logged. */
    static List<String> command(Path stdinLog) {
        return List.of("bash", "-c", "exec \"$1\" \"$2\" < <(tee -a \"$0\")", stdinLog.toString(), node().toString(),
                GOVERN.resolve("node_modules/computer-use-mcp/dist/main.js").toString());
    }

    private void start(TestDesktop desktop, Approver approver) throws Exception {
        start(desktop, approver, Duration.ofSeconds(30));
    }

    private void start(TestDesktop desktop, Approver approver, Duration serverTimeout) throws Exception {
        stdinLog = home.resolve("server-stdin.jsonl");
        Files.createFile(stdinLog);
        stack = X11WindowStack.open(System.getenv("DISPLAY")).orElseThrow();
        open.add(stack);
        // The guard as the served app has it (its window stack answers where input lands); not
        // closed here: it would close the run's shared backend.
        var backend = new SelfTargetGuard(desktop.backend(), stack, approver::asking);
        Clock clock = Clock.systemUTC();
        DriverSettings settings = DriverSettings.defaults("sess-govern").withApprovalWindow(Duration.ofSeconds(20));
        driver = new ComputerDriver(backend, new PolicyApprovals(RiskPolicy.defaults()), approver,
                new LeaseBook(clock, settings.sessionId(), settings.principalId(), LeaseBook.Terms.defaults()),
                clock, new RandomIds(), new SecureRandom(), settings);
        GovernedServer server = GovernedServer.start("computer-use-mcp", command(stdinLog), serverTimeout);
        open.add(server);
        ComputerProxy proxy = new ComputerProxy(TOOL, server, driver, stack);
        AgentDirectory agents = new AgentDirectory(home.resolve("agents.json"), clock, new SecureRandom());
        audit = AuditLog.open(home.resolve("audit").resolve("audit.jsonl"), clock);
        McpEndpoint endpoint = McpEndpoint.start(EndpointConfig.defaults().withPort(0), driver, agents, audit, "test",
                null, List.of(proxy));
        open.add(0, audit::close);
        open.add(0, endpoint);
        String token = agents.add("agent-a").token();
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(
                        "http://127.0.0.1:" + endpoint.port()).endpoint("/mcp")
                .httpRequestCustomizer((b, method, uri, body, context) -> b.header("Authorization", "Bearer " + token))
                .build();
        client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(60)).build();
        client.initialize();
        open.add(0, client::closeGracefully);
    }

    @AfterEach
    void stop() {
        for (AutoCloseable c : open) {
            try {
                c.close();
            } catch (Exception e) {
                // Best effort: the next closes still run.
            }
        }
    }

    private McpSchema.CallToolResult call(Map<String, Object> args) {
        return client.callTool(new McpSchema.CallToolRequest(TOOL, args));
    }

    /** Takes a screenshot through the proxy and returns its size. */
    private int[] screenshot() throws Exception {
        McpSchema.CallToolResult shot = call(Map.of("action", "screenshot"));
        assertThat(shot.isError()).as("screenshot: %s", shot.content()).isFalse();
        McpSchema.ImageContent image = (McpSchema.ImageContent) shot.content().stream()
                .filter(c -> c instanceof McpSchema.ImageContent).findFirst().orElseThrow();
        BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode(image.data())));
        JsonNode size = Json.mapper().readTree(((McpSchema.TextContent) shot.content().get(0)).text());
        assertThat(new int[] {decoded.getWidth(), decoded.getHeight()})
                .containsExactly(size.path("image_width").asInt(), size.path("image_height").asInt());
        return new int[] {decoded.getWidth(), decoded.getHeight()};
    }

    /** The centre of the named element, in the pixels of a screenshot of {@code shot}'s size. */
    private int[] pointOf(TestDesktop.TargetApp app, java.util.function.Predicate<NodeView> which, int[] shot) {
        ObservationView view = ((ToolResult.Ok<ObservationView>) driver.observe("probe",
                new ObserveArgs(String.valueOf(app.pid()), null, null, null, null))).value();
        int[] f = view.nodes().stream().filter(which).findFirst().orElseThrow().frame();
        var screen = stack.screen().orElseThrow();
        double sx = (double) shot[0] / screen.width();
        double sy = (double) shot[1] / screen.height();
        return new int[] {(int) Math.round((f[0] + f[2] / 2.0) * sx), (int) Math.round((f[1] + f[3] / 2.0) * sy)};
    }

    private static Map<String, Object> act(String action, int[] point, String text) {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("action", action);
        if (point != null) {
            args.put("point", Map.of("x", point[0], "y", point[1]));
        }
        if (text != null) {
            args.put("text", text);
        }
        return args;
    }

    private static JsonNode body(McpSchema.CallToolResult result) throws Exception {
        // The last text item: an error result's JSON follows its one-line headline (ADR 0006).
        return Json.mapper().readTree(((McpSchema.TextContent) result.content().get(result.content().size() - 1)).text());
    }

    /** The server's actions Countersign sent it with their text, "action text" (from its logged stdin). */
    private List<String> dispatchedWithText() throws Exception {
        List<String> calls = new ArrayList<>();
        for (String line : Files.readAllLines(stdinLog)) {
            JsonNode msg = Json.mapper().readTree(line);
            if ("tools/call".equals(msg.path("method").asText())) {
                JsonNode args = msg.path("params").path("arguments");
                calls.add(args.path("action").asText() + (args.has("text") ? " " + args.path("text").asText() : ""));
            }
        }
        return calls;
    }

    /** The server's actions Countersign sent it (from its logged stdin). */
    private List<String> dispatched() throws Exception {
        List<String> actions = new ArrayList<>();
        for (String line : Files.readAllLines(stdinLog)) {
            JsonNode msg = Json.mapper().readTree(line);
            if ("tools/call".equals(msg.path("method").asText())) {
                actions.add(msg.path("params").path("arguments").path("action").asText());
            }
        }
        return actions;
    }

    @Test
    void aServerThatDiedAnswersTheAgentAToolErrorWithACodeNotAProtocolError(TestDesktop desktop) throws Exception {
        start(desktop, new HeadlessApprover(), Duration.ofSeconds(5));
        screenshot();
        List<ProcessHandle> servers = ProcessHandle.current().descendants()
                .filter(p -> p.info().commandLine().orElse("").contains("computer-use-mcp/dist/main.js")).toList();
        assertThat(servers).isNotEmpty();
        servers.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle p : servers) {
            p.onExit().get(10, TimeUnit.SECONDS);
        }

        for (String action : List.of("screenshot", "cursor_position")) {
            McpSchema.CallToolResult result = call(Map.of("action", action));
            assertThat(result.isError()).as("%s: %s", action, result.content()).isTrue();
            assertThat(body(result).path("code").asText()).as(action).isEqualTo("INTERNAL");
            assertThat(body(result).path("message").asText()).contains("failed to answer");
        }
    }

    @Test
    void aScreenshotPassesThroughCountersignsChecks(TestDesktop desktop) throws Exception {
        start(desktop, new HeadlessApprover());
        desktop.launchForm("alice", "");

        int[] size = screenshot();

        var screen = stack.screen().orElseThrow();
        assertThat(size[0]).isPositive().isLessThanOrEqualTo(screen.width());
        assertThat(dispatched()).containsExactly("get_screenshot");
    }

    @Test
    void aClickOnTheCheckBoxIsDispatchedAfterTheGraphAndStaysUnknown(TestDesktop desktop) throws Exception {
        start(desktop, new HeadlessApprover());
        TestDesktop.TargetApp form = desktop.launchForm("", "");
        int[] shot = screenshot();
        int[] box = pointOf(form, n -> "Remember me".equals(n.name()), shot);

        McpSchema.CallToolResult result = call(act("click", box, null));

        JsonNode receipt = body(result);
        assertThat(result.isError()).as("%s", receipt).isFalse();
        assertThat(receipt.path("status").asText()).isEqualTo("unknown");
        assertThat(receipt.path("strategy").asText()).isEqualTo("govern:computer-use-mcp");
        assertThat(dispatched()).containsExactly("get_screenshot", "left_click");
        assertThat(TestDesktop.eventually(Duration.ofSeconds(5), () -> observeChecked(form))).isTrue();
        audit.sync();
        JsonNode record = Files.readAllLines(audit.file()).stream().map(GovernDesktopTest::tree)
                .filter(r -> "receipt".equals(r.path("kind").asText())).reduce((a, b) -> b).orElseThrow();
        assertThat(record.path("data").path("tool").asText()).isEqualTo(TOOL);
        assertThat(record.path("data").path("status").asText()).isEqualTo("unknown");
        assertThat(record.path("data").path("capture_sha256").asText()).hasSize(64);
        assertThat(record.path("data").path("target").asText()).contains("Remember me");
        // The timeline's pictures of the forwarded click, Countersign's own, hashed into the record:
        // before, and after once the check box repainted.
        dev.countersign.audit.AuditPictures pictures = dev.countersign.audit.AuditPictures.forLog(audit.file());
        for (String role : List.of("before", "after")) {
            assertThat(pictures.read(record.path("data").path("pictures").path(role).asText()))
                    .as("the %s picture of %s", role, record).isPresent();
        }
    }

    private boolean observeChecked(TestDesktop.TargetApp form) {
        ObservationView view = ((ToolResult.Ok<ObservationView>) driver.observe("probe",
                new ObserveArgs(String.valueOf(form.pid()), null, null, null, null))).value();
        return view.nodes().stream().anyMatch(n -> "Remember me".equals(n.name()) && n.states().contains("checked"));
    }

    @Test
    void aClickOnDeleteWaitsForApprovalAndHeadlessNothingIsDispatched(TestDesktop desktop) throws Exception {
        ScriptedApprover approver = ScriptedApprover.always(dev.countersign.approval.Decision.UNAVAILABLE);
        start(desktop, approver);
        TestDesktop.TargetApp cleanup = desktop.launchDeleteForm();
        int[] shot = screenshot();
        int[] delete = pointOf(cleanup, n -> "Delete".equals(n.name()), shot);

        McpSchema.CallToolResult result = call(act("click", delete, null));

        assertThat(result.isError()).isTrue();
        assertThat(body(result).path("code").asText()).isEqualTo("APPROVAL_UNAVAILABLE");
        assertThat(approver.asked).singleElement().satisfies(r -> {
            assertThat(r.category()).isEqualTo("delete");
            assertThat(r.screenshot()).as("Countersign's own capture with the point").isPresent();
        });
        assertThat(dispatched()).containsExactly("get_screenshot");
        assertThat(cleanup.dir().resolve("deleted")).doesNotExist();
    }

    @Test
    void typingAtAPasswordFieldIsRefusedAndSoIsTypingWhileItHasFocus(TestDesktop desktop) throws Exception {
        start(desktop, new HeadlessApprover());
        TestDesktop.TargetApp form = desktop.launchForm("", "");
        int[] shot = screenshot();
        int[] password = pointOf(form, NodeView::secure, shot);

        McpSchema.CallToolResult at = call(act("type", password, "hunter2"));
        assertThat(at.isError()).isTrue();
        assertThat(body(at).path("code").asText()).as("type takes no point").isEqualTo("INVALID_ARGUMENT");
        McpSchema.CallToolResult click = call(act("click", password, null));
        assertThat(body(click).path("code").asText()).isEqualTo("SECURE_FIELD_REFUSED");

        // The person (not the agent) puts keyboard focus in the password field.
        var screen = stack.screen().orElseThrow();
        int nx = password[0] * screen.width() / shot[0];
        int ny = password[1] * screen.height() / shot[1];
        TestDesktop.run(List.of("xdotool", "mousemove", String.valueOf(nx), String.valueOf(ny), "click", "1"));
        // The bare test display has no window manager to give the clicked window input focus.
        long window = stack.windowAt(nx, ny).orElseThrow().id();
        TestDesktop.run(List.of("xdotool", "windowfocus", "--sync", String.valueOf(window)));
        assertThat(TestDesktop.eventually(Duration.ofSeconds(5), () -> passwordFocused(form))).isTrue();
        McpSchema.CallToolResult focused = call(act("type", null, "hunter2"));
        assertThat(body(focused).path("code").asText()).as("%s", body(focused)).isEqualTo("SECURE_FIELD_REFUSED");
        McpSchema.CallToolResult keys = call(act("key", null, "ctrl+v"));
        assertThat(body(keys).path("code").asText()).isEqualTo("SECURE_FIELD_REFUSED");
        assertThat(dispatched()).containsExactly("get_screenshot");
    }

    /** The person puts keyboard focus on the element at {@code point} (shot pixels) with the real pointer. */
    private void personFocuses(int[] point, int[] shot) throws Exception {
        var screen = stack.screen().orElseThrow();
        int nx = point[0] * screen.width() / shot[0];
        int ny = point[1] * screen.height() / shot[1];
        TestDesktop.run(List.of("xdotool", "mousemove", String.valueOf(nx), String.valueOf(ny), "click", "1"));
        long window = stack.windowAt(nx, ny).orElseThrow().id();
        TestDesktop.run(List.of("xdotool", "windowfocus", "--sync", String.valueOf(window)));
    }

    @Test
    void keysAndTextAimedAtALabelWhileThePasswordFieldHasFocusAreRefusedForTheirPoint(TestDesktop desktop)
            throws Exception {
        start(desktop, new HeadlessApprover());
        TestDesktop.TargetApp form = desktop.launchForm("", "");
        int[] shot = screenshot();
        int[] password = pointOf(form, NodeView::secure, shot);
        int[] label = pointOf(form, n -> "label".equals(n.role()) && n.name().startsWith("User name"), shot);
        personFocuses(password, shot);
        assertThat(TestDesktop.eventually(Duration.ofSeconds(5), () -> passwordFocused(form))).isTrue();

        // The point is judged (a plain label), but keys and typed text go where keyboard focus is:
        // the password field. The point is refused for both, whatever it is on.
        McpSchema.CallToolResult key = call(act("key", label, "Tab"));
        assertThat(body(key).path("code").asText()).as("%s", body(key)).isEqualTo("INVALID_ARGUMENT");
        assertThat(body(key).path("field").asText()).isEqualTo("point");
        McpSchema.CallToolResult type = call(act("type", label, "hunter2"));
        assertThat(body(type).path("code").asText()).as("%s", body(type)).isEqualTo("INVALID_ARGUMENT");
        assertThat(body(type).path("field").asText()).isEqualTo("point");
        assertThat(dispatched()).containsExactly("get_screenshot");
        assertThat(passwordFocused(form)).isTrue();
    }

    /**
     * A hostile agent tabs from the notes field to "Delete" (Tab is navigation: never asked) and
     * types a space, which presses a focused button. Typed text where no text is taken is keys:
     * refused before it reaches the server, and nothing is deleted. (Before, the space was judged as
     * text and typed.)
     */
    @Test
    void typingASpaceOnceTabHasMovedFocusToDeleteIsRefusedAndDeletesNothing(TestDesktop desktop)
            throws Exception {
        start(desktop, new HeadlessApprover());
        TestDesktop.TargetApp cleanup = desktop.launchDeleteForm();
        int[] shot = screenshot();
        int[] notes = pointOf(cleanup, n -> "text".equals(n.role()), shot);
        personFocuses(notes, shot);
        assertThat(TestDesktop.eventually(Duration.ofSeconds(5), () -> focused(cleanup,
                n -> "text".equals(n.role())))).isTrue();

        McpSchema.CallToolResult tab = call(act("key", null, "Tab"));
        assertThat(tab.isError()).as("%s", body(tab)).isFalse();
        assertThat(TestDesktop.eventually(Duration.ofSeconds(5), () -> focused(cleanup,
                n -> "Delete".equals(n.name())))).as("Tab moved focus to Delete").isTrue();

        McpSchema.CallToolResult typed = call(act("type", null, " "));
        assertThat(body(typed).path("code").asText()).as("%s", body(typed)).isEqualTo("INVALID_ARGUMENT");
        assertThat(body(typed).path("field").asText()).isEqualTo("text");
        assertThat(dispatched()).as("the Tab reached the server, the space never did").doesNotContain("type");
        Thread.sleep(500);
        assertThat(cleanup.dir().resolve("deleted")).doesNotExist();
    }

    /**
     * A transparent "Delete" laid over "Next" (a GtkOverlay: opacity 0, on top, so it takes the
     * click) and a label that passes clicks through to "Remove" under it. The accessibility tree
     * says nothing of stacking: the deepest element at the point is "Next", and the label. Every
     * element holding the point is judged, the riskiest names the act, and it asks. (Before, the
     * click was judged as one on "Next" or on the label, forwarded unasked, and deleted.)
     */
    @org.junit.jupiter.params.ParameterizedTest(name = "a click on \"{0}\" that reaches \"{1}\" asks as {1}")
    @org.junit.jupiter.params.provider.CsvSource({"Next, Delete, delete-click", "Continue, Remove, remove-click"})
    void aClickWhereAnElementIsLaidOverAnotherIsJudgedAsTheRiskiestAndAsks(String seen, String under, String clicked,
            TestDesktop desktop) throws Exception {
        ScriptedApprover approver = ScriptedApprover.always(dev.countersign.approval.Decision.UNAVAILABLE);
        start(desktop, approver);
        TestDesktop.TargetApp overlays = desktop.launchScript("Overlays", "/dev/countersign/govern/overlays.py");
        assertThat(TestDesktop.eventually(Duration.ofSeconds(5), () -> output(overlays).contains("ready"))).isTrue();
        int[] shot = screenshot();
        int[] point = pointOf(overlays, n -> seen.equals(n.name()), shot);

        McpSchema.CallToolResult result = call(act("click", point, null));

        assertThat(body(result).path("code").asText()).as("%s", body(result)).isEqualTo("APPROVAL_UNAVAILABLE");
        assertThat(approver.asked).singleElement().satisfies(r -> {
            assertThat(r.category()).isEqualTo("delete");
            assertThat(r.summary()).contains("\u2018" + under + "\u2019").contains("overlap");
        });
        assertThat(dispatched()).containsExactly("get_screenshot");
        Thread.sleep(300);
        assertThat(output(overlays)).doesNotContain(clicked);
    }

    /**
     * A double click on a row of a list opens it (yad prints the row and exits): judged as the
     * double click it is, it asks as run. (Before, it was judged as one click on the cell, which
     * asks nobody, and the row was opened.)
     */
    @Test
    void aDoubleClickOnAListRowAsksAsRunAndOpensNothing(TestDesktop desktop) throws Exception {
        ScriptedApprover approver = ScriptedApprover.always(dev.countersign.approval.Decision.UNAVAILABLE);
        start(desktop, approver);
        TestDesktop.TargetApp list = desktop.launchList();
        int[] shot = screenshot();
        int[] apple = pointOf(list, n -> "apple".equals(n.name()), shot);

        McpSchema.CallToolResult result = call(act("double_click", apple, null));

        assertThat(body(result).path("code").asText()).as("%s", body(result)).isEqualTo("APPROVAL_UNAVAILABLE");
        assertThat(approver.asked).singleElement().satisfies(r -> {
            assertThat(r.category()).isEqualTo("run");
            assertThat(r.summary()).startsWith("double-click at (");
        });
        assertThat(dispatched()).containsExactly("get_screenshot");
        Thread.sleep(300);
        assertThat(list.process().isAlive()).as("yad still shows its list").isTrue();
        assertThat(output(list)).doesNotContain("apple");
    }

    /**
     * A scroll names how far it turns the wheel, and the person reads it; past the bound it is
     * refused on its text. (Before, 99,999 steps went to the person as "scroll" and to the server.)
     */
    @Test
    void aScrollShowsItsStepsAndOnePastTheBoundIsRefused(TestDesktop desktop) throws Exception {
        ScriptedApprover approver = ScriptedApprover.always(dev.countersign.approval.Decision.UNAVAILABLE);
        start(desktop, approver);
        TestDesktop.TargetApp list = desktop.launchList();
        int[] shot = screenshot();
        int[] apple = pointOf(list, n -> "apple".equals(n.name()), shot);

        McpSchema.CallToolResult far = call(act("scroll", apple, "down:99999"));
        assertThat(body(far).path("code").asText()).as("%s", body(far)).isEqualTo("INVALID_ARGUMENT");
        assertThat(body(far).path("field").asText()).isEqualTo("text");
        McpSchema.CallToolResult plain = call(act("scroll", apple, "down"));

        assertThat(body(plain).path("code").asText()).isEqualTo("APPROVAL_UNAVAILABLE");
        assertThat(approver.asked).singleElement().satisfies(r -> assertThat(r.summary())
                .startsWith("scroll down 300 steps at ("));
        assertThat(dispatched()).containsExactly("get_screenshot");
    }

    /**
     * What the server is sent is the chord Countersign judged: cmd is pressed as Control here, so
     * the server is told ctrl+a (select all, in the notes field), never "cmd+a", which it would
     * press as the Super key. (Before, the agent's own string went to the server.)
     */
    @Test
    void keysReachTheServerAsTheChordThatWasJudged(TestDesktop desktop) throws Exception {
        start(desktop, new HeadlessApprover());
        notesFocused(desktop);

        McpSchema.CallToolResult keys = call(act("key", null, "Command+a"));

        assertThat(keys.isError()).as("%s", body(keys)).isFalse();
        assertThat(dispatchedWithText()).containsExactly("get_screenshot", "key ctrl+a");
        // Keys land on the focused element: its region is what the timeline pictures.
        audit.sync();
        JsonNode record = Files.readAllLines(audit.file()).stream().map(GovernDesktopTest::tree)
                .filter(r -> "receipt".equals(r.path("kind").asText())).reduce((a, b) -> b).orElseThrow();
        dev.countersign.audit.AuditPictures pictures = dev.countersign.audit.AuditPictures.forLog(audit.file());
        for (String role : List.of("before", "after")) {
            assertThat(pictures.read(record.path("data").path("pictures").path(role).asText()))
                    .as("the %s picture of %s", role, record).isPresent();
        }
    }

    /** The Cleanup form with keyboard focus in its notes field, put there by the person. */
    private TestDesktop.TargetApp notesFocused(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp cleanup = desktop.launchDeleteForm();
        int[] shot = screenshot();
        personFocuses(pointOf(cleanup, n -> "text".equals(n.role()), shot), shot);
        assertThat(TestDesktop.eventually(Duration.ofSeconds(5), () -> focused(cleanup,
                n -> "text".equals(n.role())))).isTrue();
        return cleanup;
    }

    /**
     * The server types a character every 7–11 ms while holding the input gate, and no approval
     * dialog opens meanwhile: 4,096 characters are refused with a code before anything is typed,
     * and text within the bound is typed.
     */
    @Test
    void aLongTypeIsRefusedWithACodeSoItNeverHoldsOffOtherAgentsApprovals(TestDesktop desktop) throws Exception {
        start(desktop, new HeadlessApprover());
        notesFocused(desktop);

        McpSchema.CallToolResult tooLong = call(act("type", null, "a".repeat(4096)));
        assertThat(body(tooLong).path("code").asText()).as("%s", body(tooLong)).isEqualTo("INVALID_ARGUMENT");
        assertThat(body(tooLong).path("field").asText()).isEqualTo("text");
        assertThat(dispatched()).containsExactly("get_screenshot");

        McpSchema.CallToolResult bounded = call(act("type", null, "b".repeat(ForwardedAct.MAX_TYPED)));
        assertThat(bounded.isError()).as("%s", body(bounded)).isFalse();
        assertThat(dispatched()).containsExactly("get_screenshot", "type");
    }

    private static String output(TestDesktop.TargetApp app) {
        try {
            return app.output();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void typedTextWithANewlineOrTabIsRefusedBeforeItBecomesAnUnjudgedReturn(TestDesktop desktop) throws Exception {
        start(desktop, new HeadlessApprover());
        TestDesktop.TargetApp form = desktop.launchForm("", "");
        int[] shot = screenshot();
        int[] user = pointOf(form, n -> "text".equals(n.role()) && !n.secure(), shot);
        personFocuses(user, shot);
        assertThat(TestDesktop.eventually(Duration.ofSeconds(5), () -> focused(form, n -> "text".equals(n.role())
                && !n.secure()))).isTrue();

        for (String text : List.of("alice\n", "alice\tsecret", "alice\r")) {
            McpSchema.CallToolResult typed = call(act("type", null, text));
            assertThat(body(typed).path("code").asText()).as("%s", body(typed)).isEqualTo("INVALID_ARGUMENT");
            assertThat(body(typed).path("field").asText()).isEqualTo("text");
        }
        assertThat(dispatched()).containsExactly("get_screenshot");
        assertThat(form.dir().resolve("clicked")).doesNotExist();
    }

    @Test
    void aForwardedClickIsRefusedWhileThePersonIsBeingAskedAndNothingReachesTheServer(TestDesktop desktop)
            throws Exception {
        // Another agent's approval dialog is showing the whole time: the guard's "nobody is asked".
        HeadlessApprover headless = new HeadlessApprover();
        dev.countersign.approval.Approver asking = new dev.countersign.approval.Approver() {
            @Override
            public CompletableFuture<dev.countersign.approval.Decision> request(
                    dev.countersign.approval.ApprovalRequest request) {
                return headless.request(request);
            }

            @Override
            public void withdraw(String nonce) {
                headless.withdraw(nonce);
            }

            @Override
            public boolean asking() {
                return true;
            }
        };
        start(desktop, asking);
        TestDesktop.TargetApp form = desktop.launchForm("", "");
        int[] shot = screenshot();
        int[] box = pointOf(form, n -> "Remember me".equals(n.name()), shot);

        McpSchema.CallToolResult result = call(act("click", box, null));

        assertThat(result.isError()).as("%s", result.content()).isTrue();
        assertThat(body(result).path("code").asText()).isEqualTo("TARGET_IS_COUNTERSIGN");
        assertThat(dispatched()).containsExactly("get_screenshot");
        assertThat(observeChecked(form)).isFalse();
    }

    private boolean focused(TestDesktop.TargetApp form, java.util.function.Predicate<NodeView> which) {
        ObservationView view = ((ToolResult.Ok<ObservationView>) driver.observe("probe",
                new ObserveArgs(String.valueOf(form.pid()), null, null, null, null))).value();
        return view.nodes().stream().anyMatch(n -> which.test(n) && n.states().contains("focused"));
    }

    private boolean passwordFocused(TestDesktop.TargetApp form) {
        ObservationView view = ((ToolResult.Ok<ObservationView>) driver.observe("probe",
                new ObserveArgs(String.valueOf(form.pid()), null, null, null, null))).value();
        return view.nodes().stream().anyMatch(n -> n.secure() && n.states().contains("focused"));
    }

    @Test
    void theKillSwitchStopsAQueuedAction(TestDesktop desktop) throws Exception {
        ScriptedApprover approver = new ScriptedApprover();
        CompletableFuture<dev.countersign.approval.Decision> never = new CompletableFuture<>();
        approver.answer = r -> never;
        start(desktop, approver);
        TestDesktop.TargetApp cleanup = desktop.launchDeleteForm();
        int[] shot = screenshot();
        int[] delete = pointOf(cleanup, n -> "Delete".equals(n.name()), shot);

        CompletableFuture<McpSchema.CallToolResult> pending = CompletableFuture.supplyAsync(
                () -> call(act("click", delete, null)));
        assertThat(TestDesktop.eventually(Duration.ofSeconds(20), () -> !approver.asked.isEmpty())).isTrue();
        driver.pauseAll();
        McpSchema.CallToolResult result = pending.get(30, TimeUnit.SECONDS);

        assertThat(result.isError()).isTrue();
        assertThat(body(result).path("code").asText()).isIn("AGENT_PAUSED", "APPROVAL_UNAVAILABLE");
        assertThat(dispatched()).containsExactly("get_screenshot");
        assertThat(cleanup.dir().resolve("deleted")).doesNotExist();
        // Paused, nothing new is forwarded either.
        McpSchema.CallToolResult after = call(act("click", delete, null));
        assertThat(body(after).path("code").asText()).isEqualTo("AGENT_PAUSED");
        assertThat(dispatched()).containsExactly("get_screenshot");
    }

    @Test
    void anAgentCannotReachTheServersToolsDirectlyOrByAnotherName(TestDesktop desktop) throws Exception {
        start(desktop, new HeadlessApprover());
        TestDesktop.TargetApp form = desktop.launchForm("", "");
        int[] shot = screenshot();
        int[] box = pointOf(form, n -> "Remember me".equals(n.name()), shot);

        List<String> names = client.listTools().tools().stream().map(McpSchema.Tool::name).toList();
        assertThat(names).contains(TOOL).doesNotContain("computer");
        // The server's own tool name, its own argument shape, its withheld actions, an extra field.
        // The server's own tool is no tool here: the protocol refuses the name.
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> client.callTool(new McpSchema.CallToolRequest(
                        "computer", Map.of("action", "left_click", "coordinate", List.of(box[0], box[1])))))
                .isInstanceOf(io.modelcontextprotocol.spec.McpError.class).hasMessageContaining("Unknown tool");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> client.callTool(new McpSchema.CallToolRequest(
                        TOOL.toUpperCase(java.util.Locale.ROOT), act("click", box, null))))
                .isInstanceOf(io.modelcontextprotocol.spec.McpError.class).hasMessageContaining("Unknown tool");
        List<McpSchema.CallToolResult> attempts = List.of(
                call(Map.of("action", "left_click", "coordinate", List.of(box[0], box[1]))),
                call(Map.of("action", "click", "coordinate", List.of(box[0], box[1]))),
                call(act("mouse_move", box, null)),
                call(Map.of("action", "click", "point", Map.of("x", box[0], "y", box[1]), "tool", "computer")));
        for (McpSchema.CallToolResult attempt : attempts) {
            assertThat(attempt.isError()).as("%s", attempt.content()).isTrue();
            assertThat(body(attempt).path("code").asText()).isEqualTo("INVALID_ARGUMENT");
        }
        assertThat(dispatched()).containsExactly("get_screenshot");
        assertThat(observeChecked(form)).isFalse();
    }

    private static JsonNode tree(String line) {
        try {
            return Json.mapper().readTree(line);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
