package dev.countersign.desktop.linux;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;

/**
 * The few libX11 and libXtst calls jna-platform's {@code X11} does not bind correctly for us:
 * {@code XGetImage} (jna-platform's {@code XImage} is opaque), {@code XGetKeyboardMapping}
 * (bound there as returning one KeySym, not the array it allocates) and the XTest fakes with a
 * plain {@code Display*}. Ownership: images from {@code XGetImage} are released with
 * {@code XDestroyImage}, arrays from {@code XGetKeyboardMapping} with {@code XFree}.
 */
interface Xlib extends Library {
    Xlib X11 = Native.load("X11", Xlib.class);
    XTest XTST = Native.load("Xtst", XTest.class);

    int Z_PIXMAP = 2;

    Pointer XOpenDisplay(String name);

    int XCloseDisplay(Pointer display);

    NativeLong XDefaultRootWindow(Pointer display);

    int XDefaultScreen(Pointer display);

    int XDisplayWidth(Pointer display, int screen);

    int XDisplayHeight(Pointer display, int screen);

    Pointer XGetImage(Pointer display, NativeLong drawable, int x, int y, int width, int height,
                      NativeLong planeMask, int format);

    int XDestroyImage(Pointer image);

    int XFlush(Pointer display);

    int XSync(Pointer display, int discard);

    NativeLong XStringToKeysym(String name);

    byte XKeysymToKeycode(Pointer display, NativeLong keysym);

    NativeLong XKeycodeToKeysym(Pointer display, byte keycode, int index);

    int XDisplayKeycodes(Pointer display, IntByReference min, IntByReference max);

    Pointer XGetKeyboardMapping(Pointer display, byte first, int count, IntByReference keysymsPerKeycode);

    int XChangeKeyboardMapping(Pointer display, int first, int keysymsPerKeycode, NativeLong[] keysyms, int count);

    int XFree(Pointer data);

    /** libXtst's fake input; Bool arguments are C ints. */
    interface XTest extends Library {
        int XTestQueryExtension(Pointer display, IntByReference event, IntByReference error,
                                IntByReference major, IntByReference minor);

        int XTestFakeKeyEvent(Pointer display, int keycode, int isPress, NativeLong delay);

        int XTestFakeButtonEvent(Pointer display, int button, int isPress, NativeLong delay);

        int XTestFakeMotionEvent(Pointer display, int screen, int x, int y, NativeLong delay);
    }
}
