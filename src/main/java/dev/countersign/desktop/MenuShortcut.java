package dev.countersign.desktop;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A key chord an application binds to an enabled item of a window's menus, e.g. {@code ctrl+s} to
 * "Save": what that chord does in that window, in the app's own words. {@code chord} is spelt as
 * {@code computer_act}'s {@code keys} are (modifiers ctrl, alt, shift, cmd in that order, then the
 * key; a letter in lower case); the labels are the menu item's own.
 */
public record MenuShortcut(String chord, String name, String identifier, String description) {
    private static final List<String> ORDER = List.of("ctrl", "alt", "shift", "cmd");
    private static final Map<String, String> MODIFIERS = Map.ofEntries(
            Map.entry("primary", "ctrl"), Map.entry("control", "ctrl"), Map.entry("ctrl", "ctrl"),
            Map.entry("ctl", "ctrl"), Map.entry("shift", "shift"), Map.entry("alt", "alt"),
            Map.entry("mod1", "alt"), Map.entry("meta", "cmd"), Map.entry("super", "cmd"),
            Map.entry("hyper", "cmd"), Map.entry("cmd", "cmd"), Map.entry("command", "cmd"));

    public MenuShortcut {
        Objects.requireNonNull(chord, "chord");
        name = name == null ? "" : name;
        description = description == null ? "" : description;
    }

    /**
     * The chord of an accelerator as toolkits spell it: GTK's {@code <Primary><Shift>s} or
     * {@code <Control>Return}, Qt's {@code Ctrl+Shift+S}. Empty when it names no key or a modifier
     * this does not know, so an unreadable binding is never taken for another chord.
     */
    public static Optional<String> chordOf(String accelerator) {
        if (accelerator == null || accelerator.isBlank()) {
            return Optional.empty();
        }
        String rest = accelerator.trim();
        List<String> held = new ArrayList<>();
        if (rest.startsWith("<")) {
            while (rest.startsWith("<")) {
                int end = rest.indexOf('>');
                if (end < 0 || !hold(held, rest.substring(1, end))) {
                    return Optional.empty();
                }
                rest = rest.substring(end + 1);
            }
        } else if (rest.length() > 1 && rest.contains("+")) {
            int cut = rest.endsWith("++") ? rest.length() - 2 : rest.lastIndexOf('+');
            for (String modifier : rest.substring(0, cut).split("\\+")) {
                if (!hold(held, modifier)) {
                    return Optional.empty();
                }
            }
            rest = rest.substring(cut + 1);
        }
        if (rest.isEmpty() || rest.codePoints().anyMatch(Character::isWhitespace)) {
            return Optional.empty();
        }
        String key = rest.codePointCount(0, rest.length()) == 1 ? rest.toLowerCase(Locale.ROOT) : rest;
        StringBuilder chord = new StringBuilder();
        for (String modifier : ORDER) {
            if (held.contains(modifier)) {
                chord.append(modifier).append('+');
            }
        }
        return Optional.of(chord.append(key).toString());
    }

    private static boolean hold(List<String> held, String name) {
        String modifier = MODIFIERS.get(name.toLowerCase(Locale.ROOT));
        if (modifier == null) {
            return false;
        }
        if (!held.contains(modifier)) {
            held.add(modifier);
        }
        return true;
    }
}
