package dev.countersign.app;

import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.linux.AtspiDesktopBackend;
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
        if (os.startsWith("linux")) {
            // Connects lazily: without a display or accessibility bus it reports the session as
            // unknown and every operation fails closed, so serve and doctor still work.
            return AtspiDesktopBackend.fromEnvironment();
        }
        return new NoDesktop("there is no desktop backend for " + System.getProperty("os.name"));
    }

    /**
     * The window stack synthetic input is checked against: X11 on Linux with a display; null
     * elsewhere, where the guard then refuses pointer and key input (it cannot prove where it lands).
     */
    static dev.countersign.desktop.ScreenWindows screenWindows() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        if (os.startsWith("linux")) {
            return dev.countersign.desktop.linux.X11WindowStack.open(System.getenv("DISPLAY")).orElse(null);
        }
        return null;
    }

    /** A name for reports: which backend this is. */
    static String describe(DesktopBackend backend) {
        return backend instanceof NoDesktop ? "none (" + ((NoDesktop) backend).why() + ")"
                : backend instanceof AtspiDesktopBackend ? "AT-SPI (Linux, X11)" : backend.getClass().getSimpleName();
    }
}
