package dev.countersign.app.windows;

import dev.countersign.desktop.PermissionState;
import dev.countersign.desktop.Permissions;

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
}
