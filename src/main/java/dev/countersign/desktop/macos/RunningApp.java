package dev.countersign.desktop.macos;

import dev.countersign.desktop.AppSelector;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * One running application as listed for resolution: pid, bundle id and localized name (from
 * {@code NSRunningApplication}, either may be null) and whether it is the active (frontmost) app.
 */
record RunningApp(long pid, String bundleId, String name, boolean active) {

    /**
     * The app a selector names among {@code apps} (listed front to back). A name matches the bundle
     * id exactly (case-insensitive, as LaunchServices compares them), else the localized name; of
     * several matches the active one, else the front-most. Frontmost is the active app, else the
     * first listed (the owner of the front-most window).
     */
    static Optional<RunningApp> choose(AppSelector selector, List<RunningApp> apps) {
        Objects.requireNonNull(selector, "selector");
        if (selector instanceof AppSelector.ByPid byPid) {
            long pid = byPid.pid();
            return apps.stream().filter(a -> a.pid == pid).findFirst();
        }
        if (selector instanceof AppSelector.Frontmost) {
            return apps.stream().filter(RunningApp::active).findFirst().or(() -> apps.stream().findFirst());
        }
        String wanted = ((AppSelector.ByName) selector).name().trim().toLowerCase(Locale.ROOT);
        List<RunningApp> byBundle = apps.stream()
                .filter(a -> a.bundleId != null && a.bundleId.toLowerCase(Locale.ROOT).equals(wanted)).toList();
        List<RunningApp> matches = !byBundle.isEmpty() ? byBundle : apps.stream()
                .filter(a -> a.name != null && a.name.toLowerCase(Locale.ROOT).equals(wanted)).toList();
        return matches.stream().filter(RunningApp::active).findFirst().or(() -> matches.stream().findFirst());
    }

    /** The name shown for the app: its localized name, else its bundle id, else "pid N". */
    String displayName() {
        return name != null && !name.isBlank() ? name : bundleId != null ? bundleId : "pid " + pid;
    }
}
