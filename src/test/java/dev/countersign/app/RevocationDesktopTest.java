package dev.countersign.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.desktop.TestDesktop;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

/**
 * Revoking an agent from the CLI while the app runs ends its work in flight.
 * The agent holds a valid token and has a risky click waiting for the person; the person revokes
 * it with {@code countersign agent remove} in a terminal. The dialog must go at once, and nothing
 * the person could still click may reach the target app (its own side-effect file tells).
 */
class RevocationDesktopTest extends AdversarialDesktopTest {
    @Test
    void removingTheAgentFromTheCliWithdrawsItsPendingApprovalAtOnce(TestDesktop desktop) throws Exception {
        start(desktop);
        FxRobot robot = FxTests.start();
        TestDesktop.TargetApp cleanup = desktop.launchDeleteForm();
        McpSyncClient agent = running.agent("revoked");
        McpSchema.CallToolResult seen = RunningApp.call(agent, "computer_observe", Map.of("app", "" + cleanup.pid()));
        CompletableFuture<McpSchema.CallToolResult> act = CompletableFuture.supplyAsync(() -> RunningApp.call(agent,
                "computer_act", Map.of("ref", RunningApp.refOf(seen, "Delete"), "op", "click")));
        assertThat(FxTests.eventually(Duration.ofSeconds(20), () -> dialogShowing(robot))).isTrue();

        assertThat(CliRun.run(running.home.root(), "agent", "remove", "revoked").exit).isZero();

        assertThat(FxTests.eventually(Duration.ofSeconds(3), () -> !dialogShowing(robot)))
                .as("the removed agent's approval is withdrawn").isTrue();
        assertThat(RunningApp.structured(act.get(10, TimeUnit.SECONDS)).toString()).contains("APPROVAL_");
        Thread.sleep(500);
        assertThat(cleanup.dir().resolve("deleted")).doesNotExist();
    }

    @Test
    void removingTheAgentFromTheCliEndsItsSuspendedScript(TestDesktop desktop) throws Exception {
        start(desktop);
        FxRobot robot = FxTests.start();
        TestDesktop.TargetApp cleanup = desktop.launchDeleteForm();
        McpSyncClient agent = running.agent("scripted");
        McpSchema.CallToolResult run = RunningApp.call(agent, "computer_script", Map.of("name", "cleanup", "script",
                "var v = call_tool(\"computer_observe\", {app: \"" + cleanup.pid() + "\"});\n"
                        + "var d = null; for (var i = 0; i < v.nodes.length; i++) { if (v.nodes[i].name === \"Delete\") d = v.nodes[i]; }\n"
                        + "call_tool(\"computer_act\", {ref: d.ref, op: \"click\"}); return {final_result: 1};"));
        assertThat(RunningApp.structured(run).toString()).contains("suspended");
        assertThat(FxTests.eventually(Duration.ofSeconds(20), () -> dialogShowing(robot))).isTrue();
        assertThat(checkpoints()).isNotZero();

        assertThat(CliRun.run(running.home.root(), "agent", "remove", "scripted").exit).isZero();

        assertThat(FxTests.eventually(Duration.ofSeconds(3), () -> !dialogShowing(robot)))
                .as("the removed agent's script approval is withdrawn").isTrue();
        assertThat(FxTests.eventually(Duration.ofSeconds(3), () -> checkpoints() == 0))
                .as("no checkpoint is left that a restart could resume").isTrue();
        Thread.sleep(500);
        assertThat(cleanup.dir().resolve("deleted")).doesNotExist();
    }

    long checkpoints() {
        try (Stream<Path> files = Files.list(running.home.checkpoints())) {
            return files.filter(p -> p.getFileName().toString().endsWith(".script")).count();
        } catch (java.io.IOException e) {
            return -1;
        }
    }
}
