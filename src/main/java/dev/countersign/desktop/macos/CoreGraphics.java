package dev.countersign.desktop.macos;

import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.ptr.IntByReference;

/**
 * The CoreGraphics (Quartz) functions Countersign calls: the window list, window capture,
 * the screen-recording preflight, synthetic events, the session dictionary and the display list.
 * Loaded only on macOS by {@link MacNative}. Ownership: {@code Copy}/{@code Create} results are
 * released by the caller ({@code CFRelease}, {@code CGImageRelease}) in a {@code finally};
 * {@code Get} results are borrowed from their owner and never released.
 */
interface CoreGraphics extends Library {
    int WINDOW_LIST_ON_SCREEN_ONLY = 1;
    int WINDOW_LIST_INCLUDING_WINDOW = 8;
    int WINDOW_LIST_EXCLUDE_DESKTOP = 16;
    int IMAGE_BOUNDS_IGNORE_FRAMING = 1;
    int IMAGE_BEST_RESOLUTION = 8;
    int HID_EVENT_TAP = 0;
    int SCROLL_UNIT_LINE = 1;
    /** {@code kCGMouseEventClickState}: the click number apps use to tell double clicks. */
    int FIELD_MOUSE_CLICK_STATE = 1;

    /** CGPoint by value: two CGFloats (doubles on LP64). */
    @Structure.FieldOrder({"x", "y"})
    class CGPoint extends Structure {
        public double x;
        public double y;

        /** Passed by value to the event constructors. */
        public static class ByValue extends CGPoint implements Structure.ByValue {
            public ByValue() {
            }

            public ByValue(double x, double y) {
                this.x = x;
                this.y = y;
            }
        }
    }

    /** CGRect as four doubles: the same layout (and arm64 HFA class) as {origin, size}. */
    @Structure.FieldOrder({"x", "y", "width", "height"})
    class CGRect extends Structure {
        public double x;
        public double y;
        public double width;
        public double height;

        /** Passed and returned by value. */
        public static class ByValue extends CGRect implements Structure.ByValue {
        }
    }

    /** Copy: a CFArray of window dictionaries, front to back for on-screen lists; NULL without a GUI session. */
    Pointer CGWindowListCopyWindowInfo(int option, int relativeToWindow);

    /**
     * Create: an image of windows; release with {@link #CGImageRelease}. Deprecated in macOS 14
     * and marked obsoleted in the macOS 15 SDK, but still exported: the fallback behind the
     * ScreenCaptureKit shim. An unreadable window (no Screen Recording grant) comes back transparent.
     */
    Pointer CGWindowListCreateImage(CGRect.ByValue screenBounds, int listOption, int windowId, int imageOption);

    void CGImageRelease(Pointer image);

    long CGImageGetWidth(Pointer image);

    long CGImageGetHeight(Pointer image);

    long CGImageGetBytesPerRow(Pointer image);

    long CGImageGetBitsPerPixel(Pointer image);

    /** {@code CGBitmapInfo} (uint32): byte order and alpha position of the pixels. */
    int CGImageGetBitmapInfo(Pointer image);

    /** Get: the image's data provider, borrowed from the image. */
    Pointer CGImageGetDataProvider(Pointer image);

    /** Copy: the provider's bytes as a CFData; the caller releases it. */
    Pointer CGDataProviderCopyData(Pointer provider);

    /** Whether this process may capture the screen; never prompts (10.15+). */
    byte CGPreflightScreenCaptureAccess();

    /**
     * Asks for Screen Recording: shows the system prompt the first time, later only returns the
     * current answer (a denied app is not asked again; the person changes it in System Settings).
     */
    byte CGRequestScreenCaptureAccess();

    /** Create: a mouse event at a global top-left point; release after posting. */
    Pointer CGEventCreateMouseEvent(Pointer source, int mouseType, CGPoint.ByValue position, int mouseButton);

    /** Create: a key down/up event for a virtual key code; release after posting. */
    Pointer CGEventCreateKeyboardEvent(Pointer source, short virtualKey, byte keyDown);

    /** Attaches UTF-16 text to a keyboard event; the receiver types it instead of the key. */
    void CGEventKeyboardSetUnicodeString(Pointer event, long length, char[] unicodeString);

    void CGEventSetFlags(Pointer event, long flags);

    void CGEventSetIntegerValueField(Pointer event, int field, long value);

    /**
     * Create: a scroll event (10.13+), the non-variadic form. The variadic
     * {@code CGEventCreateScrollWheelEvent} must not be bound with a fixed arity: Apple's arm64
     * ABI passes variadic arguments on the stack, so the wheel values would land in the wrong place.
     */
    Pointer CGEventCreateScrollWheelEvent2(Pointer source, int units, int wheelCount, int wheel1, int wheel2,
            int wheel3);

    /** Places an event at a global top-left point (a scroll event has none until it is set). */
    void CGEventSetLocation(Pointer event, CGPoint.ByValue location);

    void CGEventPost(int tap, Pointer event);

    /** Copy: the current session's dictionary; NULL outside a GUI session. */
    Pointer CGSessionCopyCurrentDictionary();

    /** The active displays' ids (main display first); returns a CGError, 0 on success. */
    int CGGetActiveDisplayList(int maxDisplays, int[] activeDisplays, IntByReference displayCount);

    /** A display's bounds in global top-left points. */
    CGRect.ByValue CGDisplayBounds(int display);

    /** Copy: the display's current mode; release with {@link #CGDisplayModeRelease}. */
    Pointer CGDisplayCopyDisplayMode(int display);

    long CGDisplayModeGetWidth(Pointer mode);

    long CGDisplayModeGetPixelWidth(Pointer mode);

    void CGDisplayModeRelease(Pointer mode);
}
