package dev.countersign.app.windows;

import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.PermissionState;
import dev.countersign.desktop.Permissions;
import dev.countersign.desktop.SessionState;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The doctor view without a stage: each piece Countersign needs, its state, and what to do. */
final class PermissionsModel {
    /** One check; {@code remedy} is empty when nothing needs doing. */
    record Check(String name, String state, boolean ok, String remedy) {
    }

    private PermissionsModel() {
    }

    /** Reads the backend's preflights (never prompting) and states every check for this OS. */
    static List<Check> checks(DesktopBackend backend, Optional<URI> endpoint, String osName) {
        return checks(backend.sessionState(), backend.permissions(), backend.getClass().getSimpleName(), endpoint,
                osName.toLowerCase(Locale.ROOT).contains("mac"), System.getProperty("jpackage.app-path"));
    }

    static List<Check> checks(SessionState session, Permissions permissions, String backendName,
            Optional<URI> endpoint, boolean mac) {
        return checks(session, permissions, backendName, endpoint, mac, null);
    }

    /**
     * As above; on a Mac with the packaged launcher's path ({@code jpackage.app-path}) known, one more
     * check: that the app does not run from a translocated copy or a disk image ({@link FirstRun}).
     */
    static List<Check> checks(SessionState session, Permissions permissions, String backendName,
            Optional<URI> endpoint, boolean mac, String appPath) {
        List<Check> checks = new ArrayList<>(base(session, permissions, backendName, endpoint, mac));
        if (mac && appPath != null) {
            boolean moved = !FirstRun.translocated(appPath);
            checks.add(new Check("Location", moved ? "installed" : "a temporary copy", moved, moved ? ""
                    : "Quit Countersign, drag it from the disk image or Downloads into Applications, and open it "
                            + "from there: macOS runs it from a temporary path now, which agent configurations and "
                            + "the login item would point at."));
        }
        return checks;
    }

    private static List<Check> base(SessionState session, Permissions permissions, String backendName,
            Optional<URI> endpoint, boolean mac) {
        return List.of(
                new Check("Desktop session", words(session), session == SessionState.AVAILABLE,
                        session == SessionState.AVAILABLE ? "" : session == SessionState.LOCKED
                                ? "Unlock the screen. Countersign refuses to act while the session is locked."
                                : mac ? "Log in at the console; remote and background sessions cannot be driven."
                                        : "Start Countersign inside an X11 desktop session (DISPLAY and the session bus set)."),
                new Check("Accessibility", words(permissions.accessibility()),
                        permissions.accessibility() == PermissionState.GRANTED,
                        permissions.accessibility() == PermissionState.GRANTED ? "" : mac
                                ? "Open System Settings \u203A Privacy & Security \u203A Accessibility and turn on Countersign, then restart it."
                                : "Turn on assistive technologies (GNOME: Settings \u203A Accessibility, or run "
                                        + "'gsettings set org.gnome.desktop.interface toolkit-accessibility true'), "
                                        + "and make sure at-spi2-core is installed."),
                new Check("Screen Recording", words(permissions.screenRecording()),
                        permissions.screenRecording() == PermissionState.GRANTED,
                        permissions.screenRecording() == PermissionState.GRANTED ? "" : mac
                                ? "Open System Settings \u203A Privacy & Security \u203A Screen & System Audio Recording and turn on Countersign, then restart it."
                                : "Use an X11 session: Wayland does not let applications capture other windows."),
                new Check("Backend", backendName, true, ""),
                new Check("Agent endpoint", endpoint.map(URI::toString).orElse("not running"), endpoint.isPresent(),
                        endpoint.isPresent() ? "" : "Another program may hold the port: choose another one in Settings and restart Countersign."));
    }

    static String words(SessionState s) {
        switch (s) {
            case AVAILABLE: return "available";
            case LOCKED: return "locked";
            default: return "cannot tell";
        }
    }

    static String words(PermissionState s) {
        switch (s) {
            case GRANTED: return "granted";
            case DENIED: return "not granted";
            default: return "cannot tell";
        }
    }
}
