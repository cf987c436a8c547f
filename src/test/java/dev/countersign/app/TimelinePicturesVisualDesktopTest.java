package dev.countersign.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.countersign.audit.AuditPictures;
import dev.countersign.desktop.TestDesktop;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

/**
 * A coordinate act ({@code computer_visual_act}) gets its timeline pictures like a ref act: small,
 * hashed into its receipt's audit record, the "after" one taken once the region stopped changing
 * (an app that repaints a moment after the click is pictured repainted), never showing a password
 * field, even one the app places under the region only after every check.
 */
class TimelinePicturesVisualDesktopTest extends AdversarialDesktopTest {
    private static final int RED = 0xFF0000;

    private TestDesktop.TargetApp late(TestDesktop desktop) throws Exception {
        return desktop.launchScript("Late Paint", "/dev/countersign/app/late_paint.py");
    }

    /** A visual click at native screen point (nx, ny) of the app's window; the last receipt's data. */
    private JsonNode visualClick(McpSyncClient agent, TestDesktop.TargetApp app, int nx, int ny) throws Exception {
        FxRobot robot = FxTests.start();
        McpSchema.CallToolResult seen = RunningApp.call(agent, "computer_observe", Map.of("app", "" + app.pid()));
        String observationId = (String) RunningApp.structured(seen).get("observation_id");
        List<?> frame = frame(seen);
        Map<String, Object> meta = RunningApp.structured(RunningApp.call(agent, "computer_visual_observe",
                Map.of("observation_id", observationId)));
        double scale = ((Number) meta.get("scale")).doubleValue();
        int x = (int) Math.round((nx - ((Number) frame.get(0)).intValue()) * scale);
        int y = (int) Math.round((ny - ((Number) frame.get(1)).intValue()) * scale);
        VisualClick clicked = visualClickAllowingIfAsked(robot, agent, observationId, meta, x, y);
        assertThat(clicked.result().isError()).as("%s", clicked.result()).isFalse();
        List<JsonNode> receipts = running.auditRecords().stream()
                .filter(r -> "receipt".equals(r.path("kind").asText())).toList();
        JsonNode data = receipts.get(receipts.size() - 1).path("data");
        assertThat(data.path("tool").asText()).isEqualTo("computer_visual_act");
        return data;
    }

    private static List<?> frame(McpSchema.CallToolResult seen) {
        return (List<?>) ((Map<?, ?>) RunningApp.structured(seen).get("window")).get("frame");
    }

    private BufferedImage picture(JsonNode data, String role) throws Exception {
        String hash = data.path("pictures").path(role).asText();
        byte[] png = AuditPictures.forLog(running.home.auditFile()).read(hash)
                .orElseThrow(() -> new AssertionError("no " + role + " picture kept: " + data));
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
        assertThat(image.getWidth()).isLessThanOrEqualTo(240);
        assertThat(image.getHeight()).isLessThanOrEqualTo(140);
        return image;
    }

    @Test
    void theAfterPictureOfAVisualClickWaitsForTheAppsLateRepaint(TestDesktop desktop) throws Exception {
        start(desktop);
        TestDesktop.TargetApp app = late(desktop);
        McpSyncClient agent = running.agent("claude");
        List<?> frame = frame(RunningApp.call(agent, "computer_observe", Map.of("app", "" + app.pid())));
        // The swatch: 120x40 at the window's (12, 12), a drawing area no accessible element names.
        JsonNode data = visualClick(agent, app, ((Number) frame.get(0)).intValue() + 60,
                ((Number) frame.get(1)).intValue() + 30);

        assertThat(data.path("act").asText()).contains("Late Paint");
        // Before: the white swatch. After: the red it turned 10 ms after the click, a repaint that
        // may still be under way when the act's (empty) verification ends.
        assertThat(count(picture(data, "before"), RED)).as("red pixels before").isZero();
        assertThat(count(picture(data, "after"), RED)).as("red pixels after").isGreaterThan(500);
    }

    @Test
    void aPasswordFieldTheAppPlacesUnderTheRegionAfterEveryCheckIsPaintedOver(TestDesktop desktop)
            throws Exception {
        start(desktop);
        TestDesktop.TargetApp app = late(desktop);
        McpSyncClient agent = running.agent("hostile");
        McpSchema.CallToolResult seen = RunningApp.call(agent, "computer_observe", Map.of("app", "" + app.pid()));
        assertThat(RunningApp.nodes(seen)).noneMatch(n -> Boolean.TRUE.equals(n.get("secure")));
        List<?> button = (List<?>) RunningApp.nodes(seen).stream().filter(n -> "Sign in later".equals(n.get("name")))
                .findFirst().orElseThrow(() -> new AssertionError(seen.toString())).get("frame");
        int nx = ((Number) button.get(0)).intValue() + ((Number) button.get(2)).intValue() / 2;
        int ny = ((Number) button.get(1)).intValue() + ((Number) button.get(3)).intValue() / 2;

        JsonNode data = visualClick(agent, app, nx, ny);

        // The field did appear, right below the button, inside the picture's region.
        McpSchema.CallToolResult again = RunningApp.call(agent, "computer_observe", Map.of("app", "" + app.pid()));
        assertThat(RunningApp.nodes(again)).anyMatch(n -> Boolean.TRUE.equals(n.get("secure")));
        assertThat(count(picture(data, "before"), TimelinePicturesDesktopTest.PAINTED)).as("painted before").isZero();
        assertThat(count(picture(data, "after"), TimelinePicturesDesktopTest.PAINTED)).as("painted after")
                .isGreaterThan(300);
        assertThat(Files.readString(running.home.auditFile())).doesNotContain("hunter2");
    }

    @Test
    void withPicturesOffAVisualClickTakesNone(TestDesktop desktop) throws Exception {
        Home home = Home.of(dir.resolve("home")).ensure();
        Files.writeString(home.settings(), "{\"timeline_pictures\": false}");
        start(desktop);
        TestDesktop.TargetApp app = late(desktop);
        McpSyncClient agent = running.agent("claude");
        List<?> frame = frame(RunningApp.call(agent, "computer_observe", Map.of("app", "" + app.pid())));
        JsonNode data = visualClick(agent, app, ((Number) frame.get(0)).intValue() + 60,
                ((Number) frame.get(1)).intValue() + 30);

        assertThat(data.has("pictures")).isFalse();
        assertThat(AuditPictures.forLog(running.home.auditFile()).dir()).doesNotExist();
    }

    static int count(BufferedImage image, int rgb) {
        int n = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if ((image.getRGB(x, y) & 0xFFFFFF) == rgb) {
                    n++;
                }
            }
        }
        return n;
    }
}
