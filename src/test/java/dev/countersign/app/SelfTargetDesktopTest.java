package dev.countersign.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.desktop.TestDesktop;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

/**
 * Countersign must never be made to approve itself. A hostile agent with a valid token aims at
 * Countersign: it observes Countersign by the pid {@code computer_evidence} gives it, sends a
 * navigation key while the approval dialog is up, and has the person approve a coordinate click
 * that in truth lands on Countersign's own Connect window (whose Issue button mints a token).
 * The outcome is read from agents.json and the dialog's real focus.
 */
class SelfTargetDesktopTest extends AdversarialDesktopTest {
    @Test
    void observingCountersignByThePidItsEvidenceGivesIsRefused(TestDesktop desktop) throws Exception {
        start(desktop);
        McpSyncClient agent = running.agent("hostile");
        Object pid = ((Map<?, ?>) RunningApp.structured(RunningApp.call(agent, "computer_evidence", Map.of()))
                .get("identity")).get("pid");

        McpSchema.CallToolResult seen = RunningApp.call(agent, "computer_observe", Map.of("app", String.valueOf(pid)));

        assertThat(seen.isError()).isTrue();
        assertThat(RunningApp.structured(seen)).containsEntry("code", "TARGET_IS_COUNTERSIGN");
    }

    @Test
    void noKeyIsSentWhileTheApprovalDialogShows(TestDesktop desktop) throws Exception {
        start(desktop);
        FxRobot robot = FxTests.start();
        TestDesktop.TargetApp form = desktop.launchDeleteForm();
        TestDesktop.TargetApp other = desktop.launchDeleteForm();
        McpSyncClient agent = running.agent("hostile");
        McpSchema.CallToolResult seen = RunningApp.call(agent, "computer_observe", Map.of("app", "" + form.pid()));
        CompletableFuture<McpSchema.CallToolResult> delete = CompletableFuture.supplyAsync(() -> RunningApp.call(agent,
                "computer_act", Map.of("ref", RunningApp.refOf(seen, "Delete"), "op", "click")));
        assertThat(FxTests.eventually(Duration.ofSeconds(20), () -> dialogShowing(robot))).isTrue();
        Thread.sleep(900);

        // Tab is navigation (never asks): sent "to" another window, it would land in the focused dialog
        // and move focus from Deny to Allow, one stray Space from allowing.
        McpSchema.CallToolResult again = RunningApp.call(agent, "computer_observe", Map.of("app", "" + other.pid()));
        McpSchema.CallToolResult tab = RunningApp.call(agent, "computer_act",
                Map.of("ref", RunningApp.refOf(again, "Notes"), "op", "key", "keys", "Tab"));

        assertThat(RunningApp.structured(tab)).as("%s", tab).containsEntry("code", "TARGET_IS_COUNTERSIGN");
        assertThat(FxTests.onFx(() -> robot.lookup("#allow").query().isFocused())).isFalse();
        Thread.sleep(800);
        robot.clickOn("#deny");
        delete.get(30, TimeUnit.SECONDS);
        assertThat(form.dir().resolve("deleted")).doesNotExist();
    }

    /**
     * Selecting may move focus or raise a window (a spreadsheet's cell, a list's row): while the
     * approval dialog shows, a {@code select}, and a {@code click} that would select a row without
     * an action, are refused like keys, and the list never changes.
     */
    @Test
    void noSelectionIsMadeWhileTheApprovalDialogShows(TestDesktop desktop) throws Exception {
        start(desktop);
        FxRobot robot = FxTests.start();
        TestDesktop.TargetApp form = desktop.launchDeleteForm();
        TestDesktop.TargetApp lists = desktop.launchScript("Selection", "/dev/countersign/desktop/linux/selection.py");
        McpSyncClient agent = running.agent("hostile");
        McpSchema.CallToolResult seen = RunningApp.call(agent, "computer_observe", Map.of("app", "" + form.pid()));
        CompletableFuture<McpSchema.CallToolResult> delete = CompletableFuture.supplyAsync(() -> RunningApp.call(agent,
                "computer_act", Map.of("ref", RunningApp.refOf(seen, "Delete"), "op", "click")));
        assertThat(FxTests.eventually(Duration.ofSeconds(20), () -> dialogShowing(robot))).isTrue();

        McpSchema.CallToolResult first = RunningApp.call(agent, "computer_observe", Map.of("app", "" + lists.pid()));
        McpSchema.CallToolResult select = RunningApp.call(agent, "computer_act",
                Map.of("ref", RunningApp.refOf(first, "Drafts"), "op", "select", "extend", true));
        McpSchema.CallToolResult second = RunningApp.call(agent, "computer_observe", Map.of("app", "" + lists.pid()));
        McpSchema.CallToolResult click = RunningApp.call(agent, "computer_act",
                Map.of("ref", RunningApp.refOf(second, "Archive"), "op", "click"));

        assertThat(RunningApp.structured(select)).as("%s", select).containsEntry("code", "TARGET_IS_COUNTERSIGN");
        assertThat(RunningApp.structured(click)).as("%s", click).containsEntry("code", "TARGET_IS_COUNTERSIGN");
        Thread.sleep(500);
        assertThat(lists.output()).doesNotContain("folders:");
        robot.clickOn("#deny");
        delete.get(30, TimeUnit.SECONDS);
        assertThat(form.dir().resolve("deleted")).doesNotExist();
    }

    @Test
    void aCoordinateClickTheyApproveNeverLandsOnCountersignsOwnWindow(TestDesktop desktop) throws Exception {
        start(desktop);
        FxRobot robot = FxTests.start();
        TestDesktop.TargetApp big = desktop.launchSized(1600, 1000);
        McpSyncClient agent = running.agent("hostile");
        // The person has the Connect window open, a name typed; Issue would mint a token.
        // Opened after the big window, so it is mapped above it (the test display has no window manager).
        FxTests.onFx(() -> {
            running.app.windows().connect();
            return null;
        });
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> robot.lookup("#agent-name").tryQuery().isPresent()))
                .isTrue();
        FxTests.onFx(() -> {
            robot.lookup("#agent-name").queryAs(javafx.scene.control.TextField.class).setText("minted");
            return null;
        });
        Thread.sleep(300);
        Bounds issue = FxTests.onFx(() -> {
            Node n = robot.lookup("#issue").query();
            return n.localToScreen(n.getBoundsInLocal());
        });
        int nativeX = (int) issue.getCenterX();
        int nativeY = (int) issue.getCenterY();

        McpSchema.CallToolResult seen = RunningApp.call(agent, "computer_observe", Map.of("app", "" + big.pid()));
        String observationId = (String) RunningApp.structured(seen).get("observation_id");
        List<?> frame = (List<?>) ((Map<?, ?>) RunningApp.structured(seen).get("window")).get("frame");
        McpSchema.CallToolResult visual = RunningApp.call(agent, "computer_visual_observe",
                Map.of("observation_id", observationId));
        Map<String, Object> meta = RunningApp.structured(visual);
        double scale = ((Number) meta.get("scale")).doubleValue();
        int x = (int) Math.round((nativeX - ((Number) frame.get(0)).intValue()) * scale);
        int y = (int) Math.round((nativeY - ((Number) frame.get(1)).intValue()) * scale);
        // PointCover refuses the covered point before the person is asked; if they are asked,
        // they allow (the screenshot shows the big window), and the guard refuses at dispatch.
        VisualClick clicked = visualClickAllowingIfAsked(robot, agent, observationId, meta, x, y);
        McpSchema.CallToolResult result = clicked.result();
        assertThat(running.served.agents.list()).as("agents.json after the click: %s", result)
                .noneMatch(a -> a.name().equals("minted"));
        assertThat(String.valueOf(RunningApp.structured(result).get("code")))
                .isIn("TARGET_IS_COUNTERSIGN", "TARGET_CHANGED");
        assertThat(RunningApp.structured(result).toString()).contains("Countersign");
    }
}
