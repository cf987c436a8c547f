package dev.countersign.desktop.linux;

import com.sun.jna.NativeLong;
import com.sun.jna.platform.unix.X11;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * Whether another X client holds an active keyboard grab right now: an open menu or drop-down list
 * of another app takes every key until it closes, so keys the person aims at the approval dialog
 * land in that app instead. X11 has no request that asks this; the probe tries a grab of its own
 * on the root window: {@code AlreadyGrabbed} means another client holds one, and a grab that
 * succeeds is let go at once. That momentary grab sends the focused window a focus-out and
 * focus-in of mode NotifyGrab, so the dialog probes only while it waits for the person and only as
 * often as it must (app.dialog.ApprovalDialog).
 */
public final class X11Grabs implements BooleanSupplier, AutoCloseable {
    private static final NativeLong CURRENT_TIME = new NativeLong(0);
    private final X11 x = X11.INSTANCE;
    private final X11.Display display;
    private final X11.Window root;
    private boolean closed;

    private X11Grabs(X11.Display display) {
        this.display = display;
        this.root = x.XDefaultRootWindow(display);
    }

    /** Opens the display named {@code displayName}; empty when there is none or it refuses us. */
    public static Optional<X11Grabs> open(String displayName) {
        if (displayName == null || displayName.isBlank()) {
            return Optional.empty();
        }
        X11.Display display = X11.INSTANCE.XOpenDisplay(displayName);
        return display == null ? Optional.empty() : Optional.of(new X11Grabs(display));
    }

    /** True while another client holds the keyboard grab (or the root cannot be grabbed for another client's reason). */
    @Override
    public synchronized boolean getAsBoolean() {
        if (closed) {
            return false;
        }
        int status = x.XGrabKeyboard(display, root, 0, X11.GrabModeAsync, X11.GrabModeAsync, CURRENT_TIME);
        if (status == X11.GrabSuccess) {
            x.XUngrabKeyboard(display, CURRENT_TIME);
            x.XSync(display, false);
            return false;
        }
        return status == X11.AlreadyGrabbed || status == X11.GrabFrozen;
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            x.XCloseDisplay(display);
        }
    }
}
