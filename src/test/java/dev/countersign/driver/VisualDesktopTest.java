package dev.countersign.driver;

import static dev.countersign.driver.DriverDesktopTest.driver;
import static dev.countersign.driver.DriverDesktopTest.observe;
import static dev.countersign.driver.DriverHarness.err;
import static dev.countersign.driver.DriverHarness.ok;
import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.approval.Decision;
import dev.countersign.core.Digests;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Rect;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import dev.countersign.testkit.ScriptedApprover;
import dev.countersign.vision.Mark;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.time.Duration;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Set-of-Mark observation and the coordinate fallback against real yad windows. */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class VisualDesktopTest {

    private static Mark markOf(VisualObservation visual, ObservationView view, String name) {
        String ref = DriverHarness.ref(view, name);
        return visual.marks().stream().filter(m -> ref.equals(m.ref())).findFirst()
                .orElseThrow(() -> new AssertionError("no mark for " + name));
    }

    private static VisualArgs.Act click(VisualObservation visual, int x, int y) {
        return new VisualArgs.Act.Click(visual.observationId(), visual.captureSha256(), new VisualArgs.Point(x, y));
    }

    @Test
    void marksMapBackToTheWidgetsAndThePngIsWhatTheHashNames(TestDesktop desktop) throws Exception {
        ComputerDriver driver = driver(desktop, new ScriptedApprover());
        TestDesktop.TargetApp form = desktop.launchForm("alice", "secret");
        ObservationView view = observe(driver, "agent-a", form);

        VisualObservation visual = ok(driver.visualObserve("agent-a", new VisualArgs.Observe(view.observationId(), null)));

        assertThat(Digests.sha256Hex(visual.png())).isEqualTo(visual.captureSha256());
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(visual.png()));
        assertThat(new int[] {image.getWidth(), image.getHeight()}).isEqualTo(visual.attachmentSize());
        assertThat(visual.marks()).isNotEmpty();
        int[] window = view.window().frame();
        for (String name : new String[] {"Remember me", "Click me", "OK"}) {
            Mark mark = markOf(visual, view, name);
            int[] f = view.nodes().get(mark.sourceIndex()).frame();
            Rect expected = new Rect((int) Math.round((f[0] - window[0]) * visual.scale()),
                    (int) Math.round((f[1] - window[1]) * visual.scale()),
                    (int) Math.round(f[2] * visual.scale()), (int) Math.round(f[3] * visual.scale()));
            assertThat(Math.abs(mark.rect().x() - expected.x())).as(name + " x").isLessThanOrEqualTo(1);
            assertThat(Math.abs(mark.rect().y() - expected.y())).as(name + " y").isLessThanOrEqualTo(1);
            assertThat(Math.abs(mark.rect().width() - expected.width())).as(name + " w").isLessThanOrEqualTo(1);
        }
        // A visual read does not consume the observation.
        assertThat(ok(driver.act("agent-a", ActArgs.click(DriverHarness.ref(view, "Remember me")))).status())
                .isEqualTo("confirmed");
    }

    @Test
    void aVisualClickOnANamedCheckBoxIsJudgedAsAClickOnItFlipsItAndStaysUnknown(TestDesktop desktop) throws Exception {
        ScriptedApprover approver = ScriptedApprover.always(Decision.ALLOW_ONCE);
        ComputerDriver driver = driver(desktop, approver);
        TestDesktop.TargetApp form = desktop.launchForm("", "");
        ObservationView view = observe(driver, "agent-a", form);
        VisualObservation visual = ok(driver.visualObserve("agent-a", new VisualArgs.Observe(view.observationId(), null)));
        Mark box = markOf(visual, view, "Remember me");

        Receipt receipt = ok(driver.visualAct("agent-a", click(visual, box.rect().centerX(), box.rect().centerY())));

        // The point lies on the check box alone and the app's hit test agrees: a click on it asks nobody.
        assertThat(receipt.status()).isEqualTo("unknown");
        assertThat(receipt.approval()).isNull();
        assertThat(approver.asked).isEmpty();
        assertThat(TestDesktop.eventually(Duration.ofSeconds(5), () -> observe(driver, "agent-a", form).nodes().stream()
                .anyMatch(n -> "Remember me".equals(n.name()) && n.states().contains("checked")))).isTrue();
        // The observation is consumed by the act.
        assertThat(err(driver.visualAct("agent-a", click(visual, 1, 1))).code())
                .isEqualTo(ErrorCode.OBSERVATION_CONSUMED);
    }

    @Test
    void aVisualClickOnADeleteButtonAsksInItsWordsAndDeniedDoesNothing(TestDesktop desktop) throws Exception {
        ScriptedApprover approver = ScriptedApprover.always(Decision.DENY);
        ComputerDriver driver = driver(desktop, approver);
        TestDesktop.TargetApp form = desktop.launchDeleteForm();
        ObservationView view = observe(driver, "agent-a", form);
        VisualObservation visual = ok(driver.visualObserve("agent-a", new VisualArgs.Observe(view.observationId(), null)));
        Mark delete = markOf(visual, view, "Delete");

        Receipt receipt = ok(driver.visualAct("agent-a", click(visual, delete.rect().centerX(), delete.rect().centerY())));

        assertThat(receipt.approval().category()).isEqualTo("delete");
        assertThat(receipt.approval().decision()).isEqualTo("denied");
        assertThat(approver.asked).singleElement().satisfies(r -> {
            assertThat(r.summary()).contains("Click at a point on push button \u2018Delete\u2019")
                    .doesNotContain("coordinates only");
            assertThat(r.screenshot()).isPresent();
        });
        Thread.sleep(500);
        assertThat(form.dir().resolve("deleted")).doesNotExist();
    }

    @Test
    void aVisualClickOnNoNamedElementStillAsks(TestDesktop desktop) throws Exception {
        ScriptedApprover approver = ScriptedApprover.always(Decision.DENY);
        ComputerDriver driver = driver(desktop, approver);
        ObservationView view = observe(driver, "agent-a", desktop.launchForm("", ""));
        VisualObservation visual = ok(driver.visualObserve("agent-a", new VisualArgs.Observe(view.observationId(), null)));

        // The window's corner: inside its frame, on none of its elements.
        Receipt receipt = ok(driver.visualAct("agent-a", click(visual, 1, 1)));

        assertThat(receipt.approval().category()).isEqualTo("unknown_target");
        assertThat(approver.asked).hasSize(1);
    }

    @Test
    void visualClickOnThePasswordFieldIsRefused(TestDesktop desktop) throws Exception {
        ScriptedApprover approver = ScriptedApprover.always(Decision.ALLOW_ONCE);
        ComputerDriver driver = driver(desktop, approver);
        ObservationView view = observe(driver, "agent-a", desktop.launchForm("", "secret"));
        VisualObservation visual = ok(driver.visualObserve("agent-a", new VisualArgs.Observe(view.observationId(), null)));
        NodeView password = view.nodes().stream().filter(NodeView::secure).findFirst().orElseThrow();
        int[] f = password.frame();
        int[] w = view.window().frame();
        int x = (int) ((f[0] - w[0] + f[2] / 2) * visual.scale());
        int y = (int) ((f[1] - w[1] + f[3] / 2) * visual.scale());

        assertThat(err(driver.visualAct("agent-a", click(visual, x, y))).code())
                .isEqualTo(ErrorCode.SECURE_FIELD_REFUSED);
        assertThat(approver.asked).isEmpty();
    }

    @Test
    void aCaptureHashThatWasNeverDeliveredIsRefused(TestDesktop desktop) throws Exception {
        ComputerDriver driver = driver(desktop, ScriptedApprover.always(Decision.ALLOW_ONCE));
        ObservationView view = observe(driver, "agent-a", desktop.launchForm("", ""));
        VisualObservation visual = ok(driver.visualObserve("agent-a", new VisualArgs.Observe(view.observationId(), null)));
        var error = err(driver.visualAct("agent-a", new VisualArgs.Act.Click(visual.observationId(),
                "0".repeat(64), new VisualArgs.Point(5, 5))));
        assertThat(error.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(error.field()).isEqualTo("capture_sha256");
        var outside = err(driver.visualAct("agent-a", click(visual, visual.attachmentSize()[0] + 5, 5)));
        assertThat(outside.field()).isEqualTo("point");
    }

    @Test
    void aNearBlackWindowIsRejected(TestDesktop desktop) throws Exception {
        ComputerDriver driver = driver(desktop, new ScriptedApprover());
        ObservationView view = observe(driver, "agent-a", desktop.launchBlack());
        var error = err(driver.visualObserve("agent-a", new VisualArgs.Observe(view.observationId(), null)));
        assertThat(error.code()).isEqualTo(ErrorCode.CAPTURE_REJECTED);
    }
}
