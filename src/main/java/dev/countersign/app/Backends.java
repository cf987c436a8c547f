package dev.countersign.app;

import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.ScreenWindows;
import dev.countersign.desktop.linux.AtspiDesktopBackend;
import dev.countersign.desktop.linux.X11WindowStack;
import dev.countersign.desktop.macos.MacDesktopBackend;
import java.util.Locale;

/** Picks the desktop backend for this machine; where there is none, one that says why. */
public final class Backends {
    private Backends() {
    }

    public static DesktopBackend forThisMachine() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        if (os.startsWith("mac")) {
            // Loads the frameworks here, on macOS only; an unsupported or broken mac answers through
            // the backend's own preflights (session, permissions), so serve and doctor still work.
            try {
                return MacDesktopBackend.create();
            } catch (LinkageError e) {
                // A framework or symbol this macOS does not have: say so instead of dying at startup.
                return new NoDesktop("the macOS frameworks did not load: " + e);
            }
        }
        if (os.startsWith("linux")) {
            // Connects lazily: without a display or accessibility bus it reports the session as
            // unknown and every operation fails closed, so serve and doctor still work.
            return AtspiDesktopBackend.fromEnvironment();
        }
        return new NoDesktop("there is no desktop backend for " + System.getProperty("os.name"));
    }

    /**
     * The window stack synthetic input is checked against: X11 on Linux with a display; on macOS
     * the backend's own (CoreGraphics' window order, the Accessibility API's focus); null
     * elsewhere, where the guard then refuses pointer and key input (it cannot prove where it lands).
     */
    static ScreenWindows screenWindows(DesktopBackend backend) {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        if (os.startsWith("linux")) {
            return X11WindowStack.open(System.getenv("DISPLAY")).orElse(null);
        }
        return backend.screenWindows().orElse(null);
    }

    /** A name for reports: which backend this is. */
    public static String describe(DesktopBackend backend) {
        return backend instanceof NoDesktop none ? "none (" + none.why() + ")"
                : backend instanceof AtspiDesktopBackend ? "AT-SPI (Linux, X11)"
                : backend instanceof MacDesktopBackend ? "Accessibility + CoreGraphics (macOS)"
                : backend.getClass().getSimpleName();
    }
}
