package dev.countersign.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.countersign.core.ActionRequest;
import dev.countersign.core.ActionTarget;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ElementEvidence;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Rect;
import dev.countersign.desktop.ScreenWindows;
import dev.countersign.testkit.MemoryDesktop;
import dev.countersign.testkit.ScriptedApprover;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An act a governing Countersign drives passes exactly the checks a local {@code computer_act}
 * passes before its graph, in the same order: the governed side has no copy of them to drift. A
 * wheel whose point another window covers is refused on both paths alike.
 */
class HostedActsTest {
    private static final String SCOPE = "governor:laptop:claude";
    /** The login form, on a window system whose stack this test arranges. */
    private final MemoryDesktop desktop = MemoryDesktop.loginForm().withWindowSystem();
    /** The window stack, topmost first; a test lays a window over the form. */
    private final List<ScreenWindows.ScreenWindow> stack = desktop.stack;
    private final DriverHarness h = new DriverHarness(desktop, new ScriptedApprover(),
            DriverSettings.defaults("sess-test"));

    private ActionRequest request(ObservationView seen, String role, String name, Map<String, Object> arguments) {
        return new ActionRequest("sess_laptop", "person", "claude", null, "computer_act",
                (String) arguments.get("op"), "mutate", "foreground", arguments,
                new ActionTarget(Long.toString(seen.app().pid()), seen.window().id(),
                        new ElementEvidence(null, role, null, name, null, null, null, false)),
                null, "remote:laptop", 30_000);
    }

    private ObservationView formOnTop() {
        stack.add(new ScreenWindows.ScreenWindow(11, 4242, "Login Form", new Rect(0, 0, 400, 300)));
        return h.observe("claude");
    }

    @Test
    void aCoveredWheelIsRefusedForAGoverningCountersignAsForALocalAgent() {
        ObservationView seen = formOnTop();
        stack.add(0, new ScreenWindows.ScreenWindow(30, 77, "Phish", new Rect(0, 0, 400, 300)));

        CountersignException hosted = catchThrowableOfType(() -> h.driver.hosted().prepare(SCOPE,
                request(seen, "text", "User name", Map.of("op", "scroll", "direction", "down"))),
                CountersignException.class);
        ToolResult<Receipt> local = h.driver.act("claude", new ActArgs.Scroll(DriverHarness.ref(seen, "User name"),
                "down", null, null));

        assertThat(hosted).as("the governed side refuses").isNotNull();
        assertThat(hosted.error().code()).isEqualTo(ErrorCode.TARGET_CHANGED);
        assertThat(hosted.error().message()).contains("covered by the window 'Phish'");
        assertThat(DriverHarness.err(local).message()).isEqualTo(hosted.error().message());
        assertThat(h.desktop.dispatched).isEmpty();
    }

    @Test
    void anUncoveredActIsPreparedWithThePolicyOfThisDesktop() {
        ObservationView seen = formOnTop();

        HostedActs.Prepared prepared = h.driver.hosted().prepare(SCOPE,
                request(seen, "push button", "Delete", Map.of("op", "click")));

        assertThat(prepared.requirement().required()).as("this desktop's policy: Delete asks").isTrue();
        assertThat(prepared.summary()).contains("Delete");
        assertThat(prepared.appName()).isEqualTo("yad");
        assertThat(prepared.windowTitle()).isEqualTo("Login Form");
    }

    @Test
    void aSecureFieldIsRefusedBeforeAnythingIsPrepared() {
        ObservationView seen = formOnTop();

        CountersignException refused = catchThrowableOfType(() -> h.driver.hosted().prepare(SCOPE,
                request(seen, "password text", "Password", Map.of("op", "type", "text", "hunter2"))),
                CountersignException.class);

        assertThat(refused.error().code()).isEqualTo(ErrorCode.SECURE_FIELD_REFUSED);
    }
}
