package dev.countersign.driver;

import static dev.countersign.driver.DriverDesktopTest.driver;
import static dev.countersign.driver.DriverHarness.ok;
import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.approval.Decision;
import dev.countersign.desktop.LibreOfficeCalc;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import dev.countersign.testkit.ScriptedApprover;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A Return in Calc's Name Box jumps to the cell it names and asks nobody (the policy's
 * {@code roles.local_fields}); the same names claimed by another app's tool bar do not make its
 * field's Return unasked.
 */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class NameBoxDesktopTest {

    private static ObservationView observe(ComputerDriver driver, TestDesktop.TargetApp app) {
        return ok(driver.observe("agent-a", new ObserveArgs(String.valueOf(app.pid()), null, 2000, 30, null)));
    }

    /** The editable single-line text inside the tool bar named "Formula Tool Bar". */
    private static NodeView field(ObservationView view) {
        List<NodeView> nodes = view.nodes();
        return nodes.stream().filter(n -> n.states().contains("editable") && n.states().contains("single_line")
                && within(nodes, n, "Formula Tool Bar")).findFirst()
                .orElseThrow(() -> new AssertionError("no field in the Formula Tool Bar"));
    }

    private static boolean within(List<NodeView> nodes, NodeView n, String name) {
        for (Integer at = n.parent(); at != null && at >= 0; at = nodes.get(at).parent()) {
            if (name.equals(nodes.get(at).name())) {
                return true;
            }
        }
        return false;
    }

    @Test
    void aReturnInCalcsNameBoxJumpsToTheCellAndAsksNobody(TestDesktop desktop) throws Exception {
        ScriptedApprover approver = ScriptedApprover.always(Decision.DENY);
        ComputerDriver driver = driver(desktop, approver);
        TestDesktop.TargetApp calc = LibreOfficeCalc.launch(desktop, 5, 5);

        ok(driver.act("agent-a", ActArgs.type(field(observe(driver, calc)).ref(), "C4")));
        Receipt jumped = ok(driver.act("agent-a", new KeyArgs(field(observe(driver, calc)).ref(), "Return", null)));

        assertThat(approver.asked).isEmpty();
        assertThat(jumped.approval()).isNull();
        assertThat(TestDesktop.eventually(Duration.ofSeconds(10), () -> observe(driver, calc).nodes().stream()
                .anyMatch(n -> "C4".equals(n.name()) && n.states().contains("focused")))).as("the cell cursor is on C4")
                .isTrue();
    }

    @Test
    void anotherAppsToolBarNamedLikeCalcsStillAsksForItsReturn(TestDesktop desktop) throws Exception {
        ScriptedApprover approver = ScriptedApprover.always(Decision.DENY);
        ComputerDriver driver = driver(desktop, approver);
        TestDesktop.TargetApp app = desktop.launchScript("Not a sheet", "/dev/countersign/driver/toolbar_field.py");

        Receipt receipt = ok(driver.act("agent-a", new KeyArgs(field(observe(driver, app)).ref(), "Return", null)));

        assertThat(receipt.approval().category()).isEqualTo("send");
        assertThat(receipt.approval().decision()).isEqualTo("denied");
        Thread.sleep(500);
        assertThat(app.dir().resolve("sent")).doesNotExist();
    }
}
