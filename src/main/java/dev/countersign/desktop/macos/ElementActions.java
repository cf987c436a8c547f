package dev.countersign.desktop.macos;

import com.sun.jna.Pointer;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.Dispatch;

/** Carries out an {@link ActionPlan.Step} on one element and turns the AXError into a dispatch or a typed refusal. */
final class ElementActions {
    private final ApplicationServices ax;

    ElementActions(ApplicationServices ax) {
        this.ax = ax;
    }

    Dispatch run(AxRef ref, ActionPlan.Step step) {
        if (step instanceof ActionPlan.Perform p) {
            ax.AXUIElementSetMessagingTimeout(ref.element, p.timeout());
            int err;
            try {
                err = ax.AXUIElementPerformAction(ref.element, Cf.name(p.action()).getPointer());
            } finally {
                // Back to the application's timeout: a short one must not stay on the element.
                ax.AXUIElementSetMessagingTimeout(ref.element, MacWindows.READ_TIMEOUT);
            }
            AxError e = AxError.of(err);
            if (e.ok()) {
                return new Dispatch("ax.AXUIElementPerformAction", p.action());
            }
            if (ActionPlan.dispatchedDespite(p, e)) {
                return new Dispatch("ax.AXUIElementPerformAction", p.action()
                        + " (the menu it opened holds the reply: kAXErrorCannotComplete, dispatched)");
            }
            throw failure(p.action(), e);
        }
        if (step instanceof ActionPlan.SetFocused) {
            int err = ax.AXUIElementSetAttributeValue(ref.element, Cf.name(AxNames.FOCUSED).getPointer(),
                    MacNative.Libs.CF_TRUE);
            if (err != 0) {
                throw failure("set AXFocused", AxError.of(err));
            }
            return new Dispatch("ax.AXUIElementSetAttributeValue", "AXFocused = true");
        }
        String text = ((ActionPlan.SetText) step).text();
        Pointer value = Cf.createString(text);
        try {
            int err = ax.AXUIElementSetAttributeValue(ref.element, Cf.name(AxNames.VALUE).getPointer(), value);
            if (err != 0) {
                throw failure("set AXValue", AxError.of(err));
            }
        } finally {
            Cf.release(value);
        }
        return new Dispatch("ax.AXUIElementSetAttributeValue", "AXValue = " + text.length() + " characters");
    }

    static CountersignException failure(String what, AxError e) {
        switch (e.meaning) {
            case GONE:
                return new CountersignException(CountersignError.onField(ErrorCode.TARGET_CHANGED, "element",
                        what + ": the element is gone"));
            case NOT_TRUSTED:
                return new CountersignException(CountersignError.of(ErrorCode.PERMISSION_MISSING,
                        what + ": Accessibility is not granted"));
            case UNSUPPORTED:
                return new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "action",
                        what + ": the element does not support it (" + e + ")"));
            default:
                // Busy or failed: whether the action happened is unknown, and the receipt must say so.
                return new CountersignException(CountersignError.of(ErrorCode.INTERNAL,
                        what + " failed (" + e + "); whether it took effect is unknown"));
        }
    }
}
