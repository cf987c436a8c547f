package dev.countersign.policy;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Controls whose value the navigation keys change: on a radio group, slider, combo box or spin
 * button an arrow, Home/End or Page key picks another option or number, which is a value change
 * the person must approve like any other key, not navigation. Tab, Shift+Tab and Escape still
 * only move focus or close a popup.
 *
 * <p>Roles are compared after lower-casing and dropping everything but letters, and a leading
 * {@code ax} (macOS), so AT-SPI's {@code "spin button"} and macOS's {@code AXIncrementor} both match.
 */
final class ValueControls {
    private static final Set<String> ROLES = Set.of(
            // AT-SPI role names
            "radiobutton", "radiomenuitem", "slider", "combobox", "spinbutton", "scrollbar", "dial",
            // macOS AX roles (after dropping "ax")
            "radiogroup", "popupbutton", "incrementor", "stepper", "colorwell", "datefield", "timefield",
            "levelindicator");
    private static final Set<String> ONLY_MOVE_FOCUS = Set.of("Tab", "shift+Tab", "Escape");

    private ValueControls() {
    }

    /**
     * Whether a {@code scroll} or {@code type} on an element of {@code role} sets its value: a wheel
     * over a slider or combo box picks another value, text in a spin button is its number. A
     * scroll bar's value is only where a view is scrolled to.
     */
    static boolean setBy(String role, Operation operation) {
        if (role == null || !ROLES.contains(normalize(role))) {
            return false;
        }
        return operation == Operation.TYPE || !"scrollbar".equals(normalize(role));
    }

    /** Whether {@code chord}, a navigation key, changes the value of an element of {@code role}. */
    static boolean changesValue(String role, KeyChord chord) {
        return role != null && ROLES.contains(normalize(role)) && !ONLY_MOVE_FOCUS.contains(chord.canonical());
    }

    /** Whether {@code chord} only moves focus or closes a popup, whatever element it lands on. */
    static boolean onlyMovesFocus(KeyChord chord) {
        return ONLY_MOVE_FOCUS.contains(chord.canonical());
    }

    /** Whether any of {@code roles} is a control whose value the navigation keys change. */
    static boolean anyIn(List<String> roles) {
        for (String role : roles) {
            if (role != null && ROLES.contains(normalize(role))) {
                return true;
            }
        }
        return false;
    }

    static String normalize(String role) {
        String letters = role.toLowerCase(Locale.ROOT).replaceAll("[^a-z]", "");
        return letters.startsWith("ax") ? letters.substring(2) : letters;
    }
}
