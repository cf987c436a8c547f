package dev.countersign.desktop.macos;

import java.util.List;
import java.util.Locale;

/**
 * Which switches an application needs before its accessibility tree is worth reading. Chromium
 * builds its tree only for assistive technology it can see: {@code AXEnhancedUserInterface} on
 * the application element turns it on (with the side effect that window moves animate, so it is
 * set only for Chromium browsers and restored on close). Electron apps answer
 * {@code AXManualAccessibility}, which has no such side effect and is harmless elsewhere (an app
 * that does not know it returns an error, which is ignored), so it is set for every app.
 */
final class AppFlags {
    private static final List<String> CHROMIUM_PREFIXES = List.of("com.google.chrome", "org.chromium.",
            "com.microsoft.edgemac", "com.brave.browser", "com.vivaldi.vivaldi", "com.operasoftware.opera",
            "company.thebrowser.browser");

    private AppFlags() {
    }

    static boolean needsEnhancedUserInterface(String bundleId) {
        if (bundleId == null) {
            return false;
        }
        String b = bundleId.toLowerCase(Locale.ROOT);
        return CHROMIUM_PREFIXES.stream().anyMatch(b::startsWith);
    }
}
