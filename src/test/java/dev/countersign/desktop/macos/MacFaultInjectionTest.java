package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.AppInfo;
import dev.countersign.desktop.ElementAction;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.KeyInput;
import dev.countersign.desktop.MouseButton;
import dev.countersign.desktop.PermissionState;
import dev.countersign.desktop.PointerInput;
import dev.countersign.desktop.SessionState;
import dev.countersign.desktop.SnapshotLimits;
import dev.countersign.desktop.TreeSnapshot;
import dev.countersign.desktop.WindowInfo;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Faults injected through the framework harness — NULL returns, values of the wrong CF type, each
 * AXError, an application that does not answer, a declined capture — are refused with a stable
 * code (or read as "absent"), the JVM keeps running, and the retain ledger still balances.
 */
@Tag("macos-sim")
class MacFaultInjectionTest extends HarnessBackendFixture {
    MacFaultInjectionTest() {
        super("buttons.json", "Editor", "com.example.editor");
    }

    private static ElementNode named(TreeSnapshot s, String role, String name) {
        return s.nodes().stream().filter(n -> role.equals(n.role()) && name.equals(n.name())).findFirst()
                .orElseThrow(() -> new AssertionError("no " + role + " " + name + " in " + s.nodes()));
    }

    private static ErrorCode refusal(Runnable call) {
        CountersignException e = catchThrowableOfType(CountersignException.class, call::run);
        assertThat(e).as("expected a refusal with a code").isNotNull();
        return e.error().code();
    }

    /** Every AXError from AXUIElementPerformAction, and the code the agent gets for it. */
    static Stream<Arguments> performErrors() {
        return Stream.of(
                Arguments.of(-25200, ErrorCode.INTERNAL), Arguments.of(-25201, ErrorCode.INTERNAL),
                Arguments.of(-25202, ErrorCode.TARGET_CHANGED), Arguments.of(-25203, ErrorCode.INTERNAL),
                Arguments.of(-25204, ErrorCode.INTERNAL), Arguments.of(-25205, ErrorCode.INVALID_ARGUMENT),
                Arguments.of(-25206, ErrorCode.INVALID_ARGUMENT), Arguments.of(-25207, ErrorCode.INVALID_ARGUMENT),
                Arguments.of(-25208, ErrorCode.INVALID_ARGUMENT), Arguments.of(-25209, ErrorCode.INTERNAL),
                Arguments.of(-25210, ErrorCode.INTERNAL), Arguments.of(-25211, ErrorCode.PERMISSION_MISSING),
                Arguments.of(-25212, ErrorCode.INTERNAL), Arguments.of(-25213, ErrorCode.INVALID_ARGUMENT),
                Arguments.of(-25214, ErrorCode.INTERNAL), Arguments.of(-99999, ErrorCode.INTERNAL));
    }

    @ParameterizedTest(name = "AXError {0} from AXPress is {1}")
    @MethodSource("performErrors")
    void eachAxErrorFromAnActionIsAStableCode(int axError, ErrorCode expected) {
        ElementNode save = named(snapshot(), "AXButton", "Save");
        sim.sim_fault("AXUIElementPerformAction:AXPress", MacSim.F_ERROR, axError, -1);
        assertThat(refusal(() -> backend.perform(save.handle(), new ElementAction.Press()))).isEqualTo(expected);
    }

    @ParameterizedTest(name = "AXError {0} reading the window refuses the snapshot")
    @MethodSource("performErrors")
    void eachAxErrorFromAReadRefusesTheSnapshot(int axError, ErrorCode ignored) {
        AppInfo app = app();
        WindowInfo window = window(app);
        sim.sim_fault("AXUIElementCopyMultipleAttributeValues", MacSim.F_ERROR, axError, -1);
        assertThat(refusal(() -> backend.snapshot(app, window, SnapshotLimits.defaults())))
                .isEqualTo(ErrorCode.TARGET_CHANGED);
    }

    @Nested
    class WrongTypes {
        @Test
        void childrenThatAreNotAnArrayMakeALeafInsteadOfAborting() {
            AppInfo app = app();
            WindowInfo window = window(app);
            sim.sim_fault("AXUIElementCopyAttributeValue:AXChildren", MacSim.F_WRONG_TYPE, 0, -1);
            TreeSnapshot s = backend.snapshot(app, window, SnapshotLimits.defaults());
            assertThat(s.nodes()).hasSize(1);
        }

        @Test
        void windowsThatAreNotAnArrayAreNoWindows() {
            AppInfo app = app();
            sim.sim_fault("AXUIElementCopyAttributeValue:AXWindows", MacSim.F_WRONG_TYPE, 0, -1);
            assertThat(backend.listWindows(app)).isEmpty();
        }

        @Test
        void aBatchAnsweredWithADictionaryIsAnUnreadableElement() {
            AppInfo app = app();
            WindowInfo window = window(app);
            sim.sim_fault("AXUIElementCopyMultipleAttributeValues", MacSim.F_WRONG_TYPE, 0, -1);
            assertThat(refusal(() -> backend.snapshot(app, window, SnapshotLimits.defaults())))
                    .isEqualTo(ErrorCode.TARGET_CHANGED);
        }

        @Test
        void aTitleOfTheWrongTypeIsAnAbsentTitle() {
            sim.sim_fault("AXUIElementCopyMultipleAttributeValues:AXTitle", MacSim.F_WRONG_TYPE, 0, -1);
            TreeSnapshot s = snapshot();
            assertThat(s.nodes()).extracting(ElementNode::name).doesNotContain("Save", "Revert");
        }

        @Test
        void actionNamesThatAreNotAnArrayAreNoActions() {
            sim.sim_fault("AXUIElementCopyActionNames", MacSim.F_WRONG_TYPE, 0, -1);
            assertThat(snapshot().nodes()).allSatisfy(n -> assertThat(n.actions()).isEmpty());
        }

        @Test
        void aSessionDictionaryThatIsNotADictionaryRefusesEverything() {
            sim.sim_fault("CGSessionCopyCurrentDictionary", MacSim.F_WRONG_TYPE, 0, -1);
            assertThat(backend.sessionState()).isNotEqualTo(SessionState.AVAILABLE);
            assertThat(refusal(MacFaultInjectionTest.this::app)).isEqualTo(ErrorCode.SESSION_LOCKED);
        }

        @Test
        void imageDataThatIsNotDataIsARejectedCapture() {
            WindowInfo window = window(app());
            sim.sim_fault("CGDataProviderCopyData", MacSim.F_WRONG_TYPE, 0, -1);
            assertThat(refusal(() -> backend.capture(window))).isEqualTo(ErrorCode.CAPTURE_REJECTED);
        }
    }

    @Nested
    class NullReturns {
        @Test
        void noSessionDictionaryIsUnknownAndRefused() {
            sim.sim_fault("CGSessionCopyCurrentDictionary", MacSim.F_NULL, 0, -1);
            assertThat(backend.sessionState()).isEqualTo(SessionState.UNKNOWN);
            assertThat(refusal(MacFaultInjectionTest.this::app)).isEqualTo(ErrorCode.SESSION_LOCKED);
        }

        @Test
        void noImageIsARejectedCapture() {
            WindowInfo window = window(app());
            sim.sim_fault("CGWindowListCreateImage", MacSim.F_NULL, 0, -1);
            assertThat(refusal(() -> backend.capture(window))).isEqualTo(ErrorCode.CAPTURE_REJECTED);
        }

        @Test
        void noImageDataIsARejectedCaptureNotASegfault() {
            WindowInfo window = window(app());
            sim.sim_fault("CGDataProviderCopyData", MacSim.F_NULL, 0, -1);
            assertThat(refusal(() -> backend.capture(window))).isEqualTo(ErrorCode.CAPTURE_REJECTED);
        }

        @Test
        void noDataProviderIsARejectedCapture() {
            WindowInfo window = window(app());
            sim.sim_fault("CGImageGetDataProvider", MacSim.F_NULL, 0, -1);
            assertThat(refusal(() -> backend.capture(window))).isEqualTo(ErrorCode.CAPTURE_REJECTED);
        }

        @Test
        void noWindowNumberAndNoWindowListIsARejectedCapture() {
            WindowInfo window = window(app());
            sim.sim_fault("_AXUIElementGetWindow", MacSim.F_ERROR, -25205, -1);
            sim.sim_fault("CGWindowListCopyWindowInfo", MacSim.F_NULL, 0, -1);
            assertThat(refusal(() -> backend.capture(window))).isEqualTo(ErrorCode.CAPTURE_REJECTED);
        }

        @Test
        void childrenReturnedAsNullAreNoChildren() {
            AppInfo app = app();
            WindowInfo window = window(app);
            sim.sim_fault("AXUIElementCopyAttributeValue:AXChildren", MacSim.F_NULL, 0, -1);
            assertThat(backend.snapshot(app, window, SnapshotLimits.defaults()).nodes()).hasSize(1);
        }

        @Test
        void aKeyEventThatCannotBeMadeLetsTheModifierUpAgain() {
            // The first keyboard event (⌘ down) is made, the second (the key) is not.
            sim.sim_fault("CGEventCreateKeyboardEvent", MacSim.F_NULL, 1, 1);
            assertThat(refusal(() -> backend.keys(new KeyInput.Keys("cmd+s")))).isEqualTo(ErrorCode.INTERNAL);
            assertThat(sim.events()).contains("key down code=55", "key up code=55");
        }

        @Test
        void aMouseEventThatCannotBeMadeIsRefused() {
            sim.sim_fault("CGEventCreateMouseEvent", MacSim.F_NULL, 0, -1);
            assertThat(refusal(() -> backend.pointer(new PointerInput.Click(500, 300, MouseButton.LEFT, 1))))
                    .isEqualTo(ErrorCode.INTERNAL);
        }

        @Test
        void noKeyboardLayoutSendsNoShortcut() {
            sim.sim_fault("TISCopyCurrentKeyboardLayoutInputSource", MacSim.F_NULL, 0, -1);
            assertThat(refusal(() -> backend.keys(new KeyInput.Keys("cmd+z")))).isEqualTo(ErrorCode.INTERNAL);
            assertThat(sim.events()).isEmpty();
        }
    }

    /** Each waits out a cut-off of seconds, hence "slow": not in the fast lane of scripts/test. */
    @Nested
    @Tag("slow")
    class Timeouts {
        @Test
        void aHungReadIsCutOffByTheProcessWideTimeout() {
            AppInfo app = app();
            WindowInfo window = window(app);
            // The window element has no timeout of its own: only the system-wide default bounds it.
            sim.sim_fault("AXUIElementCopyMultipleAttributeValues", MacSim.F_TIMEOUT, 20_000, -1);
            long t0 = System.nanoTime();
            assertThat(refusal(() -> backend.snapshot(app, window, SnapshotLimits.defaults())))
                    .isEqualTo(ErrorCode.TARGET_CHANGED);
            assertThat((System.nanoTime() - t0) / 1_000_000).isLessThan(4_000);
        }

        @Test
        void aHungPressIsCutOffAndReportedAsUnknown() {
            ElementNode save = named(snapshot(), "AXButton", "Save");
            sim.sim_fault("AXUIElementPerformAction:AXPress", MacSim.F_TIMEOUT, 20_000, -1);
            long t0 = System.nanoTime();
            assertThat(refusal(() -> backend.perform(save.handle(), new ElementAction.Press())))
                    .isEqualTo(ErrorCode.INTERNAL);
            assertThat((System.nanoTime() - t0) / 1_000_000).isLessThan(5_000);
        }

        @Test
        void aPopUpPressThatBlocksInItsMenuCountsAsDispatchedAfterHalfASecond() {
            ElementNode popup = snapshot().nodes().stream().filter(n -> "AXPopUpButton".equals(n.role())).findFirst()
                    .orElseThrow();
            sim.sim_fault("AXUIElementPerformAction:AXPress", MacSim.F_TIMEOUT, 20_000, -1);
            long t0 = System.nanoTime();
            backend.perform(popup.handle(), new ElementAction.Press());
            assertThat((System.nanoTime() - t0) / 1_000_000).isBetween(400L, 2_000L);
            assertThat(sim.calls()).containsPattern("timeout \\d+ 0\\.500");
        }
    }

    @Nested
    class Permissions {
        @Test
        void aDeclinedCaptureIsPermissionMissingNotATransparentImage() {
            WindowInfo window = window(app());
            sim.sim_capture_set(0);
            assertThat(backend.permissions().screenRecording()).isEqualTo(PermissionState.DENIED);
            assertThat(refusal(() -> backend.capture(window))).isEqualTo(ErrorCode.PERMISSION_MISSING);
            assertThat(sim.calls()).doesNotContain("capture ");
        }

        @Test
        void withoutAccessibilityEveryOperationIsRefused() {
            sim.sim_trusted_set(0);
            assertThat(refusal(MacFaultInjectionTest.this::app)).isEqualTo(ErrorCode.PERMISSION_MISSING);
            assertThat(refusal(() -> backend.keys(new KeyInput.Keys("Return")))).isEqualTo(ErrorCode.PERMISSION_MISSING);
        }

        @Test
        void aLockedScreenRefusesEverything() {
            sim.sim_session_set(1, 1, 1, 1);
            assertThat(backend.sessionState()).isEqualTo(SessionState.LOCKED);
            assertThat(refusal(MacFaultInjectionTest.this::app)).isEqualTo(ErrorCode.SESSION_LOCKED);
        }
    }
}
