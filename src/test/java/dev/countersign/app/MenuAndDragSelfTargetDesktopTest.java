package dev.countersign.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.desktop.TestDesktop;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

/**
 * A right click or a drop never lands on Countersign. A hostile agent with a valid token observes
 * a GTK file window, then Countersign's own Connect window (whose Issue button mints a token) comes
 * up over the point its act aims at; the menu and the drag are refused before anyone is asked, and
 * the file window's own output shows nothing reached it.
 */
class MenuAndDragSelfTargetDesktopTest extends AdversarialDesktopTest {

    /** The file window of the driver's menu and drag tests, copied into the app's directory. */
    private static List<String> files(Path d) {
        Path script = d.resolve("files_dnd.py");
        try (InputStream in = MenuAndDragSelfTargetDesktopTest.class
                .getResourceAsStream("/dev/countersign/driver/files_dnd.py")) {
            Files.copy(in, script);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return List.of("/usr/bin/python3", script.toString(), "Files");
    }

    private static String output(TestDesktop.TargetApp app) {
        try {
            return app.output();
        } catch (IOException e) {
            return "";
        }
    }

    private static int[] centre(McpSchema.CallToolResult seen, String name) {
        List<?> f = (List<?>) RunningApp.nodes(seen).stream().filter(n -> name.equals(n.get("name"))).findFirst()
                .orElseThrow().get("frame");
        return new int[] {((Number) f.get(0)).intValue() + ((Number) f.get(2)).intValue() / 2,
                ((Number) f.get(1)).intValue() + ((Number) f.get(3)).intValue() / 2};
    }

    /** Opens Countersign's Connect window with its top-left corner just above and left of (x, y). */
    private void connectWindowOver(FxRobot robot, int x, int y) throws Exception {
        FxTests.onFx(() -> {
            Stage stage = running.app.windows().connect();
            stage.setX(x - 20);
            stage.setY(y - 20);
            return null;
        });
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> robot.lookup("#agent-name").tryQuery().isPresent()))
                .isTrue();
        Thread.sleep(500);
    }

    private TestDesktop.TargetApp filesWindow(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp app = desktop.launchCommand("Files", MenuAndDragSelfTargetDesktopTest::files);
        assertThat(TestDesktop.eventually(Duration.ofSeconds(10), () -> output(app).contains("ready"))).isTrue();
        return app;
    }

    @Test
    void aDropOntoAPointCountersignsWindowCoversIsRefusedBeforeAnyoneIsAsked(TestDesktop desktop) throws Exception {
        start(desktop);
        FxRobot robot = FxTests.start();
        TestDesktop.TargetApp app = filesWindow(desktop);
        McpSyncClient agent = running.agent("hostile");
        McpSchema.CallToolResult seen = RunningApp.call(agent, "computer_observe", Map.of("app", "" + app.pid()));
        int[] documents = centre(seen, "Documents");
        connectWindowOver(robot, documents[0], documents[1]);

        McpSchema.CallToolResult drag = RunningApp.call(agent, "computer_act", Map.of("ref",
                RunningApp.refOf(seen, "a.txt"), "op", "drag", "to", RunningApp.refOf(seen, "Documents")));

        Map<String, Object> result = RunningApp.structured(drag);
        // The window stack's check finds Countersign's window on top at the point before anyone is
        // asked; the guard would refuse the input itself at dispatch (TARGET_IS_COUNTERSIGN).
        assertThat(result).as("%s", drag).containsEntry("code", "TARGET_CHANGED");
        assertThat(String.valueOf(result.get("message"))).contains("covered by the window").contains("Countersign");
        assertThat(FxTests.onFx(() -> dialogShowing(robot))).isFalse();
        Thread.sleep(700);
        assertThat(output(app)).doesNotContain("dropped");
        assertThat(running.served.agents.list()).extracting(a -> a.name()).containsExactly("hostile");
    }

    @Test
    void aRightClickOnAPointCountersignsWindowCoversIsRefused(TestDesktop desktop) throws Exception {
        start(desktop);
        FxRobot robot = FxTests.start();
        TestDesktop.TargetApp app = filesWindow(desktop);
        McpSyncClient agent = running.agent("hostile");
        McpSchema.CallToolResult seen = RunningApp.call(agent, "computer_observe", Map.of("app", "" + app.pid()));
        int[] notes = centre(seen, "Notes area");
        connectWindowOver(robot, notes[0], notes[1]);

        McpSchema.CallToolResult menu = RunningApp.call(agent, "computer_act",
                Map.of("ref", RunningApp.refOf(seen, "Notes area"), "op", "menu"));

        Map<String, Object> result = RunningApp.structured(menu);
        // The window stack's check finds Countersign's window on top at the point before anyone is
        // asked; the guard would refuse the input itself at dispatch (TARGET_IS_COUNTERSIGN).
        assertThat(result).as("%s", menu).containsEntry("code", "TARGET_CHANGED");
        assertThat(String.valueOf(result.get("message"))).contains("covered by the window").contains("Countersign");
        Thread.sleep(500);
        assertThat(output(app)).doesNotContain("popup");
    }
}
