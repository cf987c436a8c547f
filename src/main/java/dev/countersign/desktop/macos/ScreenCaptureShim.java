package dev.countersign.desktop.macos;

import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;

/**
 * The optional ScreenCaptureKit shim in {@code native/macos} ({@code libcountersign-capture.dylib}),
 * built only on a Mac. It captures one window with {@code SCScreenshotManager} (macOS 14+), which
 * replaces the {@code CGWindowListCreateImage} that macOS 15 marks obsolete. When the library is
 * absent, {@link MacCapture} falls back to CoreGraphics.
 */
interface ScreenCaptureShim extends Library {
    /** The shim's library name, without "lib" and ".dylib". */
    String NAME = "countersign-capture";
    /** {@code cs_capture_window}'s code for a capture the person declined (no Screen Recording grant). */
    int DENIED = -3;

    /**
     * Captures window {@code windowId} at its backing scale into a malloc'd buffer of
     * 32-bit BGRA (little-endian, premultiplied alpha first) rows; returns 0 on success, a
     * negative code otherwise (-1 not found, -2 timed out, -3 denied, -4 failed). The caller frees
     * {@code pixels} with {@link #cs_capture_free(Pointer)}.
     */
    int cs_capture_window(int windowId, int timeoutMillis, PointerByReference pixels, IntByReference width,
            IntByReference height, IntByReference bytesPerRow);

    void cs_capture_free(Pointer pixels);
}
