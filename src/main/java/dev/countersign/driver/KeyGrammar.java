package dev.countersign.driver;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The grammar of the {@code keys} argument: zero or more modifiers and one key, joined by '+'
 * ({@code Return}, {@code shift+Tab}, {@code ctrl+a}, {@code cmd+shift+t}, {@code F5}).
 */
final class KeyGrammar {
    static final Set<String> MODIFIERS = Set.of("ctrl", "control", "shift", "alt", "option", "cmd", "command",
            "super", "meta");
    private static final Set<String> NAMED = Set.of("return", "enter", "kp_enter", "tab", "escape", "esc",
            "space", "backspace", "delete", "insert", "home", "end", "page_up", "page_down", "pageup", "pagedown",
            "up", "down", "left", "right");
    private static final Pattern FUNCTION_KEY = Pattern.compile("f([1-9]|1[0-2])");

    private KeyGrammar() {
    }

    static boolean isValid(String combo) {
        if (combo.isEmpty() || combo.length() > 64 || combo.startsWith("+") || combo.endsWith("+")) {
            return false;
        }
        String[] parts = combo.split("\\+", -1);
        for (int i = 0; i < parts.length - 1; i++) {
            if (!MODIFIERS.contains(parts[i].toLowerCase(Locale.ROOT))) {
                return false;
            }
        }
        String key = parts[parts.length - 1];
        String lower = key.toLowerCase(Locale.ROOT);
        return NAMED.contains(lower) || FUNCTION_KEY.matcher(lower).matches()
                || (key.codePointCount(0, key.length()) == 1 && !Character.isISOControl(key.codePointAt(0))
                        && !Character.isWhitespace(key.codePointAt(0)));
    }
}
