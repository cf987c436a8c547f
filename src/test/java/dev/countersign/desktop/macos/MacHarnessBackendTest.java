package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.desktop.AppInfo;
import dev.countersign.desktop.ElementAction;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.KeyInput;
import dev.countersign.desktop.SessionState;
import dev.countersign.desktop.TreeSnapshot;
import dev.countersign.desktop.WindowCapture;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@link MacDesktopBackend} itself over the framework harness: the real JNA calls, CF conversions
 * and ownership of desktop.macos, against libraries that keep retain counts. Each test ends with
 * every CF object it made released exactly once.
 */
@Tag("macos-sim")
class MacHarnessBackendTest extends HarnessBackendFixture {
    MacHarnessBackendTest() {
        super("secure-field.json", "Sign In", "com.example.signin");
    }

    private static ElementNode named(TreeSnapshot snapshot, String name) {
        return snapshot.nodes().stream().filter(n -> name.equals(n.name())).findFirst()
                .orElseThrow(() -> new AssertionError("no node " + name + " in " + snapshot.nodes()));
    }

    @Test
    void theSessionIsAvailableAndTheProcessWideTimeoutIsSetOnTheSystemWideElement() {
        assertThat(backend.sessionState()).isEqualTo(SessionState.AVAILABLE);
        assertThat(sim.calls()).contains("timeout system-wide 2.000");
    }

    @Test
    void theFrontmostAppIsResolvedWithItsLaunchIdentity() {
        AppInfo app = app();
        assertThat(app.name()).isEqualTo("Sign In");
        assertThat(app.bundleId()).isEqualTo("com.example.signin");
        assertThat(app.pid()).isEqualTo(SimDesktop.PID);
        assertThat(app.launch().startTime()).isEqualTo(SimDesktop.STARTED);
    }

    @Test
    void aSnapshotReadsTheTreeButNeverTheSecureFieldsValue() {
        TreeSnapshot snapshot = snapshot();
        assertThat(snapshot.nodes()).extracting(ElementNode::name).contains("User name", "Password", "Sign In");
        assertThat(named(snapshot, "User name").value()).isEqualTo("alice");
        assertThat(sim.calls()).doesNotContain("read " + desktop.node("0/1") + " AXValue")
                .contains("read " + desktop.node("0/0") + " AXValue");
    }

    @Test
    void pressingAButtonPerformsAxPress() {
        TreeSnapshot snapshot = snapshot();
        ElementNode button = snapshot.nodes().stream().filter(n -> "AXButton".equals(n.role())).findFirst().orElseThrow();
        backend.perform(button.handle(), new ElementAction.Press());
        assertThat(sim.calls()).contains("perform " + desktop.node("0/3") + " AXPress");
    }

    @Test
    void settingTextWritesTheValueAndReleasesTheString() {
        TreeSnapshot snapshot = snapshot();
        backend.perform(named(snapshot, "User name").handle(), new ElementAction.SetValue("bob"));
        assertThat(sim.valueOf(desktop.node("0/0"), "AXValue")).isEqualTo("bob");
    }

    @Test
    void theWindowIsCapturedFromTheBitmapWithItsRowPadding() {
        AppInfo app = app();
        WindowCapture capture = backend.capture(backend.listWindows(app).get(0));
        assertThat(capture.width()).isEqualTo(desktop.width);
        assertThat(capture.height()).isEqualTo(desktop.height);
        assertThat(capture.argb()).isEqualTo(desktop.expectedPixels);
    }

    @Test
    void aChordIsPostedAsModifierAndKeyEvents() {
        backend.keys(new KeyInput.Keys("cmd+a"));
        assertThat(sim.events()).contains("key down code=55 flags=0x100000", "key down code=0 flags=0x100000");
    }

    @Test
    void requestingAccessPromptsForBothPermissionsAndNamesTheirSettingsPanes() {
        sim.sim_trusted_set(0);
        sim.sim_capture_set(0);
        assertThat(backend.requestAccess()).containsExactly(MacDesktopBackend.ACCESSIBILITY_PANE,
                MacDesktopBackend.SCREEN_RECORDING_PANE);
        assertThat(sim.calls()).contains("prompt accessibility", "request screen capture");
    }

    @Test
    void aPreflightNeverPrompts() {
        sim.sim_trusted_set(0);
        sim.sim_capture_set(0);
        backend.permissions();
        assertThat(sim.calls()).doesNotContain("prompt accessibility", "request screen capture");
    }

    @Test
    void aScrollEventIsPlacedAtThePointItScrolls() {
        backend.pointer(new dev.countersign.desktop.PointerInput.Scroll(600, 400,
                dev.countersign.desktop.ScrollDirection.DOWN, 3));
        assertThat(sim.events()).contains("scroll units=1 wheels=2 w1=-3 w2=0 w3=0 location=600,400");
    }
}
