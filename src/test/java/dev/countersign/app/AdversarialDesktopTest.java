package dev.countersign.app;

import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * The shared fixture of the adversarial tests (docs/security.md): a real Countersign (endpoint, approval
 * dialog, audit log) on the private desktop, started by the test that needs it and closed after
 * each test, plus what those tests share: whether the dialog is up, and the command line of one
 * of this package's small hostile Python apps.
 */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
abstract class AdversarialDesktopTest {
    @TempDir
    Path dir;
    RunningApp running;

    @AfterEach
    void quit() {
        if (running != null) {
            running.close();
        }
    }

    /** Starts Countersign for this test on the private desktop's backend. */
    RunningApp start(TestDesktop desktop) throws Exception {
        running = RunningApp.start(dir, desktop.backend());
        return running;
    }

    /** Whether the approval dialog is showing; call it on the FX thread ({@code FxTests.eventually}). */
    static boolean dialogShowing(FxRobot robot) {
        return robot.lookup("#allow").tryQuery()
                .map(n -> n.getScene() != null && n.getScene().getWindow().isShowing()).orElse(false);
    }

    /** {@code python3 <resource> args...}, the resource (a Python app next to these tests) copied into {@code d}. */
    static List<String> python(Path d, String resource, String... args) {
        Path script = d.resolve(resource);
        try (InputStream in = AdversarialDesktopTest.class.getResourceAsStream(resource)) {
            Files.copy(in, script);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> command = new ArrayList<>(List.of("/usr/bin/python3", script.toString()));
        command.addAll(List.of(args));
        return command;
    }

    /** The id of the window titled {@code title} of process {@code pid} in a {@code computer_observe} listing. */
    @SuppressWarnings("unchecked")
    static String windowId(Map<String, Object> listing, long pid, String title) {
        for (Map<String, Object> a : (List<Map<String, Object>>) listing.get("apps")) {
            if (((Number) a.get("pid")).longValue() != pid) {
                continue;
            }
            for (Map<String, Object> w : (List<Map<String, Object>>) a.get("windows")) {
                if (title.equals(w.get("title"))) {
                    return (String) w.get("id");
                }
            }
        }
        throw new AssertionError("no window " + title + " of pid " + pid + " in " + listing);
    }

    /** What a visual click answered, and whether the person was asked on the way. */
    record VisualClick(McpSchema.CallToolResult result, boolean asked) {
    }

    /**
     * A hostile agent's {@code computer_visual_act} click at screenshot point (x, y) of an observation
     * it visually observed ({@code meta}); a person who is asked sees the observed window's screenshot
     * and allows, so the answer says what Countersign itself let through.
     */
    static VisualClick visualClickAllowingIfAsked(FxRobot robot, McpSyncClient agent, String observationId,
            Map<String, Object> meta, int x, int y) throws Exception {
        CompletableFuture<McpSchema.CallToolResult> click = CompletableFuture.supplyAsync(() -> RunningApp.call(agent,
                "computer_visual_act", Map.of("op", "click", "observation_id", observationId,
                        "capture_sha256", meta.get("capture_sha256"), "point", Map.of("x", x, "y", y))));
        boolean asked = FxTests.eventually(Duration.ofSeconds(10), () -> click.isDone() || dialogShowing(robot))
                && !click.isDone();
        if (asked) {
            Thread.sleep(900);
            robot.clickOn("#allow");
        }
        McpSchema.CallToolResult result = click.get(30, TimeUnit.SECONDS);
        Thread.sleep(500);
        return new VisualClick(result, asked);
    }
}
