package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.FocusProof;
import dev.countersign.desktop.KeyInput;
import dev.countersign.desktop.MouseButton;
import dev.countersign.desktop.PointerInput;
import dev.countersign.desktop.ScreenWindows;
import dev.countersign.desktop.SecureMemory;
import dev.countersign.desktop.SelfTargetGuard;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The Mac's window order and keyboard focus over the framework harness, under the production
 * wiring (SecureMemory around the guard around the backend, the guard given the backend's own
 * {@link MacScreenWindows}): pointer and key input the person approved now reaches an app instead
 * of being refused for want of a window stack, and still never reaches Countersign, a window laid
 * over the target, a secret, or a place focus cannot be proven.
 */
@Tag("macos-sim")
class MacScreenWindowsHarnessTest extends HarnessBackendFixture {
    private static final int OWN_PID = (int) ProcessHandle.current().pid();
    /** The Sign In button of secure-field.json, inside its window at (500, 300, 400, 240). */
    private static final int BUTTON_X = 820;
    private static final int BUTTON_Y = 506;

    MacScreenWindowsHarnessTest() {
        super("secure-field.json", "Sign In", "com.example.signin");
    }

    private ScreenWindows screen() {
        return backend.screenWindows().orElseThrow();
    }

    /** As ServedApp wires it. */
    private DesktopBackend guarded() {
        return new SecureMemory(new SelfTargetGuard(backend, screen(), () -> false));
    }

    /** Countersign's own window (this JVM's pid) in front of everything, at the given frame. */
    private void ownWindowInFront(double x, double y, double w, double h) {
        sim.sim_window_add(95, OWN_PID, 3, x, y, w, h, "Countersign \u2014 Approve?", "Countersign");
        sim.sim_window_raise(95);
    }

    private ElementNode named(String role, boolean secure) {
        return snapshot().nodes().stream().filter(n -> role.equals(n.role()) && n.secure() == secure).findFirst()
                .orElseThrow();
    }

    @Nested
    class Stack {
        @Test
        void theStackIsTheWindowListFrontToBackWithoutInvisibleDesktopOrScreenSaverWindows() {
            sim.sim_window_add(91, 7001, 0, 0, 0, 1000, 800, "overlay", "Overlay");
            sim.sim_window_alpha(91, 0);
            sim.sim_window_raise(91);
            sim.sim_window_add(92, 7002, -2147483623, 0, 0, 1920, 1080, "Desktop", "Finder");
            sim.sim_window_add(93, 7003, 1000, 0, 0, 1920, 1080, "Screen saver", "ScreenSaverEngine");
            sim.sim_window_add(94, 7004, 24, 0, 0, 1920, 25, "Menubar", "Window Server");
            sim.sim_window_raise(94);
            sim.sim_window_add(96, 7005, 0, 100, 100, 600, 500, "Behind", "Notes");

            List<ScreenWindows.ScreenWindow> stack = screen().stack();

            assertThat(stack).extracting(ScreenWindows.ScreenWindow::id).containsExactly(94L, 77L, 96L);
            assertThat(stack.get(1).pid()).isEqualTo(SimDesktop.PID);
            assertThat(stack.get(1).frame()).isEqualTo(new dev.countersign.core.Rect(500, 300, 400, 240));
            assertThat(screen().windowAt(BUTTON_X, BUTTON_Y)).map(ScreenWindows.ScreenWindow::id).contains(77L);
        }

        @Test
        void theScreenIsTheMainDisplayInPoints() {
            assertThat(screen().screen()).map(r -> r.x() == 0 && r.y() == 0 && r.width() > 0).contains(true);
        }

        @Test
        void theFocusedWindowIsTheFocusedApplicationsOnScreenWindow() {
            assertThat(screen().focusedWindow()).map(ScreenWindows.ScreenWindow::id).contains(77L);
            sim.sim_focus_app(0);
            assertThat(screen().focusedWindow()).isEmpty();
        }
    }

    @Nested
    class Pointer {
        @Test
        void aClickTheGuardCanPlaceIsPostedNoLongerRefused() {
            guarded().pointer(new PointerInput.Click(BUTTON_X, BUTTON_Y, MouseButton.LEFT, 1));
            assertThat(sim.events()).contains("tap0 mouse type=1 at=820,506 button=0 field1=1");
        }

        @Test
        void aClickOnCountersignsOwnWindowIsRefusedAndNothingIsPosted() {
            ownWindowInFront(700, 450, 300, 200);
            assertThatThrownBy(() -> guarded().pointer(new PointerInput.Click(BUTTON_X, BUTTON_Y, MouseButton.LEFT, 1)))
                    .isInstanceOfSatisfying(CountersignException.class,
                            e -> assertThat(e.error().code()).isEqualTo(ErrorCode.TARGET_IS_COUNTERSIGN));
            assertThat(sim.events()).isEmpty();
        }

        @Test
        void anInvisibleWindowOfCountersignDoesNotCoverTheTarget() {
            ownWindowInFront(700, 450, 300, 200);
            sim.sim_window_alpha(95, 0);
            guarded().pointer(new PointerInput.Click(BUTTON_X, BUTTON_Y, MouseButton.LEFT, 1));
            assertThat(sim.events()).isNotEmpty();
        }
    }

    @Nested
    class Keys {
        @Test
        void keysGoWhereTheFocusedWindowIsTheTargetApps() {
            guarded().keys(new KeyInput.Text("hi"));
            assertThat(sim.events()).isNotEmpty();
        }

        @Test
        void noFocusedApplicationMeansNoKeys() {
            sim.sim_focus_app(0);
            assertThatThrownBy(() -> guarded().keys(new KeyInput.Text("hi")))
                    .isInstanceOfSatisfying(CountersignException.class,
                            e -> assertThat(e.error().code()).isEqualTo(ErrorCode.TARGET_IS_COUNTERSIGN));
            assertThat(sim.events()).isEmpty();
        }

        @Test
        void countersignWithKeyboardFocusGetsNoKeys() {
            SimDesktop.countersignFocusedInFront(sim, 700, 450, 300, 200);

            assertThatThrownBy(() -> guarded().keys(new KeyInput.Keys("Return")))
                    .isInstanceOfSatisfying(CountersignException.class, e -> {
                        assertThat(e.error().code()).isEqualTo(ErrorCode.TARGET_IS_COUNTERSIGN);
                        assertThat(e.error().message()).contains("has keyboard focus");
                    });
            assertThat(sim.events()).isEmpty();
        }

        @Test
        void aFocusedElementInAnotherWindowThanTheFocusedOneIsNoProvenFocus() {
            int other = sim.sim_node_add(SimDesktop.PID, desktop.appNode);
            sim.sim_node_string(other, AxNames.ROLE, "AXWindow");
            int field = desktop.node("0/0");
            sim.sim_node_bool(field, AxNames.FOCUSED, 1);
            sim.sim_node_element(field, AxNames.WINDOW, other);
            sim.sim_node_element(desktop.appNode, AxNames.FOCUSED_UI_ELEMENT, field);

            assertThat(screen().focusedWindow()).isEmpty();
            assertThatThrownBy(() -> guarded().keys(new KeyInput.Text("hi"))).isInstanceOf(CountersignException.class);
            assertThat(sim.events()).isEmpty();
        }

        @Test
        void secureEventInputRefusesEveryKeyAsASecureField() {
            sim.sim_secure_input_set(1);
            assertThatThrownBy(() -> guarded().keys(new KeyInput.Text("hi")))
                    .isInstanceOfSatisfying(CountersignException.class,
                            e -> assertThat(e.error().code()).isEqualTo(ErrorCode.SECURE_FIELD_REFUSED));
            assertThat(sim.events()).isEmpty();
        }
    }

    @Nested
    class Listing {
        @Test
        void theRegularAppsAreListedWithTheirWindowsAndAgentsAreNot() {
            sim.sim_app_policy(SimDesktop.PID + 1, 2);

            List<dev.countersign.desktop.AppListing> listed = backend.listApps();

            assertThat(listed).extracting(l -> l.app().name()).containsExactly("Sign In");
            assertThat(listed.get(0).windows()).extracting(dev.countersign.desktop.WindowInfo::title)
                    .containsExactly("Sign In");
        }

        @Test
        void countersignIsNeverListedToAnAgent() {
            sim.sim_app_add(OWN_PID, "dev.countersign.Countersign", "Countersign", 0, 1_000_000L);
            sim.sim_node_string(sim.sim_node_add(OWN_PID, -1), AxNames.ROLE, AxNames.APPLICATION);

            assertThat(guarded().listApps()).extracting(l -> l.app().name()).doesNotContain("Countersign");
        }
    }

    @Nested
    class TypingFocus {
        @Test
        void focusMovesToTheFieldAndIsProvenThere() {
            ElementNode field = named("AXTextField", false);

            FocusProof proof = guarded().focusForTyping(field.handle());

            assertThat(proof.proven()).as(proof.detail()).isTrue();
            assertThat(proof.detail()).contains("its AXFocusedUIElement is the target", "CGWindowID 77");
            assertThat(sim.calls()).contains("set " + desktop.node("0/0") + " AXFocused true");
        }

        @Test
        void anotherAppWithFocusIsNoProof() {
            ElementNode field = named("AXTextField", false);
            sim.sim_focus_app(0);
            FocusProof proof = guarded().focusForTyping(field.handle());
            assertThat(proof.proven()).isFalse();
        }

        @Test
        void aPasswordFieldIsRefusedBeforeFocusMoves() {
            ElementNode secret = named("AXTextField", true);
            assertThatThrownBy(() -> guarded().focusForTyping(secret.handle()))
                    .isInstanceOfSatisfying(CountersignException.class,
                            e -> assertThat(e.error().code()).isEqualTo(ErrorCode.SECURE_FIELD_REFUSED));
            assertThat(sim.calls()).doesNotContain("AXFocused true");
        }

        @Test
        void secureEventInputIsRefusedBeforeFocusMoves() {
            ElementNode field = named("AXTextField", false);
            sim.sim_secure_input_set(1);
            assertThatThrownBy(() -> guarded().focusForTyping(field.handle()))
                    .isInstanceOfSatisfying(CountersignException.class,
                            e -> assertThat(e.error().code()).isEqualTo(ErrorCode.SECURE_FIELD_REFUSED));
            assertThat(sim.calls()).doesNotContain("AXFocused true");
        }
    }
}
