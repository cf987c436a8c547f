package dev.countersign.desktop.macos;

import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;

/**
 * The keyboard-layout functions, reached through the Carbon umbrella framework, which re-exports
 * HIToolbox (Text Input Sources, {@code LMGetKbdType}) and CoreServices ({@code UCKeyTranslate}).
 * Key codes are physical positions: which character a position types depends on the layout, so
 * shortcuts are matched by asking the current layout. Loaded only on macOS by {@link MacNative}.
 */
interface Carbon extends Library {

    /** Copy: the current keyboard layout input source; the caller releases it. NULL if none. */
    Pointer TISCopyCurrentKeyboardLayoutInputSource();

    /**
     * Get: a property of an input source, borrowed from it ({@code kTISPropertyUnicodeKeyLayoutData}
     * is a CFData holding the layout's {@code UCKeyboardLayout}); NULL when the source has none.
     */
    Pointer TISGetInputSourceProperty(Pointer inputSource, Pointer propertyKey);

    /**
     * Whether secure event input is on ({@code Boolean}, one byte): a password field somewhere has
     * keyboard focus, or an app such as Terminal turned on Secure Keyboard Entry. Keys sent then
     * may be typed into a secret, so none are sent. Declared in HIToolbox's CarbonEventsCore.h.
     */
    byte IsSecureEventInputEnabled();

    /** The physical keyboard type ({@code UInt8}), which UCKeyTranslate takes. */
    byte LMGetKbdType();

    /**
     * The characters a key produces ({@code OSStatus}, 0 on success). {@code keyAction} 0 is
     * kUCKeyActionDown, {@code modifierKeyState} is {@code (EventModifiers >> 8) & 0xFF}, option
     * bit 0 (kUCKeyTranslateNoDeadKeysMask) returns a dead key's own character. {@code UniCharCount}
     * is an {@code unsigned long}; nothing is allocated.
     */
    int UCKeyTranslate(Pointer keyLayout, short virtualKeyCode, short keyAction, int modifierKeyState,
            int keyboardType, int keyTranslateOptions, IntByReference deadKeyState, long maxStringLength,
            LongByReference actualStringLength, char[] unicodeString);
}
