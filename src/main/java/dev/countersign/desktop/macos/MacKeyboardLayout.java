package dev.countersign.desktop.macos;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Which key code types which character on the person's current keyboard layout. On AZERTY the key
 * in the US "A" position types "q": a shortcut sent by position would turn ⌘A into ⌘Q (quit) and
 * ⌘Z into ⌘W (close). So the map is read from the layout each time a chord is sent (the person
 * may switch layouts at any moment), with {@code UCKeyTranslate} over every key code.
 */
final class MacKeyboardLayout {
    /** Keypad codes ({@code kVK_ANSI_Keypad*}, {@code kVK_JIS_KeypadComma}): they type digits and operators too, but shortcuts mean the main keys. */
    private static final int[] KEYPAD = {65, 67, 69, 71, 75, 78, 81, 82, 83, 84, 85, 86, 87, 88, 89, 91, 92, 95};
    private static final int NO_DEAD_KEYS = 1;
    /**
     * {@code (cmdKey >> 8) & 0xFF}: first what a key types with ⌘ held, since that is what menus
     * match (layouts such as "Dvorak - QWERTY ⌘" switch under ⌘); then plain; then
     * {@code shiftKey >> 8}, so shifted characters (digits on AZERTY) map to their key, without Shift.
     */
    private static final int[] MODIFIER_STATES = {0x01, 0x00, 0x02};

    private MacKeyboardLayout() {
    }

    /**
     * Character (lower case) → key code for the current layout; empty when the layout cannot be
     * read. Read on the main thread ({@link MainThread}), as Text Input Sources require.
     */
    static Optional<Map<Character, Integer>> current() {
        return MainThread.call(MacKeyboardLayout::read, Optional.empty());
    }

    private static Optional<Map<Character, Integer>> read() {
        Carbon carbon = MacNative.Libs.CARBON;
        Pointer source = carbon.TISCopyCurrentKeyboardLayoutInputSource();
        if (source == null) {
            return Optional.empty();
        }
        try {
            Pointer data = carbon.TISGetInputSourceProperty(source, MacNative.Libs.TIS_UNICODE_LAYOUT);
            // Borrowed from the source, which stays alive until the finally below.
            if (!Cf.isData(data)) {
                return Optional.empty();
            }
            Pointer layout = MacNative.Libs.CF.CFDataGetBytePtr(data);
            if (layout == null) {
                return Optional.empty();
            }
            int keyboardType = carbon.LMGetKbdType() & 0xFF;
            Map<Character, Integer> map = new HashMap<>();
            for (int modifiers : MODIFIER_STATES) {
                for (int code = 0; code < 128; code++) {
                    if (isKeypad(code)) {
                        continue;
                    }
                    String typed = translate(carbon, layout, code, modifiers, keyboardType);
                    if (typed != null && typed.length() == 1) {
                        map.putIfAbsent(typed.toLowerCase(Locale.ROOT).charAt(0), code);
                    }
                }
            }
            return map.isEmpty() ? Optional.empty() : Optional.of(Map.copyOf(map));
        } finally {
            Cf.release(source);
        }
    }

    private static String translate(Carbon carbon, Pointer layout, int code, int modifiers, int keyboardType) {
        IntByReference dead = new IntByReference(0);
        LongByReference length = new LongByReference(0);
        char[] chars = new char[4];
        int status = carbon.UCKeyTranslate(layout, (short) code, (short) 0, modifiers, keyboardType, NO_DEAD_KEYS, dead,
                chars.length, length, chars);
        if (status != 0 || length.getValue() <= 0 || length.getValue() > chars.length) {
            return null;
        }
        char c = chars[0];
        return Character.isISOControl(c) ? null : new String(chars, 0, (int) length.getValue());
    }

    private static boolean isKeypad(int code) {
        for (int k : KEYPAD) {
            if (k == code) {
                return true;
            }
        }
        return false;
    }
}
