package dev.countersign.govern;

import dev.countersign.policy.KeyChord;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A {@link KeyChord} in the key names {@code computer-use-mcp} reads ({@code xdotoolStringToKeys}:
 * lowercase names joined by {@code +}). The server is sent the chord Countersign judged, spelled so
 * it reads it as that chord and nothing else: its own parser splits on every {@code +} and knows
 * punctuation only by name, so {@code ctrl++} or {@code ctrl+;} as an agent wrote them would be
 * read another way, or not at all. A key the server has no name for is refused before anything runs.
 */
final class ServerKeys {
    /** Countersign's canonical modifiers: {@code cmd} is the Super key to the server. */
    private static final Map<String, String> MODIFIERS = Map.of("ctrl", "ctrl", "alt", "alt", "shift", "shift",
            "cmd", "super");
    private static final Map<String, String> NAMED = Map.ofEntries(
            Map.entry("Return", "return"), Map.entry("Enter", "enter"), Map.entry("Tab", "tab"),
            Map.entry("Escape", "escape"), Map.entry("BackSpace", "backspace"), Map.entry("Delete", "delete"),
            Map.entry("Insert", "insert"), Map.entry("Home", "home"), Map.entry("End", "end"),
            Map.entry("Page_Up", "page_up"), Map.entry("Page_Down", "page_down"), Map.entry("Up", "up"),
            Map.entry("Down", "down"), Map.entry("Left", "left"), Map.entry("Right", "right"),
            Map.entry("space", "space"),
            Map.entry("-", "minus"), Map.entry("=", "equal"), Map.entry("[", "bracketleft"),
            Map.entry("]", "bracketright"), Map.entry("\\", "backslash"), Map.entry(";", "semicolon"),
            Map.entry("'", "quote"), Map.entry("`", "grave"), Map.entry(",", "comma"), Map.entry(".", "period"),
            Map.entry("/", "slash"));

    private ServerKeys() {
    }

    /** The chord as the server reads it, e.g. {@code ctrl+shift+t}; empty when the server has no name for its key. */
    static Optional<String> spell(KeyChord chord) {
        String key = chord.key();
        List<String> held = new ArrayList<>(chord.modifiers());
        String name;
        if (NAMED.containsKey(key)) {
            name = NAMED.get(key);
        } else if (key.matches("F([1-9]|1[0-2])")) {
            name = key.toLowerCase(Locale.ROOT);
        } else if (key.matches("[a-z0-9]")) {
            name = key;
        } else if (key.matches("[A-Z]")) {
            // A capital is its letter with Shift, as Countersign's own keyboard presses it.
            name = key.toLowerCase(Locale.ROOT);
            if (!held.contains("shift")) {
                held.add(held.contains("cmd") ? held.indexOf("cmd") : held.size(), "shift");
            }
        } else {
            return Optional.empty();
        }
        StringBuilder out = new StringBuilder();
        for (String m : held) {
            out.append(MODIFIERS.get(m)).append('+');
        }
        return Optional.of(out.append(name).toString());
    }
}
