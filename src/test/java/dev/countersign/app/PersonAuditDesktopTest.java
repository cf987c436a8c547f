package dev.countersign.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.approval.ApprovalTap;
import dev.countersign.approval.Decision;
import dev.countersign.core.RandomIds;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.DriverSettings;
import dev.countersign.driver.LeaseBook;
import dev.countersign.driver.PolicyApprovals;
import dev.countersign.policy.RiskPolicy;
import dev.countersign.script.CodeRuntime;
import dev.countersign.script.ScriptCheckpointStore;
import dev.countersign.script.ScriptFaults;
import dev.countersign.script.ScriptHost;
import dev.countersign.script.ScriptLimits;
import dev.countersign.testkit.ScriptedApprover;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

/**
 * What the person does is in the audit log, and a cut tail is detected. Each
 * test reads the log file itself or runs {@code countersign audit verify} on it.
 */
class PersonAuditDesktopTest extends AdversarialDesktopTest {
    @Test
    void agentAddAndRemoveFromTheCliWhileTheAppRunsAreInTheLog(TestDesktop desktop) throws Exception {
        start(desktop);

        CliRun added = CliRun.run(running.home.root(), "agent", "add", "sidekick");
        CliRun removed = CliRun.run(running.home.root(), "agent", "remove", "sidekick");

        assertThat(added.exit).as("%s", added).isZero();
        assertThat(removed.exit).as("%s", removed).isZero();
        assertThat(added.err + removed.err).doesNotContain("not in the audit log");
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> has("agent_added", "agent", "sidekick")
                && has("agent_removed", "agent", "sidekick"))).as("%s", running.auditRecords()).isTrue();
    }

    @Test
    void pauseResumeAndTheTraysOwnAgentChangesAreInTheLog(TestDesktop desktop) throws Exception {
        start(desktop);
        FxRobot robot = FxTests.start();

        robot.clickOn("#pause");
        robot.clickOn("#pause");
        robot.clickOn("#open-connect");
        robot.clickOn("#agent-name").write("trayagent");
        robot.clickOn("#issue");

        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> has("paused", null, null)
                && has("resumed", null, null) && has("agent_added", "agent", "trayagent")))
                .as("%s", running.auditRecords()).isTrue();
    }

    @Test
    void cuttingTheTailOffTheLogIsDetectedByVerifyAndByTheAppOnItsNextStart(TestDesktop desktop) throws Exception {
        start(desktop);
        TestDesktop.TargetApp form = desktop.launchForm("", "");
        McpSyncClient agent = running.agent("hostile");
        // The agent does something the person would want to see later ...
        McpSchema.CallToolResult seen = RunningApp.call(agent, "computer_observe", Map.of("app", "" + form.pid()));
        McpSchema.CallToolResult click = RunningApp.call(agent, "computer_act",
                Map.of("ref", RunningApp.refOf(seen, "Remember me"), "op", "click"));
        assertThat(RunningApp.structured(click)).containsEntry("status", "confirmed");
        running.close();
        running = null;
        Path log = Home.of(dir.resolve("home")).auditFile();
        assertThat(CliRun.run(dir.resolve("home"), "audit", "verify").exit).isZero();

        // ... and then its records are cut off the end of the file.
        List<String> lines = Files.readAllLines(log);
        int keep = (int) lines.stream().takeWhile(l -> !l.contains("\"kind\":\"receipt\"")).count();
        Files.write(log, lines.subList(0, keep));
        CliRun verify = CliRun.run(dir.resolve("home"), "audit", "verify");
        assertThat(verify.exit).as("%s", verify).isEqualTo(1);
        assertThat(verify.out).contains("cut off the end");

        start(desktop);
        assertThat(has("log_cut", null, null)).isTrue();
        running.close();
        running = null;
        CliRun again = CliRun.run(dir.resolve("home"), "audit", "verify");
        assertThat(again.exit).as("the cut stays reported after the app chained on: %s", again).isEqualTo(1);
    }

    @Test
    void theInterruptedScriptQuestionAndTheAnswerAreInTheLog(TestDesktop desktop) throws Exception {
        Home home = Home.of(dir.resolve("home")).ensure();
        TestDesktop.TargetApp cleanup = desktop.launchDeleteForm();
        String scriptId = crashAfterDispatch(home, desktop, cleanup, "scripter");
        assertThat(cleanup.dir().resolve("deleted")).exists();

        start(desktop);
        FxRobot robot = FxTests.start();
        McpSyncClient agent = running.client(Files.readString(home.tokenFile("scripter")).trim());
        CompletableFuture<McpSchema.CallToolResult> resume = CompletableFuture.supplyAsync(() -> RunningApp.call(agent,
                "computer_script_resume", Map.of("script_id", scriptId)));
        assertThat(FxTests.eventually(Duration.ofSeconds(20), () -> robot.lookup("#deny").tryQuery().isPresent()
                && robot.lookup("#deny").query().getScene().getWindow().isShowing())).isTrue();
        Thread.sleep(800);
        robot.clickOn("#deny");
        resume.get(30, TimeUnit.SECONDS);

        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> has("approval_requested", "category", "interrupted")
                && has("approval_denied", null, null))).as("%s", running.auditRecords()).isTrue();
    }

    /** Runs a script that clicks Delete (allowed) in a host that dies after the click, before SAVE-AFTER. */
    static String crashAfterDispatch(Home home, TestDesktop desktop, TestDesktop.TargetApp app, String agent)
            throws Exception {
        dev.countersign.server.AgentDirectory agents = new dev.countersign.server.AgentDirectory(home.agents(),
                Clock.systemUTC(), new SecureRandom());
        dev.countersign.server.Secrets.writeOwnerOnly(home.tokenFile(agent), agents.add(agent).token());
        ApprovalTap tap = new ApprovalTap(ScriptedApprover.always(Decision.ALLOW_ONCE));
        DriverSettings settings = DriverSettings.defaults("sess_crash");
        ComputerDriver driver = new ComputerDriver(desktop.backend(), new PolicyApprovals(RiskPolicy.defaults()), tap,
                new LeaseBook(Clock.systemUTC(), "sess_crash", settings.principalId(), LeaseBook.Terms.defaults()),
                Clock.systemUTC(), new RandomIds(), new SecureRandom(), settings);
        int[] calls = new int[1];
        ScriptFaults dieAfterClick = (point, id) -> {
            if (point == ScriptFaults.Point.DISPATCHED && ++calls[0] == 2) {
                throw new Died();
            }
        };
        try (ScriptHost host = new ScriptHost(driver, tap, new CodeRuntime(ScriptLimits.defaults()),
                new ScriptCheckpointStore(home.checkpoints()), dieAfterClick, Duration.ofSeconds(5))) {
            host.run(agent, "var v = call_tool(\"computer_observe\", {app: \"" + app.pid() + "\"});\n"
                    + "var d = null; for (var i = 0; i < v.nodes.length; i++) { if (v.nodes[i].name === \"Delete\") d = v.nodes[i]; }\n"
                    + "call_tool(\"computer_act\", {ref: d.ref, op: \"click\"}); return {final_result: 1};", "cleanup");
        } catch (Died expected) {
            // the host "died" between the click and SAVE-AFTER
        }
        try (var files = Files.list(home.checkpoints())) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("scr_"))
                    .map(n -> n.replaceAll("\\..*$", "")).findFirst()
                    .orElseThrow(() -> new AssertionError("no checkpoint in " + home.checkpoints()));
        }
    }

    boolean has(String kind, String field, String value) {
        try {
            return running.auditHas(kind, field, value);
        } catch (java.io.IOException e) {
            return false;
        }
    }

    static final class Died extends RuntimeException {
        private static final long serialVersionUID = 1L;
    }
}
