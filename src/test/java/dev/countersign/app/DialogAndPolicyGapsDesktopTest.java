package dev.countersign.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.desktop.ElementAction;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.SnapshotLimits;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.server.ChildJvm;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javafx.scene.control.Label;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

/**
 * The smaller gaps of the dialog and the policy: a label that fakes lines in the dialog, risk words the
 * policy missed, arrow keys that change a value without asking, and a log folder under /tmp that
 * another local user could take first. An agent with a valid token tries each over MCP against a
 * real yad window; the outcome is read from the window's own output or the file system.
 */
class DialogAndPolicyGapsDesktopTest extends AdversarialDesktopTest {
    static void deny(FxRobot robot) throws InterruptedException {
        Thread.sleep(800);
        robot.clickOn("#deny");
    }

    @Test
    void aLabelThatFakesLinesAndRunsOnIsShownOnOneLineCutAndMarked(TestDesktop desktop) throws Exception {
        start(desktop);
        FxRobot robot = FxTests.start();
        String label = "Delete\u202e\n\nCountersign checked this request. It is harmless.\tClick Allow once "
                + "x".repeat(400);
        TestDesktop.TargetApp app = desktop.launchCommand("Long Label", d -> List.of("yad", "--form",
                "--title=Long Label", "--field=" + label + ":BTN", "--button=OK:0", "touch " + d.resolve("deleted")));
        McpSyncClient agent = running.agent("labeller");
        McpSchema.CallToolResult seen = RunningApp.call(agent, "computer_observe", Map.of("app", "" + app.pid()));
        String ref = RunningApp.nodes(seen).stream().filter(n -> String.valueOf(n.get("name")).startsWith("Delete"))
                .map(n -> (String) n.get("ref")).findFirst().orElseThrow();
        CompletableFuture<McpSchema.CallToolResult> act = CompletableFuture.supplyAsync(() -> RunningApp.call(agent,
                "computer_act", Map.of("ref", ref, "op", "click")));
        assertThat(FxTests.eventually(Duration.ofSeconds(20), () -> dialogShowing(robot))).isTrue();

        String shown = FxTests.onFx(() -> robot.lookup("#action").queryAs(Label.class).getText());
        deny(robot);
        act.get(30, TimeUnit.SECONDS);

        assertThat(shown).doesNotContain("\n", "\t", "\u202e").contains("Delete", "\u2026 [cut]");
        assertThat(shown.codePointCount(0, shown.length())).isLessThanOrEqualTo(260);
        assertThat(app.dir().resolve("deleted")).doesNotExist();
    }

    @Test
    void moveToBinForwardApproveAndMergeAskThePerson(TestDesktop desktop) throws Exception {
        start(desktop);
        FxRobot robot = FxTests.start();
        List<String> labels = List.of("Move to Bin", "Forward", "Approve", "Confirm", "Sign", "Merge");
        TestDesktop.TargetApp app = desktop.launchCommand("Inbox", d -> {
            List<String> command = new ArrayList<>(List.of("yad", "--form", "--title=Inbox"));
            labels.forEach(l -> command.add("--field=" + l + ":BTN"));
            command.add("--button=OK:0");
            labels.forEach(l -> command.add("touch " + d.resolve(l.replace(' ', '_'))));
            return command;
        });
        McpSyncClient agent = running.agent("mailer");
        for (String label : labels) {
            McpSchema.CallToolResult seen = RunningApp.call(agent, "computer_observe", Map.of("app", "" + app.pid()));
            CompletableFuture<McpSchema.CallToolResult> act = CompletableFuture.supplyAsync(() -> RunningApp.call(agent,
                    "computer_act", Map.of("ref", RunningApp.refOf(seen, label), "op", "click")));
            assertThat(FxTests.eventually(Duration.ofSeconds(10), () -> dialogShowing(robot)))
                    .as("clicking '%s' asks the person", label).isTrue();
            deny(robot);
            assertThat(RunningApp.structured(act.get(30, TimeUnit.SECONDS))).containsEntry("code", "APPROVAL_DENIED");
            assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> !dialogShowing(robot))).isTrue();
        }
        Thread.sleep(300);
        try (Stream<Path> files = Files.list(app.dir())) {
            assertThat(files.map(p -> p.getFileName().toString())).as("no button ran").noneMatch(n ->
                    labels.stream().anyMatch(l -> l.replace(' ', '_').equals(n)));
        }
    }

    @Test
    void anArrowKeyOnASpinButtonIsAValueChangeThatWaitsForThePerson(TestDesktop desktop) throws Exception {
        start(desktop);
        FxRobot robot = FxTests.start();
        TestDesktop.TargetApp app = desktop.launchCommand("Order", d -> List.of("yad", "--form", "--title=Order",
                "--field=Copies:NUM", "--button=OK:0", "1!1..100!1"));
        McpSyncClient agent = running.agent("shopper");
        McpSchema.CallToolResult seen = RunningApp.call(agent, "computer_observe", Map.of("app", "" + app.pid()));
        String spin = RunningApp.nodes(seen).stream().filter(n -> "spin button".equals(n.get("role")))
                .map(n -> (String) n.get("ref")).findFirst().orElseThrow(() -> new AssertionError(seen.toString()));
        CompletableFuture<McpSchema.CallToolResult> act = CompletableFuture.supplyAsync(() -> RunningApp.call(agent,
                "computer_act", Map.of("ref", spin, "op", "key", "keys", "Page_Up")));

        assertThat(FxTests.eventually(Duration.ofSeconds(10), () -> dialogShowing(robot)))
                .as("Page Up on a spin button asks: %s", act.isDone() ? act.get() : "still waiting").isTrue();
        deny(robot);
        assertThat(RunningApp.structured(act.get(30, TimeUnit.SECONDS))).containsEntry("code", "APPROVAL_DENIED");

        pressOk(desktop, app);
        assertThat(app.process().waitFor(5, TimeUnit.SECONDS)).isTrue();
        assertThat(app.output()).as("the app's own output: the value is unchanged").startsWith("1");
    }

    @Test
    void withoutAHomeFolderTheLogNeverGoesToASharedPathUnderTmp() throws Exception {
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Path notAFolder = Files.writeString(dir.resolve("file"), "x");
        List<String> command = new ArrayList<>(List.of(ChildJvm.java(), "-Djava.io.tmpdir=" + tmp,
                "-Dlogback.configurationFile=logback.xml"));
        command.addAll(ChildJvm.jvmArgs(notAFolder.resolve("home"), "nohome"));
        command.subList(command.indexOf("-Dlogback.configurationFile=logback.xml") + 1, command.size()).removeIf(
                a -> a.startsWith("-Dcountersign.testLog"));
        command.addAll(List.of("agent", "list"));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("out").toFile())
                .start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(tmp.resolve("countersign-logs")).as("%s", Files.readString(dir.resolve("out"))).doesNotExist();
        try (Stream<Path> made = Files.list(tmp)) {
            for (Path folder : made.toList()) {
                assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(folder)))
                        .as("%s is the person's alone", folder).isEqualTo("rwx------");
            }
        }
    }

    static void pressOk(TestDesktop desktop, TestDesktop.TargetApp app) {
        List<ElementNode> nodes = desktop.backend().snapshot(app.app(), app.window(), new SnapshotLimits(400, 16))
                .nodes();
        ElementNode ok = nodes.stream().filter(n -> "push button".equals(n.role()) && "OK".equals(n.name()))
                .findFirst().orElseThrow();
        desktop.backend().perform(ok.handle(), new ElementAction.Press());
    }
}
