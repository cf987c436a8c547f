package dev.countersign.desktop.macos;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import java.util.Locale;

/**
 * Where the frameworks are loaded, once, and only on macOS. Nothing here runs until a
 * {@link MacDesktopBackend} is created, which checks {@link #isMac()} first, so the Linux build
 * and tests never try to load a framework.
 */
final class MacNative {
    private MacNative() {
    }

    static boolean isMac() {
        return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("mac");
    }

    /** The holder idiom: the class initializes (and the libraries load) on first use of a field. */
    static final class Libs {
        static final ApplicationServices AX = Native.load("ApplicationServices", ApplicationServices.class);
        static final CoreGraphics CG = Native.load("CoreGraphics", CoreGraphics.class);
        static final CfCalls CF = Native.load("CoreFoundation", CfCalls.class);
        /** HIToolbox and CoreServices through the Carbon umbrella: the keyboard layout. */
        static final Carbon CARBON = Native.load("Carbon", Carbon.class);
        /** libdispatch and pthread through libSystem: work for the main thread. */
        static final LibDispatch DISPATCH = Native.load("System", LibDispatch.class);
        /** {@code _dispatch_main_q}: the main queue, a global struct passed by its address. */
        static final Pointer MAIN_QUEUE = NativeLibrary.getInstance("System").getGlobalVariableAddress("_dispatch_main_q");
        /** {@code kTISPropertyUnicodeKeyLayoutData}: a global CFStringRef, never released. */
        static final Pointer TIS_UNICODE_LAYOUT;
        /** {@code kAXTrustedCheckOptionPrompt}: the options key that makes the trust check prompt. */
        static final Pointer AX_TRUSTED_PROMPT;
        static final ObjC OBJC;
        static final ObjC.IntResult OBJC_INT;
        /** {@code kCFBooleanTrue}: a global CFBooleanRef, read through its address, never released. */
        static final Pointer CF_TRUE;
        /** {@code kCFBooleanFalse}. */
        static final Pointer CF_FALSE;

        static {
            // NSRunningApplication and NSWorkspace live in AppKit; objc_getClass finds nothing until it is loaded.
            NativeLibrary.getInstance("AppKit");
            OBJC = Native.load("objc", ObjC.class);
            OBJC_INT = Native.load("objc", ObjC.IntResult.class);
            NativeLibrary cf = NativeLibrary.getInstance("CoreFoundation");
            CF_TRUE = cf.getGlobalVariableAddress("kCFBooleanTrue").getPointer(0);
            CF_FALSE = cf.getGlobalVariableAddress("kCFBooleanFalse").getPointer(0);
            AX_TRUSTED_PROMPT = NativeLibrary.getInstance("ApplicationServices")
                    .getGlobalVariableAddress("kAXTrustedCheckOptionPrompt").getPointer(0);
            TIS_UNICODE_LAYOUT = NativeLibrary.getInstance("Carbon")
                    .getGlobalVariableAddress("kTISPropertyUnicodeKeyLayoutData").getPointer(0);
        }

        private Libs() {
        }
    }
}
