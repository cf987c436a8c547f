package dev.countersign.app.windows;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.app.settings.AppSettings;
import dev.countersign.desktop.PermissionState;
import dev.countersign.desktop.Permissions;
import dev.countersign.desktop.SessionState;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PermissionsAndSettingsModelTest {
    @Test
    void everythingGrantedNeedsNothing() {
        List<PermissionsModel.Check> checks = PermissionsModel.checks(SessionState.AVAILABLE,
                new Permissions(PermissionState.GRANTED, PermissionState.GRANTED), "AtspiDesktopBackend",
                Optional.of(URI.create("http://127.0.0.1:7475/mcp")), false);
        assertThat(checks).extracting(PermissionsModel.Check::name).containsExactly("Desktop session",
                "Accessibility", "Screen Recording", "Backend", "Agent endpoint");
        assertThat(checks).allMatch(PermissionsModel.Check::ok).allMatch(c -> c.remedy().isEmpty());
    }

    @Test
    void eachMissingPieceSaysWhatToDoOnMac() {
        List<PermissionsModel.Check> checks = PermissionsModel.checks(SessionState.LOCKED,
                new Permissions(PermissionState.DENIED, PermissionState.UNKNOWN), "MacDesktopBackend",
                Optional.empty(), true);
        assertThat(checks.get(0).remedy()).contains("Unlock");
        assertThat(checks.get(1).remedy()).contains("Privacy & Security", "Accessibility");
        assertThat(checks.get(2).state()).isEqualTo("cannot tell");
        assertThat(checks.get(2).remedy()).contains("Screen & System Audio Recording");
        assertThat(checks.get(4).remedy()).contains("port");
    }

    @Test
    void onLinuxTheRemediesNameTheLinuxWay() {
        List<PermissionsModel.Check> checks = PermissionsModel.checks(SessionState.UNKNOWN,
                new Permissions(PermissionState.DENIED, PermissionState.DENIED), "AtspiDesktopBackend",
                Optional.empty(), false);
        assertThat(checks.get(0).remedy()).contains("X11");
        assertThat(checks.get(1).remedy()).contains("at-spi2-core");
        assertThat(checks.get(2).remedy()).contains("Wayland");
    }

    @Test
    void settingsFormRoundTrips() {
        AppSettings s = new AppSettings(8123, 50, 15, "/tmp/p.json", true, "dark", null, null, null)
                .withPictures(false, 20, 7);
        Result<AppSettings> back = SettingsModel.parse(SettingsModel.Form.of(s));
        assertThat(back.value()).contains(s);
    }

    @Test
    void settingsFormRefusesBadNumbersWithAReason() {
        assertThat(SettingsModel.parse(new SettingsModel.Form("80", "30", "10", "", false, "system")).problem())
                .contains("Port");
        assertThat(SettingsModel.parse(new SettingsModel.Form("7475", "x", "10", "", false, "system")).problem())
                .contains("actions");
        assertThat(SettingsModel.parse(new SettingsModel.Form("7475", "30", "0", "", false, "system")).problem())
                .contains("minutes");
        assertThat(SettingsModel.parse(new SettingsModel.Form("7475", "30", "10", " ", false, "system"))
                .value().get().policyFile()).isNull();
    }

    @Test
    void aTranslocatedMacLaunchSaysToMoveToApplications() {
        Permissions granted = new Permissions(PermissionState.GRANTED, PermissionState.GRANTED);
        List<PermissionsModel.Check> checks = PermissionsModel.checks(SessionState.AVAILABLE, granted,
                "MacDesktopBackend", Optional.empty(), true,
                "/private/var/folders/x/T/AppTranslocation/1A2B/d/Countersign.app/Contents/MacOS/Countersign");
        assertThat(checks.get(checks.size() - 1)).satisfies(c -> {
            assertThat(c.name()).isEqualTo("Location");
            assertThat(c.ok()).isFalse();
            assertThat(c.remedy()).contains("Applications");
        });
        assertThat(PermissionsModel.checks(SessionState.AVAILABLE, granted, "MacDesktopBackend", Optional.empty(),
                true, "/Applications/Countersign.app/Contents/MacOS/Countersign")).last()
                .satisfies(c -> assertThat(c.ok()).isTrue());
    }

    @Test
    void theFirstMacLaunchOpensPermissionsUntilBothAreGrantedAndTheAppIsInstalled() {
        Permissions granted = new Permissions(PermissionState.GRANTED, PermissionState.GRANTED);
        String installed = "/Applications/Countersign.app/Contents/MacOS/Countersign";
        assertThat(FirstRun.opensPermissions(new Permissions(PermissionState.DENIED, PermissionState.GRANTED), true,
                installed)).isTrue();
        assertThat(FirstRun.opensPermissions(new Permissions(PermissionState.GRANTED, PermissionState.UNKNOWN), true,
                installed)).isTrue();
        assertThat(FirstRun.opensPermissions(granted, true, "/Volumes/Countersign/Countersign.app/Contents/MacOS/x"))
                .isTrue();
        assertThat(FirstRun.opensPermissions(granted, true, installed)).isFalse();
        assertThat(FirstRun.opensPermissions(new Permissions(PermissionState.DENIED, PermissionState.DENIED), false,
                null)).isFalse();
    }

    @Test
    void aTranslocatedLaunchNeverPutsItsTemporaryPathIntoAgentConfigsOrTheLoginItem() {
        String translocated = "/private/var/folders/x1/abc/T/AppTranslocation/1A2B-3C4D/d/Countersign.app/Contents/MacOS/"
                + "Countersign";
        // ClientSnippets.launcher is what the agent configs and TrayApp's login item (Autostart) are written with.
        assertThat(ClientSnippets.launcher(null, translocated))
                .isEqualTo("/Applications/Countersign.app/Contents/MacOS/Countersign");
        assertThat(ClientSnippets.launcher(null, "/Volumes/Countersign 1.0/Countersign.app/Contents/MacOS/Countersign"))
                .isEqualTo("/Applications/Countersign.app/Contents/MacOS/Countersign");
        assertThat(FirstRun.lastingPath("/private/var/folders/x/T/AppTranslocation/9/d/odd-layout"))
                .isEqualTo(FirstRun.INSTALLED);
        // Installed anywhere else (a person's ~/Applications), the path is kept as it is.
        String own = "/Users/ana/Applications/Countersign.app/Contents/MacOS/Countersign";
        assertThat(ClientSnippets.launcher(null, own)).isEqualTo(own);
        assertThat(ClientSnippets.launcher("/home/ana/countersign/countersign", translocated))
                .isEqualTo("/home/ana/countersign/countersign");
    }

    @Test
    void screenRecordingGrantedOrRequestedAfterLaunchOffersARestart() {
        PermissionState denied = PermissionState.DENIED;
        PermissionState granted = PermissionState.GRANTED;
        assertThat(FirstRun.offersRestart(true, denied, granted, false)).isTrue();
        // The preflight may keep saying no until the restart: having asked is enough.
        assertThat(FirstRun.offersRestart(true, denied, denied, true)).isTrue();
        assertThat(FirstRun.offersRestart(true, PermissionState.UNKNOWN, granted, false)).isTrue();
        assertThat(FirstRun.offersRestart(true, denied, denied, false)).isFalse();
        // Granted from the start: capture works in this process, nothing to restart for.
        assertThat(FirstRun.offersRestart(true, granted, granted, true)).isFalse();
        assertThat(FirstRun.offersRestart(false, denied, granted, true)).isFalse();
    }

    @Test
    void theRestartOpensTheSameBundleOnceThisProcessHasExited() {
        assertThat(FirstRun.relaunch("/Applications/Countersign.app/Contents/MacOS/Countersign", 4242))
                .containsExactly("/bin/sh", "-c",
                        "while kill -0 4242 2>/dev/null; do sleep 0.2; done; exec /usr/bin/open -n \"$0\"",
                        "/Applications/Countersign.app");
        // Run from source there is no bundle to open: the person starts it again.
        assertThat(FirstRun.relaunch(null, 4242)).isEmpty();
        assertThat(FirstRun.relaunch("/usr/lib/jvm/bin/java", 4242)).isEmpty();
    }
}
