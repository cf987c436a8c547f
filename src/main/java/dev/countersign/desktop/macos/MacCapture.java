package dev.countersign.desktop.macos;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Rect;
import dev.countersign.desktop.WindowCapture;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Window lists, displays and window capture. Capture prefers the ScreenCaptureKit shim (the API
 * macOS 15 wants) and falls back to {@code CGWindowListCreateImage}, which macOS 15 still exports
 * although its SDK marks it obsolete. Both produce pixels at the display's backing scale; the
 * capture's frame stays in points and the vision package derives the pixel ratio from the two.
 */
final class MacCapture {
    private static final Logger LOG = LoggerFactory.getLogger(MacCapture.class);
    private static final List<String> WINDOW_KEYS = List.of(CgWindow.NUMBER, CgWindow.OWNER_PID, CgWindow.LAYER,
            CgWindow.BOUNDS, CgWindow.NAME, CgWindow.OWNER_NAME, CgWindow.IS_ONSCREEN, CgWindow.ALPHA);
    private static final int SHIM_TIMEOUT_MS = 3000;

    private final CoreGraphics cg = MacNative.Libs.CG;
    private final ScreenCaptureShim shim = loadShim();

    /** The on-screen window list, front to back, without the desktop. */
    List<CgWindow> windows() {
        Pointer list = cg.CGWindowListCopyWindowInfo(
                CoreGraphics.WINDOW_LIST_ON_SCREEN_ONLY | CoreGraphics.WINDOW_LIST_EXCLUDE_DESKTOP, 0);
        try {
            List<Map<String, Object>> entries = new ArrayList<>();
            for (Pointer entry : Cf.items(list)) {
                entries.add(Cf.dictionary(entry, WINDOW_KEYS));
            }
            return CgWindow.all(entries);
        } finally {
            Cf.release(list);
        }
    }

    /** The active displays with their bounds in points and backing scale (pixel width ÷ point width of the mode). */
    Displays displays() {
        int[] ids = new int[16];
        IntByReference count = new IntByReference();
        if (cg.CGGetActiveDisplayList(ids.length, ids, count) != 0) {
            return new Displays(List.of());
        }
        List<Displays.Display> out = new ArrayList<>();
        for (int i = 0; i < count.getValue(); i++) {
            CoreGraphics.CGRect.ByValue b = cg.CGDisplayBounds(ids[i]);
            Rect bounds = Frames.rect(b.x, b.y, b.width, b.height);
            double scale = 1;
            Pointer mode = cg.CGDisplayCopyDisplayMode(ids[i]);
            try {
                if (mode != null && cg.CGDisplayModeGetWidth(mode) > 0) {
                    scale = (double) cg.CGDisplayModeGetPixelWidth(mode) / cg.CGDisplayModeGetWidth(mode);
                }
            } finally {
                if (mode != null) {
                    cg.CGDisplayModeRelease(mode);
                }
            }
            if (bounds != null) {
                out.add(new Displays.Display(bounds, scale));
            }
        }
        return new Displays(out);
    }

    /**
     * Captures one window by its CGWindowID; null when neither path produced an image. Refuses
     * with PERMISSION_MISSING when Screen Recording is not granted: without it CoreGraphics
     * "succeeds" with a transparent image, which must never pass for what the window shows.
     */
    WindowCapture capture(int windowId, Rect frame) {
        if (!screenRecordingGranted()) {
            throw denied("Screen Recording is not granted");
        }
        if (shim != null) {
            WindowCapture c = captureWithShim(windowId, frame);
            if (c != null) {
                return c;
            }
        }
        return captureWithCoreGraphics(windowId, frame);
    }

    /** {@code CGPreflightScreenCaptureAccess}; true before 10.15, which has no such permission. */
    boolean screenRecordingGranted() {
        try {
            return cg.CGPreflightScreenCaptureAccess() != 0;
        } catch (UnsatisfiedLinkError e) {
            return true;
        }
    }

    private static CountersignException denied(String why) {
        return new CountersignException(CountersignError.of(ErrorCode.PERMISSION_MISSING, why
                + ": allow Countersign in System Settings → Privacy & Security → Screen & System Audio Recording"));
    }

    private WindowCapture captureWithShim(int windowId, Rect frame) {
        PointerByReference pixels = new PointerByReference();
        IntByReference w = new IntByReference();
        IntByReference h = new IntByReference();
        IntByReference bpr = new IntByReference();
        int rc = shim.cs_capture_window(windowId, SHIM_TIMEOUT_MS, pixels, w, h, bpr);
        if (rc == ScreenCaptureShim.DENIED) {
            // The person declined (or revoked) Screen Recording: CoreGraphics would only return a blank image.
            throw denied("the capture was declined");
        }
        if (rc != 0) {
            LOG.debug("ScreenCaptureKit shim could not capture window {}: {}; using CoreGraphics", windowId, rc);
            return null;
        }
        if (pixels.getValue() == null) {
            return null;
        }
        try {
            long size = (long) bpr.getValue() * h.getValue();
            if (size <= 0 || size > Integer.MAX_VALUE) {
                return null;
            }
            byte[] data = pixels.getValue().getByteArray(0, (int) size);
            int info = BitmapPixels.BYTE_ORDER_32_LITTLE | BitmapPixels.ALPHA_PREMULTIPLIED_FIRST;
            return new WindowCapture(frame, w.getValue(), h.getValue(),
                    BitmapPixels.argb(data, w.getValue(), h.getValue(), bpr.getValue(), 32, info));
        } catch (IllegalArgumentException e) {
            LOG.debug("the shim's image of window {} is unreadable: {}", windowId, e.getMessage());
            return null;
        } finally {
            shim.cs_capture_free(pixels.getValue());
        }
    }

    private WindowCapture captureWithCoreGraphics(int windowId, Rect frame) {
        // CGRectNull asks for the window's own bounds; BoundsIgnoreFraming leaves the shadow out.
        CoreGraphics.CGRect.ByValue nullRect = new CoreGraphics.CGRect.ByValue();
        nullRect.x = Double.POSITIVE_INFINITY;
        nullRect.y = Double.POSITIVE_INFINITY;
        Pointer image;
        try {
            image = cg.CGWindowListCreateImage(nullRect, CoreGraphics.WINDOW_LIST_INCLUDING_WINDOW, windowId,
                    CoreGraphics.IMAGE_BOUNDS_IGNORE_FRAMING | CoreGraphics.IMAGE_BEST_RESOLUTION);
        } catch (UnsatisfiedLinkError e) {
            // Obsolete in the macOS 15 SDK: a later macOS may stop exporting it. No image, not a crash.
            LOG.warn("CGWindowListCreateImage is not available on this macOS: {}", e.getMessage());
            return null;
        }
        if (image == null) {
            return null;
        }
        try {
            int width = (int) cg.CGImageGetWidth(image);
            int height = (int) cg.CGImageGetHeight(image);
            if (width <= 0 || height <= 0) {
                return null;
            }
            int bytesPerRow = (int) cg.CGImageGetBytesPerRow(image);
            Pointer provider = cg.CGImageGetDataProvider(image);
            // Copy may return NULL (no provider, out of memory): CFDataGetLength(NULL) would segfault.
            Pointer data = provider == null ? null : cg.CGDataProviderCopyData(provider);
            if (data == null) {
                return null;
            }
            try {
                if (!Cf.isData(data)) {
                    return null;
                }
                long length = MacNative.Libs.CF.CFDataGetLength(data);
                Pointer bytesPtr = MacNative.Libs.CF.CFDataGetBytePtr(data);
                if (length <= 0 || length > Integer.MAX_VALUE || bytesPtr == null) {
                    return null;
                }
                byte[] bytes = bytesPtr.getByteArray(0, (int) length);
                return new WindowCapture(frame, width, height, BitmapPixels.argb(bytes, width, height, bytesPerRow,
                        (int) cg.CGImageGetBitsPerPixel(image), cg.CGImageGetBitmapInfo(image)));
            } catch (IllegalArgumentException e) {
                LOG.debug("the image of window {} is in a layout we do not read: {}", windowId, e.getMessage());
                return null;
            } finally {
                Cf.release(data);
            }
        } finally {
            cg.CGImageRelease(image);
        }
    }

    /** The ScreenCaptureKit shim ({@link ShimLibraries}); null when it is not there, normal for a source build. */
    private static ScreenCaptureShim loadShim() {
        return ShimLibraries.load(ScreenCaptureShim.NAME, ScreenCaptureShim.class);
    }
}
