package dev.countersign.desktop.macos;

import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.ElementAction;
import java.util.List;
import java.util.Map;

/**
 * Decides how an {@link ElementAction} is carried out on one element, from the attributes and
 * actions just re-read: which AX action or attribute, and with what messaging timeout. Pure, so
 * the popup-button trap and the secure-field refusal are tested without a Mac.
 */
final class ActionPlan {
    /**
     * Messaging timeout, in seconds, for pressing an element that opens a menu. AXPress on a pop-up
     * button opens the menu and then does not return until the menu closes; the call ends at the
     * element's timeout with kAXErrorCannotComplete although the press happened. A short timeout
     * keeps the caller from hanging for the default ~6 s, and that error then means "dispatched".
     */
    static final float MENU_PRESS_TIMEOUT = 0.5f;
    /** Timeout for ordinary actions and writes: long enough for a busy app, short enough to fail a hung one. */
    static final float ACTION_TIMEOUT = 3f;

    private ActionPlan() {
    }

    /** One way to carry out the action. */
    sealed interface Step {
    }

    /** {@code AXUIElementPerformAction(element, action)} under a messaging timeout. */
    record Perform(String action, float timeout, boolean opensMenu) implements Step {
    }

    /** {@code AXUIElementSetAttributeValue(element, AXFocused, kCFBooleanTrue)}. */
    record SetFocused() implements Step {
    }

    /** {@code AXUIElementSetAttributeValue(element, AXValue, text)}. */
    record SetText(String text) implements Step {
    }

    static Step plan(ElementAction action, Map<String, Object> attributes, List<String> actions) {
        String role = AxElementMapper.string(attributes, AxNames.ROLE);
        if (action instanceof ElementAction.Press) {
            boolean menu = AxNames.opensMenu(role);
            for (String preferred : AxNames.PRESS_PREFERENCE) {
                if (actions.contains(preferred)) {
                    return new Perform(preferred, menu ? MENU_PRESS_TIMEOUT : ACTION_TIMEOUT, menu);
                }
            }
            throw invalid("action", "the element offers no press action (it has " + actions + ")");
        }
        if (action instanceof ElementAction.ShowMenu) {
            // AXShowMenu opens the menu and, like a pop-up button's press, may hold the reply
            // until the menu closes: the short timeout, and kAXErrorCannotComplete means dispatched.
            if (actions.contains(AxNames.SHOW_MENU)) {
                return new Perform(AxNames.SHOW_MENU, MENU_PRESS_TIMEOUT, true);
            }
            throw invalid("action", "the element offers no AXShowMenu (it has " + actions + ")");
        }
        if (action instanceof ElementAction.Focus) {
            if (AxNames.WINDOW.equals(role)) {
                return new Perform(AxNames.RAISE, ACTION_TIMEOUT, false);
            }
            if (!attributes.containsKey(AxNames.FOCUSED)) {
                throw invalid("action", "the element cannot take keyboard focus");
            }
            return new SetFocused();
        }
        if (!(action instanceof ElementAction.SetValue set)) {
            // Selections are MacSelection's (they read the element's container): never planned here.
            throw new IllegalArgumentException("not an action ActionPlan carries out: " + action);
        }
        // Refused before anything is sent: no approval unlocks a password field (docs/driver.md).
        if (AxElementMapper.secure(attributes)) {
            throw new CountersignException(CountersignError.onField(ErrorCode.SECURE_FIELD_REFUSED, "element",
                    "the element is a secure text field; its value is never set or read"));
        }
        if (!AxNames.textRole(role) || !Boolean.TRUE.equals(attributes.get(AxNames.VALUE_SETTABLE))) {
            throw invalid("action", "the element has no editable text value (role " + role + ")");
        }
        return new SetText(set.text());
    }

    /**
     * Whether a failed perform still counts as dispatched: kAXErrorCannotComplete after pressing an
     * element that opens a menu is the menu loop holding the reply, not a failure.
     */
    static boolean dispatchedDespite(Perform step, AxError error) {
        return step.opensMenu() && error == AxError.CANNOT_COMPLETE;
    }

    private static CountersignException invalid(String field, String message) {
        return new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, field, message));
    }
}
