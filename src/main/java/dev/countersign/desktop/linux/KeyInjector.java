package dev.countersign.desktop.linux;

import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Key names and text to XTest key events.
 *
 * <p>Names follow X keysym names ({@code Return}, {@code Tab}, {@code BackSpace}) with common
 * lowercase aliases; {@code cmd} means Control on Linux, where applications use Control for what
 * macOS puts on Command. A character with no key in the current keymap is typed by binding its
 * keysym to a spare keycode for the keystroke and unbinding it afterwards, as xdotool does.
 */
final class KeyInjector {
    private static final Map<String, String> ALIASES = Map.ofEntries(
            Map.entry("enter", "Return"), Map.entry("return", "Return"), Map.entry("tab", "Tab"),
            Map.entry("esc", "Escape"), Map.entry("escape", "Escape"), Map.entry("backspace", "BackSpace"),
            Map.entry("delete", "Delete"), Map.entry("del", "Delete"), Map.entry("space", "space"),
            Map.entry("up", "Up"), Map.entry("down", "Down"), Map.entry("left", "Left"), Map.entry("right", "Right"),
            Map.entry("home", "Home"), Map.entry("end", "End"), Map.entry("pageup", "Prior"),
            Map.entry("page_up", "Prior"), Map.entry("pagedown", "Next"), Map.entry("page_down", "Next"),
            Map.entry("insert", "Insert"));
    private static final Map<String, String> MODIFIERS = Map.ofEntries(
            Map.entry("ctrl", "Control_L"), Map.entry("control", "Control_L"), Map.entry("cmd", "Control_L"),
            Map.entry("command", "Control_L"), Map.entry("shift", "Shift_L"), Map.entry("alt", "Alt_L"),
            Map.entry("option", "Alt_L"), Map.entry("super", "Super_L"), Map.entry("meta", "Super_L"),
            Map.entry("win", "Super_L"));
    private static final long NO_SYMBOL = 0;

    private final X11Session x;
    private int spareKeycode = -1;

    KeyInjector(X11Session x) {
        this.x = x;
    }

    /** Presses a combination like {@code ctrl+shift+t}: modifiers down, key down and up, modifiers up in reverse. */
    void combo(String combo) {
        String[] parts = combo.split("\\+");
        List<Integer> modifiers = new ArrayList<>();
        for (int i = 0; i < parts.length - 1; i++) {
            String m = MODIFIERS.get(parts[i].trim().toLowerCase(Locale.ROOT));
            if (m == null) {
                throw invalid("unknown modifier '" + parts[i] + "' in '" + combo + "'");
            }
            modifiers.add(keycodeOf(keysym(m)));
        }
        long keysym = keysymOfName(parts[parts.length - 1].trim(), combo);
        for (int m : modifiers) {
            x.key(m, true);
        }
        stroke(keysym);
        for (int i = modifiers.size() - 1; i >= 0; i--) {
            x.key(modifiers.get(i), false);
        }
        x.sync();
    }

    /** Types text one character at a time. */
    void type(String text) {
        // Text is characters, never keys: a newline or tab here would be Return or Tab, which the
        // policy judges as keys (the driver refuses such text before it gets here).
        if (text.codePoints().anyMatch(Character::isISOControl)) {
            throw new IllegalArgumentException("text input cannot hold control characters");
        }
        text.codePoints().forEach(cp -> stroke(cp < 0x100 ? cp : 0x0100_0000L | cp));
        x.sync();
    }

    /** One keystroke of a keysym, with Shift when the keysym sits on the key's second level. */
    private void stroke(long keysym) {
        int code = x.withDisplay(d -> Xlib.X11.XKeysymToKeycode(d, new NativeLong(keysym)) & 0xFF);
        if (code == 0) {
            strokeRemapped(keysym);
            return;
        }
        boolean shift = x.withDisplay(d -> Xlib.X11.XKeycodeToKeysym(d, (byte) code, 0).longValue() != keysym
                && Xlib.X11.XKeycodeToKeysym(d, (byte) code, 1).longValue() == keysym);
        int shiftCode = shift ? keycodeOf(keysym("Shift_L")) : 0;
        if (shift) {
            x.key(shiftCode, true);
        }
        x.key(code, true);
        x.key(code, false);
        if (shift) {
            x.key(shiftCode, false);
        }
    }

    private void strokeRemapped(long keysym) {
        int code = spareKeycode();
        x.withDisplay(d -> Xlib.X11.XChangeKeyboardMapping(d, code, 1, new NativeLong[] {new NativeLong(keysym)}, 1));
        x.sync();
        x.key(code, true);
        x.key(code, false);
        x.sync();
        x.withDisplay(d -> Xlib.X11.XChangeKeyboardMapping(d, code, 1, new NativeLong[] {new NativeLong(NO_SYMBOL)}, 1));
    }

    /** A keycode with no symbols bound, found once: the keymap's last empty slot. */
    private int spareKeycode() {
        if (spareKeycode > 0) {
            return spareKeycode;
        }
        spareKeycode = x.withDisplay(d -> {
            IntByReference min = new IntByReference();
            IntByReference max = new IntByReference();
            Xlib.X11.XDisplayKeycodes(d, min, max);
            int count = max.getValue() - min.getValue() + 1;
            IntByReference perCode = new IntByReference();
            Pointer map = Xlib.X11.XGetKeyboardMapping(d, (byte) min.getValue(), count, perCode);
            try {
                int per = perCode.getValue();
                for (int c = count - 1; c >= 0; c--) {
                    boolean empty = true;
                    for (int s = 0; s < per && empty; s++) {
                        empty = map.getNativeLong((long) (c * per + s) * NativeLong.SIZE).longValue() == NO_SYMBOL;
                    }
                    if (empty) {
                        return min.getValue() + c;
                    }
                }
                return -1;
            } finally {
                Xlib.X11.XFree(map);
            }
        });
        if (spareKeycode <= 0) {
            throw new CountersignException(CountersignError.of(ErrorCode.INTERNAL,
                    "the keymap has no free keycode to type a character that has no key"));
        }
        return spareKeycode;
    }

    private long keysymOfName(String name, String combo) {
        if (name.codePointCount(0, name.length()) == 1) {
            int cp = name.codePointAt(0);
            return cp < 0x100 ? cp : 0x0100_0000L | cp;
        }
        String alias = ALIASES.get(name.toLowerCase(Locale.ROOT));
        long keysym = keysym(alias != null ? alias : name);
        if (keysym == NO_SYMBOL) {
            throw invalid("unknown key '" + name + "' in '" + combo + "'");
        }
        return keysym;
    }

    private int keycodeOf(long keysym) {
        int code = x.withDisplay(d -> Xlib.X11.XKeysymToKeycode(d, new NativeLong(keysym)) & 0xFF);
        if (code == 0) {
            throw new CountersignException(CountersignError.of(ErrorCode.INTERNAL,
                    "the keymap has no key for keysym 0x" + Long.toHexString(keysym)));
        }
        return code;
    }

    private static long keysym(String name) {
        return Xlib.X11.XStringToKeysym(name).longValue();
    }

    private static CountersignException invalid(String message) {
        return new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "keys", message));
    }
}
