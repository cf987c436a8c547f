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

/**
 * A real act's audit record as the timeline reads it: the act in the dialog's words and small
 * before/after pictures of the target's region, with the password field next to it painted over;
 * none at all when the person turned pictures off.
 */
class TimelinePicturesDesktopTest extends AdversarialDesktopTest {
    /** The colour RegionPicture paints a secure field with (java.awt.Color.DARK_GRAY). */
    static final int PAINTED = 0x404040;

    private JsonNode clickRememberMe(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp form = desktop.launchForm("", "hunter2-secret");
        McpSyncClient agent = running.agent("claude");
        McpSchema.CallToolResult seen = RunningApp.call(agent, "computer_observe", Map.of("app", "" + form.pid()));
        McpSchema.CallToolResult click = RunningApp.call(agent, "computer_act",
                Map.of("ref", RunningApp.refOf(seen, "Remember me"), "op", "click"));
        assertThat(RunningApp.structured(click)).containsEntry("status", "confirmed");
        List<JsonNode> receipts = running.auditRecords().stream()
                .filter(r -> "receipt".equals(r.path("kind").asText())).toList();
        return receipts.get(receipts.size() - 1).path("data");
    }

    @Test
    void anActsRecordHoldsItsWordsAndItsPicturesWithTheNearbyPasswordFieldPaintedOver(TestDesktop desktop)
            throws Exception {
        start(desktop);
        JsonNode data = clickRememberMe(desktop);

        assertThat(data.path("act").asText()).contains("\u2018Remember me\u2019", "window \u2018Login Form\u2019");
        assertThat(data.path("asked").asBoolean()).isFalse();
        assertThat(data.path("not_asked_why").asText()).isNotBlank();
        AuditPictures pictures = AuditPictures.forLog(running.home.auditFile());
        for (String role : List.of("before", "after")) {
            String hash = data.path("pictures").path(role).asText();
            byte[] png = pictures.read(hash).orElseThrow(() -> new AssertionError("no " + role + " picture kept"));
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
            assertThat(image.getWidth()).isLessThanOrEqualTo(240);
            assertThat(image.getHeight()).isLessThanOrEqualTo(140);
            // The password field above the check box falls inside the region: it is painted over.
            assertThat(painted(image)).as("%s picture's painted-over pixels", role).isGreaterThan(100);
        }
    }

    @Test
    void withPicturesOffNoPictureIsTakenOrNamed(TestDesktop desktop) throws Exception {
        Home home = Home.of(dir.resolve("home")).ensure();
        Files.writeString(home.settings(), "{\"timeline_pictures\": false}");
        start(desktop);
        JsonNode data = clickRememberMe(desktop);

        assertThat(data.path("act").asText()).contains("Remember me");
        assertThat(data.has("pictures")).isFalse();
        assertThat(AuditPictures.forLog(running.home.auditFile()).dir()).doesNotExist();
    }

    private static int painted(BufferedImage image) {
        int n = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if ((image.getRGB(x, y) & 0xFFFFFF) == PAINTED) {
                    n++;
                }
            }
        }
        return n;
    }
}
