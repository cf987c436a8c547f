package dev.countersign.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.desktop.TestDesktop;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

/**
 * A click on a text field must not be a Return key (which submits the
 * form), and a coordinate click the person approves for one window must not land on another
 * window raised over the point. A hostile agent with a valid token tries both over MCP against
 * real yad windows; the forms' own output and side-effect files tell what happened.
 */
class ClickAndCoverDesktopTest extends AdversarialDesktopTest {
    @Test
    void clickingATextFieldDoesNotSubmitTheForm(TestDesktop desktop) throws Exception {
        start(desktop);
        TestDesktop.TargetApp form = desktop.launchCommand("Comment",
                d -> python(d, "activate_default.py", "Comment"));
        McpSyncClient agent = running.agent("hostile");
        McpSchema.CallToolResult seen = RunningApp.call(agent, "computer_observe", Map.of("app", "" + form.pid()));
        String entry = RunningApp.nodes(seen).stream().filter(n -> "text".equals(n.get("role")))
                .map(n -> (String) n.get("ref")).findFirst().orElseThrow(() -> new AssertionError(seen.toString()));

        // "Comment" has no risk word, so a click asks nobody; but the entry's only action is
        // activate, i.e. Return, which presses the window's default button, Post.
        McpSchema.CallToolResult click = RunningApp.call(agent, "computer_act", Map.of("ref", entry, "op", "click"));

        Thread.sleep(700);
        assertThat(form.output()).as("the form's own output: nothing was posted (%s)", click).doesNotContain("posted");
        assertThat(form.process().isAlive()).isTrue();
    }

    @Test
    void aCoordinateClickOnAPointAnotherWindowCoversIsRefusedNamingThatWindow(TestDesktop desktop) throws Exception {
        start(desktop);
        FxRobot robot = FxTests.start();
        TestDesktop.TargetApp big = desktop.launchSized(1600, 1000);
        McpSyncClient agent = running.agent("hostile");
        McpSchema.CallToolResult seen = RunningApp.call(agent, "computer_observe", Map.of("app", "" + big.pid()));
        String observationId = (String) RunningApp.structured(seen).get("observation_id");
        McpSchema.CallToolResult visual = RunningApp.call(agent, "computer_visual_observe",
                Map.of("observation_id", observationId));
        Map<String, Object> meta = RunningApp.structured(visual);
        double scale = ((Number) meta.get("scale")).doubleValue();
        List<?> frame = (List<?>) ((Map<?, ?>) RunningApp.structured(seen).get("window")).get("frame");

        // Then a window with a Delete button is raised over the point the agent will click.
        TestDesktop.TargetApp cover = desktop.launchDeleteForm();
        McpSchema.CallToolResult coverSeen = RunningApp.call(agent, "computer_observe",
                Map.of("app", "" + cover.pid()));
        List<?> delete = (List<?>) RunningApp.nodes(coverSeen).stream().filter(n -> "Delete".equals(n.get("name")))
                .findFirst().orElseThrow().get("frame");
        int nx = ((Number) delete.get(0)).intValue() + ((Number) delete.get(2)).intValue() / 2;
        int ny = ((Number) delete.get(1)).intValue() + ((Number) delete.get(3)).intValue() / 2;
        int x = (int) Math.round((nx - ((Number) frame.get(0)).intValue()) * scale);
        int y = (int) Math.round((ny - ((Number) frame.get(1)).intValue()) * scale);
        // A person who is asked sees the big window's screenshot and allows.
        VisualClick clicked = visualClickAllowingIfAsked(robot, agent, observationId, meta, x, y);
        McpSchema.CallToolResult result = clicked.result();
        boolean asked = clicked.asked();
        assertThat(cover.dir().resolve("deleted")).as("the covering window's Delete did not run: %s", result)
                .doesNotExist();
        assertThat(asked).as("refused before the person is asked").isFalse();
        assertThat(RunningApp.structured(result)).containsEntry("code", "TARGET_CHANGED");
        assertThat(String.valueOf(RunningApp.structured(result).get("message"))).contains("Cleanup");
    }

    /**
     * The covering window may be the target app's own: a larger window of the same process moved over
     * the observed one holds its whole frame. Matching the window on top by "same process, frame holds
     * the observed frame" (before this test's commit) let the click through to its Unlock button.
     */
    @Test
    void aCoordinateClickOnAWindowThatALargerWindowOfTheSameAppCoversIsRefused(TestDesktop desktop)
            throws Exception {
        start(desktop);
        FxRobot robot = FxTests.start();
        TestDesktop.TargetApp app = desktop.launchCommand("Mail", d -> python(d, "same_app_cover.py", "Mail"));
        assertThat(TestDesktop.eventually(Duration.ofSeconds(10), () -> {
            try {
                return app.output().contains("ready");
            } catch (java.io.IOException e) {
                return false;
            }
        })).as("both windows showed").isTrue();
        McpSyncClient agent = running.agent("hostile");
        String window = windowId(RunningApp.structured(RunningApp.call(agent, "computer_observe", Map.of())),
                app.pid(), "Mail");
        McpSchema.CallToolResult seen = RunningApp.call(agent, "computer_observe",
                Map.of("app", "" + app.pid(), "window", window));
        String observationId = (String) RunningApp.structured(seen).get("observation_id");
        List<?> frame = (List<?>) ((Map<?, ?>) RunningApp.structured(seen).get("window")).get("frame");
        List<?> archive = (List<?>) RunningApp.nodes(seen).stream().filter(n -> "Archive".equals(n.get("name")))
                .findFirst().orElseThrow(() -> new AssertionError(seen.toString())).get("frame");
        McpSchema.CallToolResult visual = RunningApp.call(agent, "computer_visual_observe",
                Map.of("observation_id", observationId));
        Map<String, Object> meta = RunningApp.structured(visual);
        double scale = ((Number) meta.get("scale")).doubleValue();
        int x = (int) Math.round((((Number) archive.get(0)).intValue() + ((Number) archive.get(2)).intValue() / 2
                - ((Number) frame.get(0)).intValue()) * scale);
        int y = (int) Math.round((((Number) archive.get(1)).intValue() + ((Number) archive.get(3)).intValue() / 2
                - ((Number) frame.get(1)).intValue()) * scale);

        VisualClick clicked = visualClickAllowingIfAsked(robot, agent, observationId, meta, x, y);
        McpSchema.CallToolResult result = clicked.result();
        boolean asked = clicked.asked();
        assertThat(app.output()).as("no click reached the unlock window (%s)", result).doesNotContain("unlock-click");
        assertThat(asked).as("refused before the person is asked").isFalse();
        assertThat(RunningApp.structured(result)).containsEntry("code", "TARGET_CHANGED");
        assertThat(String.valueOf(RunningApp.structured(result).get("message"))).contains("Mail: unlock");
    }

    @Test
    void aWheelScrollOnAnElementWhoseCentreAnotherWindowCoversIsRefusedNamingThatWindow(TestDesktop desktop)
            throws Exception {
        start(desktop);
        TestDesktop.TargetApp big = desktop.launchSized(1600, 1000);
        McpSyncClient agent = running.agent("hostile");
        McpSchema.CallToolResult seen = RunningApp.call(agent, "computer_observe", Map.of("app", "" + big.pid()));
        // The largest element under the window: the text view the wheel would scroll.
        Map<String, Object> target = RunningApp.nodes(seen).stream().filter(n -> n.get("frame") != null
                && !Integer.valueOf(0).equals(n.get("depth")))
                .max(java.util.Comparator.comparingLong(n -> {
                    List<?> f = (List<?>) n.get("frame");
                    return ((Number) f.get(2)).longValue() * ((Number) f.get(3)).longValue();
                })).orElseThrow(() -> new AssertionError(seen.toString()));
        List<?> f = (List<?>) target.get("frame");
        int cx = ((Number) f.get(0)).intValue() + ((Number) f.get(2)).intValue() / 2;
        int cy = ((Number) f.get(1)).intValue() + ((Number) f.get(3)).intValue() / 2;

        // A window with a Delete button is raised over the element's centre after the agent looked.
        TestDesktop.TargetApp cover = desktop.launchDeleteForm();
        String id = TestDesktop.run(List.of("xdotool", "search", "--onlyvisible", "--pid", "" + cover.pid()))
                .lines().findFirst().orElseThrow();
        TestDesktop.run(List.of("xdotool", "windowmove", "--sync", id, "" + (cx - 60), "" + (cy - 40)));
        TestDesktop.run(List.of("xdotool", "windowraise", id));

        McpSchema.CallToolResult scroll = RunningApp.call(agent, "computer_act",
                Map.of("ref", target.get("ref"), "op", "scroll", "direction", "down", "amount", 5));

        Map<String, Object> result = RunningApp.structured(scroll);
        assertThat(result).as("%s", scroll).containsEntry("code", "TARGET_CHANGED");
        assertThat(String.valueOf(result.get("message"))).contains("covered by the window 'Cleanup'");
    }
}
