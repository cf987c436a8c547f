package dev.countersign.app;

import dev.countersign.desktop.DesktopBackend;
import java.util.Locale;

/** Picks the desktop backend for this machine; where there is none, one that says why. */
final class Backends {
    private Backends() {
    }

    static DesktopBackend forThisMachine() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        if (os.startsWith("mac")) {
            return new NoDesktop("the macOS backend is not in this build yet");
        }
        return new NoDesktop("the Linux (AT-SPI) backend is not in this build yet");
    }

    /** A name for reports: which backend this is. */
    static String describe(DesktopBackend backend) {
        return backend instanceof NoDesktop ? "none (" + ((NoDesktop) backend).why() + ")"
                : backend.getClass().getSimpleName();
    }
}
