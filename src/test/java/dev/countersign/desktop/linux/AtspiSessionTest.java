package dev.countersign.desktop.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.AppSelector;
import dev.countersign.desktop.KeyInput;
import dev.countersign.desktop.OwnIdentity;
import dev.countersign.desktop.PermissionState;
import dev.countersign.desktop.PointerInput;
import dev.countersign.desktop.SessionState;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class AtspiSessionTest {

    @Test
    void theTestDesktopIsAvailableWithBothPermissions(TestDesktop desktop) {
        assertThat(desktop.backend().sessionState()).isEqualTo(SessionState.AVAILABLE);
        assertThat(desktop.backend().permissions().allGranted()).isTrue();
    }

    @Test
    void withoutADisplayTheSessionIsUnknownAndEverythingIsRefused() {
        try (AtspiDesktopBackend none = AtspiDesktopBackend.forDisplay(null)) {
            assertThat(none.sessionState()).isEqualTo(SessionState.UNKNOWN);
            assertThat(none.permissions().screenRecording()).isNotEqualTo(PermissionState.GRANTED);
            assertThatThrownBy(() -> none.resolveApp(AppSelector.frontmost()))
                    .isInstanceOfSatisfying(CountersignException.class,
                            e -> assertThat(e.error().code()).isEqualTo(ErrorCode.SESSION_LOCKED));
            // An observation's gated resolve: the gate is asked with the state, and nothing is sent.
            assertThatThrownBy(() -> none.resolveForObservation(AppSelector.frontmost(), state -> java.util.Optional.of(
                    dev.countersign.core.CountersignError.of(ErrorCode.PERMISSION_MISSING, "gate: " + state))))
                    .isInstanceOfSatisfying(CountersignException.class,
                            e -> assertThat(e.error().message()).isEqualTo("gate: UNKNOWN"));
            assertThatThrownBy(() -> none.resolveForObservation(AppSelector.frontmost(), state -> java.util.Optional.empty()))
                    .isInstanceOfSatisfying(CountersignException.class,
                            e -> assertThat(e.error().code()).isEqualTo(ErrorCode.SESSION_LOCKED));
            assertThatThrownBy(() -> none.pointer(PointerInput.click(1, 1)))
                    .isInstanceOfSatisfying(CountersignException.class,
                            e -> assertThat(e.error().code()).isEqualTo(ErrorCode.SESSION_LOCKED));
            assertThatThrownBy(() -> none.keys(new KeyInput.Text("x")))
                    .isInstanceOf(CountersignException.class);
        }
    }

    @Test
    void warmingUpConnectsWithoutReadingAnyApplicationAndTheFirstReadIsTheSame(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp form = desktop.launchForm("", "");
        var limits = dev.countersign.desktop.SnapshotLimits.defaults();
        var expected = desktop.backend().snapshot(form.app(), form.window(), limits).nodes().stream()
                .map(n -> n.role() + "|" + n.name() + "|" + n.states() + "|" + n.frame()).toList();
        try (AtspiDesktopBackend fresh = AtspiDesktopBackend.fromEnvironment()) {
            fresh.warmUp();

            assertThat(fresh.appChannels()).as("no application was connected to").isZero();
            var app = fresh.resolveApp(AppSelector.pid(form.pid()));
            var window = fresh.listWindows(app).get(0);
            assertThat(fresh.snapshot(app, window, limits).nodes().stream()
                    .map(n -> n.role() + "|" + n.name() + "|" + n.states() + "|" + n.frame()).toList())
                    .isEqualTo(expected);
        }
    }

    @Test
    void warmingUpWithoutADisplayNeitherThrowsNorConnects() {
        try (AtspiDesktopBackend none = AtspiDesktopBackend.forDisplay(null)) {
            none.warmUp();
            assertThat(none.appChannels()).isZero();
            assertThat(none.sessionState()).isEqualTo(SessionState.UNKNOWN);
        }
    }

    @Test
    void aDisplayThatDoesNotExistIsUnknownToo() {
        try (AtspiDesktopBackend gone = AtspiDesktopBackend.forDisplay(":4999")) {
            assertThat(gone.sessionState()).isEqualTo(SessionState.UNKNOWN);
        }
    }

    @Test
    void appsResolveByNameAndPidWithTheirLaunchIdentity(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp form = desktop.launchForm("", "");

        assertThat(form.app().name()).isEqualTo("yad");
        assertThat(form.app().pid()).isEqualTo(form.pid());
        assertThat(form.app().launch().startTime()).isPositive();
        assertThat(desktop.backend().resolveApp(AppSelector.name("yad"))).isEqualTo(form.app());
        assertThat(desktop.backend().resolveApp(AppSelector.frontmost())).isEqualTo(form.app());
    }

    @Test
    void unknownKeyNamesAreInvalidArguments(TestDesktop desktop) {
        assertThatThrownBy(() -> desktop.backend().keys(new KeyInput.Keys("ctrl+NoSuchKey")))
                .isInstanceOfSatisfying(CountersignException.class,
                        e -> assertThat(e.error().code()).isEqualTo(ErrorCode.INVALID_ARGUMENT));
    }

    @Test
    void ownIdentityIsThisProcess(TestDesktop desktop) {
        OwnIdentity self = desktop.backend().ownIdentity();

        assertThat(self.pid()).isEqualTo(ProcessHandle.current().pid());
        assertThat(self.launch()).isEqualTo(ProcStat.launch(self.pid()).orElseThrow());
        assertThat(self.executable()).endsWith("java");
    }
}
