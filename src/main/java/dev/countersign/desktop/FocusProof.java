package dev.countersign.desktop;

import java.util.Objects;

/**
 * Whether one element holds keyboard focus, proven two ways before any keystroke is synthesized:
 * the accessibility API says the element is focused, and the window system says its window has
 * input focus (X11: the input focus, or {@code _NET_ACTIVE_WINDOW}, belongs to the target's
 * process and window). {@code detail} says what each check saw, for receipts.
 */
public record FocusProof(boolean elementFocused, boolean windowFocused, String detail) {

    public FocusProof {
        Objects.requireNonNull(detail, "detail");
    }

    /** Both checks passed: keystrokes now go to this element and nowhere else. */
    public boolean proven() {
        return elementFocused && windowFocused;
    }
}
