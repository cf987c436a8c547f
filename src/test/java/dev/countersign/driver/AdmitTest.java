package dev.countersign.driver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.core.ErrorCode;
import dev.countersign.core.Rect;
import dev.countersign.desktop.ScreenWindows;
import dev.countersign.testkit.MemoryDesktop;
import dev.countersign.testkit.ScriptedApprover;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An act a governing Countersign drives is admitted by exactly the checks a local
 * {@code computer_act} passes before its graph, in the same order: the governed side has no copy
 * of them to drift. A wheel whose point another window covers is refused on both paths alike.
 */
class AdmitTest {
    private static final String SCOPE = "governor:laptop";
    private final MemoryDesktop desktop = MemoryDesktop.loginForm().withWindowSystem();
    /** The window stack, topmost first; a test lays a window over the form. */
    private final List<ScreenWindows.ScreenWindow> stack = desktop.stack;
    private final DriverHarness h = new DriverHarness(desktop, new ScriptedApprover(),
            DriverSettings.defaults("sess-test"));

    private ObservationView formOnTop(String agent) {
        stack.add(new ScreenWindows.ScreenWindow(11, 4242, "Login Form", new Rect(0, 0, 400, 300)));
        return h.observe(agent);
    }

    @Test
    void aCoveredWheelIsRefusedForAGoverningCountersignAsForALocalAgent() {
        ObservationView governors = formOnTop(SCOPE);
        ObservationView agents = h.observe("claude");
        stack.add(0, new ScreenWindows.ScreenWindow(30, 77, "Phish", new Rect(0, 0, 400, 300)));

        ToolResult<Admitted> admitted = h.driver.admit(SCOPE,
                new ScrollArgs(DriverHarness.ref(governors, "User name"), "down", null, null));
        ToolResult<Receipt> local = h.driver.act("claude", new ScrollArgs(DriverHarness.ref(agents, "User name"),
                "down", null, null));

        assertThat(DriverHarness.err(admitted).code()).isEqualTo(ErrorCode.TARGET_CHANGED);
        assertThat(DriverHarness.err(admitted).message()).contains("covered by the window 'Phish'");
        assertThat(DriverHarness.err(local).message()).isEqualTo(DriverHarness.err(admitted).message());
        assertThat(h.desktop.dispatched).isEmpty();
    }

    @Test
    void anUncoveredActIsAdmittedWithThePolicyOfThisDesktop() {
        ObservationView seen = formOnTop(SCOPE);

        Admitted admitted = DriverHarness.ok(h.driver.admit(SCOPE,
                new ClickArgs(DriverHarness.ref(seen, "Delete"), null)));

        assertThat(admitted.requirement().required()).as("this desktop's policy: Delete asks").isTrue();
        assertThat(admitted.summary()).contains("Delete");
        assertThat(admitted.appName()).isEqualTo("yad");
        assertThat(admitted.windowTitle()).isEqualTo("Login Form");
        assertThat(h.desktop.dispatched).as("admitting dispatches nothing").isEmpty();
    }

    @Test
    void aSecureFieldIsRefusedBeforeAnythingIsAdmitted() {
        ObservationView seen = formOnTop(SCOPE);

        ToolResult<Admitted> admitted = h.driver.admit(SCOPE,
                new TypeArgs(DriverHarness.ref(seen, "Password"), "hunter2", null));

        assertThat(DriverHarness.err(admitted).code()).isEqualTo(ErrorCode.SECURE_FIELD_REFUSED);
    }

    @Test
    void anotherScopesRefIsNotAdmitted() {
        ObservationView agents = formOnTop("claude");

        ToolResult<Admitted> admitted = h.driver.admit(SCOPE,
                new ClickArgs(DriverHarness.ref(agents, "Delete"), null));

        assertThat(DriverHarness.err(admitted).code()).isEqualTo(ErrorCode.REF_UNKNOWN);
    }
}
