package dev.countersign.app.windows;

import dev.countersign.desktop.PermissionState;
import dev.countersign.desktop.Permissions;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a Mac launch needs from the person before anything else, decided from facts the caller
 * reads: the Permissions window opens by itself while Accessibility or Screen Recording is not
 * granted, or while the app runs from a temporary copy (App Translocation: macOS runs an app opened
 * straight from a download or a disk image from a random path, which agent configs and the login
 * item would then point at).
 */
public final class FirstRun {
    private FirstRun() {
    }

    /** Whether the launch should open the Permissions window: on a Mac, something is missing or misplaced. */
    public static boolean opensPermissions(Permissions permissions, boolean mac, String appPath) {
        return mac && (permissions.accessibility() != PermissionState.GRANTED
                || permissions.screenRecording() != PermissionState.GRANTED || translocated(appPath));
    }

    /** Whether the .app runs from a translocated copy or from a mounted disk image. */
    static boolean translocated(String appPath) {
        return appPath != null && (appPath.contains("/AppTranslocation/") || appPath.startsWith("/Volumes/"));
    }

    /** Where the packaged app's launcher is once it is installed the way the Location check asks. */
    static final String INSTALLED = "/Applications/Countersign.app/Contents/MacOS/Countersign";
    private static final Pattern LAUNCHER = Pattern.compile("/([^/]+\\.app)/Contents/MacOS/([^/]+)$");

    /**
     * The launcher path agent configurations and the login item may name: as given, except that a
     * translocated or disk-image launch ({@link #translocated}) names the same app in
     * {@code /Applications}, where the Location check tells the person to move it. Its own path
     * is random per launch (or gone once the image is ejected), so a config written with it would
     * start nothing later.
     */
    public static String lastingPath(String appPath) {
        if (!translocated(appPath)) {
            return appPath;
        }
        Matcher m = LAUNCHER.matcher(appPath);
        return m.find() ? "/Applications/" + m.group(1) + "/Contents/MacOS/" + m.group(2) : INSTALLED;
    }

    /**
     * Whether the Permissions window offers to restart Countersign: on a Mac, Screen Recording was
     * not granted when this process first checked, and has since been granted or requested.
     * macOS applies that grant to new processes only (captures stay blank until then, and the
     * preflight may keep saying no), so without a restart the grant seems not to work.
     */
    static boolean offersRestart(boolean mac, PermissionState screenFirstSeen, PermissionState screenNow,
            boolean requested) {
        return mac && screenFirstSeen != PermissionState.GRANTED && (screenNow == PermissionState.GRANTED || requested);
    }

    /**
     * The command that starts the app again once this process ({@code pid}) has exited: the
     * bundle of {@code appPath} opened as a new instance by LaunchServices; empty when this is no
     * packaged app (run from source, the person starts it again).
     */
    static List<String> relaunch(String appPath, long pid) {
        Matcher m = appPath == null ? null : LAUNCHER.matcher(appPath);
        if (m == null || !m.find()) {
            return List.of();
        }
        String bundle = appPath.substring(0, m.start()) + "/" + m.group(1);
        // The new instance waits for this one to let go of its port and its audit log.
        return List.of("/bin/sh", "-c", "while kill -0 " + pid + " 2>/dev/null; do sleep 0.2; done; "
                + "exec /usr/bin/open -n \"$0\"", bundle);
    }
}
