package dev.countersign.desktop.macos;

import com.sun.jna.Pointer;
import dev.countersign.core.CountersignError;
import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.FocusProof;
import dev.countersign.desktop.ScreenWindows;
import java.util.Optional;

/**
 * Keyboard focus as the Accessibility API tells it, read in one go: the system-wide element's
 * {@code AXFocusedApplication}, that application's {@code AXFocusedWindow} and
 * {@code AXFocusedUIElement}. Read only when the three agree — the focused element, where the
 * application names one, belongs to the focused window ({@code AXWindow}) — so keys are sent only
 * where focus is one proven place.
 */
record MacFocus(int pid, AxRef application, AxRef window, AxRef element) {

    /** The focus now; empty when no application has focus, it has no focused window, or the reads disagree. */
    static Optional<MacFocus> read(NativeAxCalls calls, ApplicationServices ax) {
        Pointer created = ax.AXUIElementCreateSystemWide();
        if (created == null) {
            return Optional.empty();
        }
        AxRef systemWide = AxRef.owning(created, 0);
        try {
            AxRef named = calls.element(systemWide, AxNames.FOCUSED_APPLICATION);
            if (named == null) {
                return Optional.empty();
            }
            int pid = MacScreenWindows.pidOf(ax, named.element);
            if (pid <= 0) {
                return Optional.empty();
            }
            // The handle of the value read through the system-wide element carries its pid (0); this one the app's.
            AxRef application = AxRef.retaining(named.element, pid);
            AxRef window = calls.element(application, AxNames.FOCUSED_WINDOW);
            if (window == null) {
                return Optional.empty();
            }
            AxRef element = calls.element(application, AxNames.FOCUSED_UI_ELEMENT);
            if (element != null) {
                AxRef elementWindow = calls.element(element, AxNames.WINDOW);
                if (elementWindow != null && !elementWindow.equals(window)) {
                    return Optional.empty();
                }
            }
            return Optional.of(new MacFocus(pid, application, window, element));
        } catch (AxFailure f) {
            return Optional.empty();
        }
    }

    /**
     * The proof keystrokes need: the focused element is the target, and the focused window — the
     * one the window list has for the focused application — is the target's application's.
     */
    static FocusProof proof(NativeAxCalls calls, ApplicationServices ax, ScreenWindows screen, AxRef target) {
        Optional<MacFocus> focus = read(calls, ax);
        if (focus.isEmpty()) {
            return new FocusProof(false, false, "no application has a focused window the Accessibility API "
                    + "agrees on (AXFocusedApplication, AXFocusedWindow, AXFocusedUIElement)");
        }
        boolean elementFocused = focus.get().on(target);
        Optional<ScreenWindows.ScreenWindow> window = screen.focusedWindow();
        boolean windowFocused = focus.get().pid() == target.pid && window.isPresent()
                && window.get().pid() == target.pid;
        return new FocusProof(elementFocused, windowFocused, "AXFocusedApplication is pid " + focus.get().pid()
                + (elementFocused ? ", its AXFocusedUIElement is the target" : ", its AXFocusedUIElement is not the target")
                + window.map(w -> ", window '" + w.title() + "' (CGWindowID " + w.id() + ") has keyboard focus")
                        .orElse(", no window on screen has keyboard focus"));
    }

    /**
     * Secure event input on means a password field somewhere has keyboard focus (or an app turned on
     * Secure Keyboard Entry): a key sent now could land in a secret, so none is sent.
     */
    static void refuseUnderSecureInput() {
        if (MacNative.Libs.CARBON.IsSecureEventInputEnabled() != 0) {
            throw new DispatchRefusedException(CountersignError.of(ErrorCode.SECURE_FIELD_REFUSED,
                    "secure event input is on (a password field has keyboard focus, or an app turned on secure "
                            + "keyboard entry); no keys are sent"));
        }
    }

    /** Whether the focused element is this one ({@code CFEqual}). */
    boolean on(AxRef target) {
        return element != null && element.equals(target);
    }
}
