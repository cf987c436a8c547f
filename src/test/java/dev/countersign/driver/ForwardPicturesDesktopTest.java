package dev.countersign.driver;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.countersign.approval.ApprovalWatch;
import dev.countersign.approval.Decision;
import dev.countersign.audit.AuditLog;
import dev.countersign.audit.AuditPictures;
import dev.countersign.core.Json;
import dev.countersign.core.RandomIds;
import dev.countersign.core.Rect;
import dev.countersign.desktop.PointerInput;
import dev.countersign.desktop.SelfTargetGuard;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import dev.countersign.desktop.linux.X11WindowStack;
import dev.countersign.policy.RiskPolicy;
import dev.countersign.server.tools.AuditTrail;
import dev.countersign.testkit.ScriptedApprover;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A governed server's forwarded input ({@link ComputerDriver#forward}) gets its timeline pictures
 * like a ref act: the region around its point, before and once settled after, hashed into its
 * receipt's audit record, with a password field the app places there after the checks painted
 * over. The "server" here sends the judged click as real X input on the private desktop.
 */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class ForwardPicturesDesktopTest {
    private static final int RED = 0xFF0000;
    private static final int PAINTED = 0x404040;

    @TempDir
    Path home;
    private X11WindowStack stack;
    private ComputerDriver driver;
    private AuditLog audit;

    private void start(TestDesktop desktop) throws Exception {
        stack = X11WindowStack.open(System.getenv("DISPLAY")).orElseThrow();
        // A point on no element asks (unknown target): the person allows.
        ScriptedApprover person = ScriptedApprover.always(Decision.ALLOW_ONCE);
        var backend = new SelfTargetGuard(desktop.backend(), stack, () -> false);
        Clock clock = Clock.systemUTC();
        DriverSettings settings = DriverSettings.defaults("sess-forward-pictures");
        driver = new ComputerDriver(backend, new PolicyApprovals(RiskPolicy.defaults()), person,
                new LeaseBook(clock, settings.sessionId(), settings.principalId(), LeaseBook.Terms.defaults()),
                clock, new RandomIds(), new SecureRandom(), settings);
        audit = AuditLog.open(home.resolve("audit").resolve("audit.jsonl"), clock);
    }

    @AfterEach
    void stop() {
        if (audit != null) {
            audit.close();
        }
        if (stack != null) {
            stack.close();
        }
    }

    /** Forwards a click at native point (x, y), sent as real input; the receipt's audit record data. */
    private JsonNode forwardClick(TestDesktop desktop, int x, int y) throws Exception {
        ForwardedAct act = new ForwardedAct("computer", "desk", "left_click",
                new ForwardedAct.Pointer(ForwardedAct.Gesture.CLICK, new Rect(x, y, 1, 1), null, null),
                judged -> desktop.backend().pointer(PointerInput.click(x, y)));
        ToolResult<Forwarded> result = driver.forward("claude", act, ApprovalWatch.NONE);
        assertThat(result).as("%s", result).isInstanceOf(ToolResult.Ok.class);
        Receipt receipt = ((ToolResult.Ok<Forwarded>) result).value().receipt();
        assertThat(receipt.status()).as("%s", receipt).isEqualTo("unknown");
        new AuditTrail(audit, driver::takeAccount).receipt("claude", "computer", receipt);
        audit.sync();
        List<JsonNode> receipts = Files.readAllLines(audit.file()).stream().map(ForwardPicturesDesktopTest::tree)
                .filter(r -> "receipt".equals(r.path("kind").asText())).toList();
        return receipts.get(receipts.size() - 1).path("data");
    }

    private BufferedImage picture(JsonNode data, String role) throws Exception {
        String hash = data.path("pictures").path(role).asText();
        byte[] png = AuditPictures.forLog(audit.file()).read(hash)
                .orElseThrow(() -> new AssertionError("no " + role + " picture kept: " + data));
        return ImageIO.read(new ByteArrayInputStream(png));
    }

    private ObservationView observe(TestDesktop.TargetApp app) {
        return ((ToolResult.Ok<ObservationView>) driver.observe("probe",
                new ObserveArgs(String.valueOf(app.pid()), null, null, null, null))).value();
    }

    @Test
    void aForwardedClickIsPicturedBeforeAndOnceTheAppRepaintedAfter(TestDesktop desktop) throws Exception {
        start(desktop);
        TestDesktop.TargetApp app = desktop.launchScript("Late Paint", "/dev/countersign/app/late_paint.py");
        int[] window = observe(app).window().frame();

        // The swatch at the window's (12, 12), 120x40: it turns red 10 ms after the click.
        JsonNode data = forwardClick(desktop, window[0] + 60, window[1] + 30);

        assertThat(count(picture(data, "before"), RED)).as("red before").isZero();
        assertThat(count(picture(data, "after"), RED)).as("red after").isGreaterThan(500);
    }

    @Test
    void aPasswordFieldPlacedUnderAForwardedClicksRegionAfterTheChecksIsPaintedOver(TestDesktop desktop)
            throws Exception {
        start(desktop);
        TestDesktop.TargetApp app = desktop.launchScript("Late Paint", "/dev/countersign/app/late_paint.py");
        int[] button = observe(app).nodes().stream().filter(n -> "Sign in later".equals(n.name()))
                .map(NodeView::frame).findFirst().orElseThrow();

        JsonNode data = forwardClick(desktop, button[0] + button[2] / 2, button[1] + button[3] / 2);

        assertThat(observe(app).nodes()).anyMatch(NodeView::secure);
        assertThat(count(picture(data, "before"), PAINTED)).as("painted before").isZero();
        assertThat(count(picture(data, "after"), PAINTED)).as("painted after").isGreaterThan(300);
    }

    private static JsonNode tree(String line) {
        try {
            return Json.mapper().readTree(line);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
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
