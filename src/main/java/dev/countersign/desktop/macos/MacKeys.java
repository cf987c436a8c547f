package dev.countersign.desktop.macos;

import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Key names to macOS virtual key codes ({@code kVK_*} of HIToolbox {@code Events.h}) and
 * {@code CGEventFlags}, and text to the chunks typed as Unicode strings.
 *
 * <p>Key names are the policy's canonical X keysym spellings ({@code Return}, {@code BackSpace},
 * {@code Page_Down}) with their aliases; lookup ignores case, '_' and '-'. {@code cmd} is ⌘ here.
 * Letters, digits and punctuation map to their ANSI key positions, which is what shortcuts such as
 * ⌘C are bound to on every layout that macOS remaps (Dvorak-QWERTY ⌘ included); typed text never
 * uses positions but {@code CGEventKeyboardSetUnicodeString}, so it is layout-independent.
 */
final class MacKeys {
    static final long FLAG_SHIFT = 0x20000L;
    static final long FLAG_CONTROL = 0x40000L;
    static final long FLAG_OPTION = 0x80000L;
    static final long FLAG_COMMAND = 0x100000L;

    static final int KEY_RETURN = 36;
    static final int KEY_TAB = 48;

    /**
     * UTF-16 units per keyboard event. Events carrying longer strings are truncated by some
     * receivers (the often-quoted limit is 20; unverified), so text goes in chunks of this size.
     */
    static final int CHUNK = 20;

    /** One modifier: its flag and the key code of its left-hand key (pressed and released around a chord). */
    record Modifier(String name, long flag, int keyCode) {
    }

    /** A parsed chord: modifiers in the order given, the key code, and the combined flags. */
    record Chord(List<Modifier> modifiers, int keyCode, long flags) {
    }

    private static final Map<String, Modifier> MODIFIERS = Map.ofEntries(
            Map.entry("cmd", new Modifier("cmd", FLAG_COMMAND, 55)),
            Map.entry("command", new Modifier("cmd", FLAG_COMMAND, 55)),
            Map.entry("meta", new Modifier("cmd", FLAG_COMMAND, 55)),
            Map.entry("super", new Modifier("cmd", FLAG_COMMAND, 55)),
            Map.entry("shift", new Modifier("shift", FLAG_SHIFT, 56)),
            Map.entry("ctrl", new Modifier("ctrl", FLAG_CONTROL, 59)),
            Map.entry("control", new Modifier("ctrl", FLAG_CONTROL, 59)),
            Map.entry("alt", new Modifier("alt", FLAG_OPTION, 58)),
            Map.entry("option", new Modifier("alt", FLAG_OPTION, 58)),
            Map.entry("opt", new Modifier("alt", FLAG_OPTION, 58)));

    private static final Map<String, Integer> KEYS = keys();

    private MacKeys() {
    }

    /**
     * Parses {@code cmd+shift+t} for the US layout's key positions; unknown names are
     * INVALID_ARGUMENT on the {@code keys} field. Posting uses {@link #chord(String, Map)}.
     */
    static Chord chord(String combo) {
        return chord(combo, null);
    }

    /**
     * Parses a chord for a layout: a single-character key is the key that types that character on
     * {@code layout} (character → key code, from {@link MacKeyboardLayout}); named keys (Return,
     * F5, arrows) are positions, the same on every layout. With {@code layout} null, the US positions.
     */
    static Chord chord(String combo, Map<Character, Integer> layout) {
        String[] parts = combo.split("\\+", -1);
        List<Modifier> modifiers = new ArrayList<>();
        long flags = 0;
        for (int i = 0; i < parts.length - 1; i++) {
            Modifier m = MODIFIERS.get(parts[i].trim().toLowerCase(Locale.ROOT));
            if (m == null) {
                throw invalid("unknown modifier '" + parts[i] + "' in '" + combo + "'");
            }
            modifiers.add(m);
            flags |= m.flag();
        }
        String key = parts[parts.length - 1].trim();
        Integer code = layout != null && key.length() == 1 && !" ".equals(key)
                ? layout.get(key.toLowerCase(Locale.ROOT).charAt(0)) : keyCode(key);
        if (code == null && layout != null && key.length() == 1) {
            throw invalid("the current keyboard layout has no key that types '" + key + "' in '" + combo + "'");
        }
        if (code == null) {
            throw invalid("unknown key '" + key + "' in '" + combo + "'");
        }
        return new Chord(List.copyOf(modifiers), code, flags);
    }

    /** The virtual key code for a key name or single character, or null. */
    static Integer keyCode(String name) {
        if (name.isEmpty()) {
            return null;
        }
        return KEYS.get(name.length() == 1 ? name.toLowerCase(Locale.ROOT) : lookupForm(name));
    }

    /** One piece of typed text: a Unicode string of at most {@link #CHUNK} units, or a key (Return, Tab). */
    sealed interface Piece {
    }

    /** Text typed through {@code CGEventKeyboardSetUnicodeString}. */
    record Unicode(String text) implements Piece {
    }

    /** A key stroke for characters that apps expect as keys rather than as text. */
    record Stroke(int keyCode) implements Piece {
    }

    /**
     * Text as pieces: newline and tab become Return and Tab strokes (a text field's newline
     * handling runs on the key, not on a "\n" string); the rest goes in chunks that never split a
     * surrogate pair, so an emoji arrives whole.
     */
    static List<Piece> pieces(String text) {
        List<Piece> out = new ArrayList<>();
        StringBuilder chunk = new StringBuilder();
        int i = 0;
        while (i < text.length()) {
            int cp = text.codePointAt(i);
            int len = Character.charCount(cp);
            if (cp == '\n' || cp == '\r' || cp == '\t') {
                flush(chunk, out);
                out.add(new Stroke(cp == '\t' ? KEY_TAB : KEY_RETURN));
                if (cp == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                    len++;
                }
            } else {
                if (chunk.length() + len > CHUNK) {
                    flush(chunk, out);
                }
                chunk.appendCodePoint(cp);
            }
            i += len;
        }
        flush(chunk, out);
        return out;
    }

    private static void flush(StringBuilder chunk, List<Piece> out) {
        if (chunk.length() > 0) {
            out.add(new Unicode(chunk.toString()));
            chunk.setLength(0);
        }
    }

    private static String lookupForm(String name) {
        return name.toLowerCase(Locale.ROOT).replace("_", "").replace("-", "");
    }

    private static Map<String, Integer> keys() {
        Map<String, Integer> k = new HashMap<>();
        String letters = "asdfhgzxcv?bqweryt";
        for (int i = 0; i < letters.length(); i++) {
            if (letters.charAt(i) != '?') {
                k.put(String.valueOf(letters.charAt(i)), i);
            }
        }
        int[] letterCodes = {31, 32, 34, 35, 37, 38, 40, 45, 46};
        String more = "ouiplj" + "knm";
        for (int i = 0; i < more.length(); i++) {
            k.put(String.valueOf(more.charAt(i)), letterCodes[i]);
        }
        int[] digitCodes = {29, 18, 19, 20, 21, 23, 22, 26, 28, 25};
        for (int d = 0; d <= 9; d++) {
            k.put(Integer.toString(d), digitCodes[d]);
        }
        String punctuation = "=-][';\\,/.`";
        int[] punctuationCodes = {24, 27, 30, 33, 39, 41, 42, 43, 44, 47, 50};
        for (int i = 0; i < punctuation.length(); i++) {
            k.put(String.valueOf(punctuation.charAt(i)), punctuationCodes[i]);
        }
        k.put("return", KEY_RETURN);
        k.put("enter", KEY_RETURN);
        k.put("kpenter", 76);
        k.put("tab", KEY_TAB);
        k.put("space", 49);
        k.put("spacebar", 49);
        k.put(" ", 49);
        // X's BackSpace is the Mac's Delete key; X's Delete is the Mac's forward delete.
        k.put("backspace", 51);
        k.put("delete", 117);
        k.put("del", 117);
        k.put("escape", 53);
        k.put("esc", 53);
        k.put("insert", 114);
        k.put("home", 115);
        k.put("end", 119);
        k.put("pageup", 116);
        k.put("prior", 116);
        k.put("pagedown", 121);
        k.put("next", 121);
        k.put("left", 123);
        k.put("right", 124);
        k.put("down", 125);
        k.put("up", 126);
        k.put("arrowleft", 123);
        k.put("arrowright", 124);
        k.put("arrowdown", 125);
        k.put("arrowup", 126);
        int[] functionCodes = {122, 120, 99, 118, 96, 97, 98, 100, 101, 109, 103, 111};
        for (int f = 1; f <= 12; f++) {
            k.put("f" + f, functionCodes[f - 1]);
        }
        return Map.copyOf(k);
    }

    private static CountersignException invalid(String message) {
        return new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "keys", message));
    }
}
