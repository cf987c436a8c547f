package dev.countersign.driver;

import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.Dispatch;
import dev.countersign.desktop.ElementAction;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.FocusProof;
import dev.countersign.desktop.KeyInput;
import dev.countersign.desktop.Recheck;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * How {@code type} puts text into a field, by the route that works for it: the accessibility API's
 * editable text when the element has one and it reads back as set, else keyboard text input —
 * only after the backend proved the target holds keyboard focus (element focused and its window
 * has input focus), so no keystroke can land elsewhere. Replace selects all first; insert types
 * at the caret, through the accessibility API where the backend has such an insert (macOS), else on
 * the keyboard. The dispatch names the route ({@code atspi.EditableText}, the backend's own, or {@code keyboard}) and,
 * for a fallback, why; the verifier then reads the value back either way.
 *
 * <p>Why a fallback at all: browsers expose web inputs without editable text (Chromium), or accept
 * {@code SetTextContents} and change nothing (Firefox). Typed characters into a focused,
 * non-secure field are still {@code type}, governed as such — never {@code key}.
 */
final class TextEntry {
    /** How long a set value may take to read back before the keyboard route is tried. */
    private static final long READ_BACK_MS = 150;
    /** How long typed keys may take to show in the value before the verifier takes over. */
    private static final long SETTLE_MS = 2_000;
    private static final long QUIET_MS = 400;
    static final String EDITABLE_TEXT = "atspi.EditableText";
    static final String KEYBOARD = "keyboard";

    private final DesktopBackend backend;

    TextEntry(DesktopBackend backend) {
        this.backend = Objects.requireNonNull(backend, "backend");
    }

    Dispatch type(ElementNode target, String text, boolean insert) {
        if (target.secure()) {
            throw new CountersignException(CountersignError.onField(ErrorCode.SECURE_FIELD_REFUSED, "ref",
                    "the target is a secure field; Countersign never types into one"));
        }
        if (TerminalText.is(target)) {
            return typeIntoTerminal(target, text);
        }
        String why;
        // Whether anything reached the app yet: a value set that did not read back may still have
        // changed something, so a refusal after it is an uncertain outcome; before it, a rejection.
        boolean sent = false;
        if (insert) {
            try {
                // The accessibility API's insert at the caret (macOS: AXSelectedText over a collapsed
                // AXSelectedTextRange). No keyboard retry after it: a second insert would double the
                // text, so what reads back is left to the evidence (unknown when it does not show).
                return backend.perform(target.handle(), new ElementAction.InsertText(text));
            } catch (CountersignException e) {
                if (e.error().code() != ErrorCode.INVALID_ARGUMENT) {
                    throw e;
                }
                why = "insert at the caret (" + e.error().message() + ")";
            }
        } else {
            try {
                Dispatch set = backend.perform(target.handle(), new ElementAction.SetValue(text));
                sent = true;
                if (readsBack(target, text)) {
                    // The accessibility API's route by its platform's name (a Mac's is its own AX call).
                    return new Dispatch(set.strategy().startsWith("atspi.") ? EDITABLE_TEXT : set.strategy(),
                            set.detail());
                }
                why = "the value set through " + set.strategy() + " did not read back";
            } catch (CountersignException e) {
                if (e.error().code() != ErrorCode.INVALID_ARGUMENT) {
                    throw e;
                }
                why = "the element has no editable value";
            }
        }
        // The keyboard route is typing only into a text field: keystrokes into a button or a check
        // box would be presses the policy judged as plain typing.
        if (!ClickSemantics.editable(target)) {
            throw refusal(sent, CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "ref",
                    "the element (" + target.role() + ") is not an editable text field, so nothing was typed ("
                            + why + "); use op key for keys, which the policy judges as keys"));
        }
        // Control characters would become Return and Tab keystrokes: a submit, or a move to the
        // next field (maybe a password field) that no check looked at.
        if (text.codePoints().anyMatch(Character::isISOControl)) {
            throw refusal(sent, CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "text",
                    "text typed on the keyboard cannot hold control characters (newline, tab); nothing was typed; "
                            + "send Return or Tab with op key, which the policy judges as keys"));
        }
        FocusProof proof = backend.focusForTyping(target.handle());
        if (!proof.proven()) {
            throw refusal(sent, CountersignError.onField(ErrorCode.TARGET_CHANGED, "ref",
                    "keyboard focus on the target could not be proven, so no keys were sent (its window may have"
                            + " been brought to the front): " + proof.detail()));
        }
        if (!insert) {
            // Select all: ctrl+a on Linux; on a Mac ctrl+a moves to the start of the line, ⌘A selects.
            backend.keys(new KeyInput.Keys(backend.commandModifier() + "+a"));
            if (text.isEmpty()) {
                backend.keys(new KeyInput.Keys("BackSpace"));
            }
        }
        if (!text.isEmpty()) {
            backend.keys(new KeyInput.Text(text));
        }
        settle(target, value -> insert ? value.contains(text) : value.equals(text));
        return new Dispatch(KEYBOARD, (insert ? "inserted " : "replaced with ")
                + text.codePointCount(0, text.length()) + " characters by XTest after " + proof.detail() + "; " + why);
    }

    /**
     * A refusal of the keyboard route: before anything reached the app a rejection (the act did
     * not run), after a value set that did not read back an uncertain outcome.
     */
    private static RuntimeException refusal(boolean sent, CountersignError error) {
        return sent ? new CountersignException(error) : new DispatchRefusedException(error);
    }

    /**
     * Typing into a terminal: printable text only ({@link TerminalText}; refused before anything is
     * sent), never through its accessible text (a terminal's is its screen, and one that took
     * {@code SetTextContents} might feed it to the program), never Ctrl+A first (that is a key to the
     * shell, not "select all"): keyboard text at the cursor, once the terminal proves keyboard
     * focus. Nothing runs until Return, a separate {@code key} the policy judges.
     */
    private Dispatch typeIntoTerminal(ElementNode target, String text) {
        TerminalText.check(text).ifPresent(error -> {
            throw new DispatchRefusedException(error);
        });
        FocusProof proof = backend.focusForTyping(target.handle());
        if (!proof.proven()) {
            throw new DispatchRefusedException(CountersignError.onField(ErrorCode.TARGET_CHANGED, "ref",
                    "keyboard focus on the terminal could not be proven, so no keys were sent (its window may have"
                            + " been brought to the front): " + proof.detail()));
        }
        int was = EffectProbe.occurrences(target.value(), text);
        backend.keys(new KeyInput.Text(text));
        settle(target, value -> EffectProbe.occurrences(value, text) > was);
        return new Dispatch(KEYBOARD, "typed " + text.codePointCount(0, text.length())
                + " characters at the terminal's cursor by XTest after " + proof.detail()
                + "; nothing runs until Return (op key)");
    }

    /**
     * Waits until the application has taken in the keystrokes: the X server has them at once, but a
     * busy browser processes seventeen key events in hundreds of milliseconds. Done when the value
     * shows the text ({@code shows}), or has not changed for {@link #QUIET_MS}; never longer than
     * {@link #SETTLE_MS}.
     */
    private void settle(ElementNode target, Predicate<String> shows) {
        long end = System.nanoTime() + SETTLE_MS * 1_000_000;
        String last = null;
        long quietSince = System.nanoTime();
        while (System.nanoTime() < end) {
            Recheck now = backend.recheck(target.handle());
            if (!(now instanceof Recheck.Present present)) {
                return;
            }
            String value = present.current().value();
            if (value != null && shows.test(value)) {
                return;
            }
            if (!Objects.equals(value, last)) {
                last = value;
                quietSince = System.nanoTime();
            } else if (System.nanoTime() - quietSince > QUIET_MS * 1_000_000) {
                return;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private boolean readsBack(ElementNode target, String text) {
        long end = System.nanoTime() + READ_BACK_MS * 1_000_000;
        do {
            Recheck now = backend.recheck(target.handle());
            if (now instanceof Recheck.Present present && text.equals(present.current().value())) {
                return true;
            }
            try {
                Thread.sleep(15);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        } while (System.nanoTime() < end);
        return false;
    }
}
