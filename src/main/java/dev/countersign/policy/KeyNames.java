package dev.countersign.policy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The names the key grammar accepts, each mapped to one canonical spelling.
 *
 * <p>Canonical key names are X11 keysym spellings ({@code Return}, {@code Page_Down},
 * {@code BackSpace}) because those are what both backends can map without guessing; the common
 * alternatives (Esc, PageDown, ArrowUp, …) are accepted as aliases. Lookup ignores case, '_' and
 * '-' so "page_down", "PageDown" and "PAGE-DOWN" are one key.
 */
final class KeyNames {
    /**
     * Modifiers in canonical order; {@code cmd} is ⌘ on macOS and pressed as Control on Linux
     * ({@link KeyChord#withCommandAs}).
     */
    static final List<String> MODIFIER_ORDER = List.of("ctrl", "alt", "shift", "cmd");

    private static final Map<String, String> MODIFIERS = Map.of(
            "ctrl", "ctrl", "control", "ctrl",
            "alt", "alt", "option", "alt", "opt", "alt",
            "shift", "shift",
            "cmd", "cmd", "command", "cmd", "meta", "cmd", "super", "cmd");

    private static final Map<String, String> KEYS = keys();

    private KeyNames() {
    }

    static Optional<String> modifier(String name) {
        return Optional.ofNullable(MODIFIERS.get(name.toLowerCase(Locale.ROOT)));
    }

    static Optional<String> key(String name) {
        return Optional.ofNullable(KEYS.get(lookupForm(name)));
    }

    static String describe() {
        return "Return, Enter, KP_Enter, Tab, Escape, BackSpace, Delete, Insert, Home, End, Page_Up, "
                + "Page_Down, Up, Down, Left, Right, space, F1-F12";
    }

    private static String lookupForm(String name) {
        return name.toLowerCase(Locale.ROOT).replace("_", "").replace("-", "");
    }

    private static Map<String, String> keys() {
        Map<String, String> keys = new LinkedHashMap<>();
        for (String canonical : List.of("Return", "Enter", "KP_Enter", "Tab", "Escape", "BackSpace", "Delete",
                "Insert", "Home", "End", "Page_Up", "Page_Down", "Up", "Down", "Left", "Right", "space")) {
            keys.put(lookupForm(canonical), canonical);
        }
        for (int f = 1; f <= 12; f++) {
            keys.put("f" + f, "F" + f);
        }
        keys.put("esc", "Escape");
        keys.put("del", "Delete");
        keys.put("pageup", "Page_Up");
        keys.put("prior", "Page_Up");
        keys.put("pagedown", "Page_Down");
        keys.put("next", "Page_Down");
        keys.put("arrowup", "Up");
        keys.put("arrowdown", "Down");
        keys.put("arrowleft", "Left");
        keys.put("arrowright", "Right");
        keys.put("spacebar", "space");
        return Map.copyOf(keys);
    }
}
