package dev.countersign.desktop.linux;

import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Rect;
import dev.countersign.desktop.WindowCapture;
import java.util.function.Function;

/**
 * One X display connection for capture and synthetic input.
 *
 * <p>Capture is {@code XGetImage} on the root window over the window's frame: what a person sees
 * there, which is also what an agent's marks must match. It measured about three times faster
 * than AWT {@code Robot} here and needs no AWT toolkit. Input goes through XTest, so it reaches
 * applications like hardware input does. Xlib is not thread-safe without {@code XInitThreads},
 * so every call holds this object's lock.
 */
final class X11Session implements AutoCloseable {
    private static final NativeLong ALL_PLANES = new NativeLong(-1L);
    private static final NativeLong NO_DELAY = new NativeLong(0);

    private final Pointer display;
    private final NativeLong root;
    private final int screenWidth;
    private final int screenHeight;
    private boolean closed;

    private X11Session(Pointer display) {
        this.display = display;
        this.root = Xlib.X11.XDefaultRootWindow(display);
        int screen = Xlib.X11.XDefaultScreen(display);
        this.screenWidth = Xlib.X11.XDisplayWidth(display, screen);
        this.screenHeight = Xlib.X11.XDisplayHeight(display, screen);
    }

    /** Opens the display named by {@code DISPLAY}; null when there is none or it refuses us. */
    static X11Session open(String displayName) {
        if (displayName == null || displayName.isBlank()) {
            return null;
        }
        Pointer display = Xlib.X11.XOpenDisplay(displayName);
        return display == null ? null : new X11Session(display);
    }

    Rect screen() {
        return new Rect(0, 0, screenWidth, screenHeight);
    }

    /** The pixels of {@code frame} (clipped to the screen) as opaque ARGB. */
    synchronized WindowCapture capture(Rect frame) {
        ensureOpen();
        int x0 = Math.max(0, frame.x());
        int y0 = Math.max(0, frame.y());
        int x1 = Math.min(screenWidth, frame.x() + frame.width());
        int y1 = Math.min(screenHeight, frame.y() + frame.height());
        if (x1 <= x0 || y1 <= y0) {
            throw new CountersignException(CountersignError.onField(ErrorCode.CAPTURE_REJECTED, "window",
                    "the window lies entirely off screen"));
        }
        int w = x1 - x0;
        int h = y1 - y0;
        Pointer image = Xlib.X11.XGetImage(display, root, x0, y0, w, h, ALL_PLANES, Xlib.Z_PIXMAP);
        if (image == null) {
            throw new CountersignException(CountersignError.of(ErrorCode.CAPTURE_REJECTED,
                    "the X server returned no image for the window"));
        }
        try {
            return new WindowCapture(new Rect(x0, y0, w, h), w, h, pixels(image, w, h));
        } finally {
            Xlib.X11.XDestroyImage(image);
        }
    }

    /** Reads a ZPixmap XImage (LP64 layout of {@code struct _XImage}) as ARGB. */
    private static int[] pixels(Pointer image, int w, int h) {
        Pointer data = image.getPointer(16);
        int bytesPerLine = image.getInt(44);
        int bitsPerPixel = image.getInt(48);
        long redMask = image.getLong(56);
        if (bitsPerPixel != 32 || redMask != 0xFF0000L) {
            throw new CountersignException(CountersignError.of(ErrorCode.CAPTURE_REJECTED,
                    "unsupported X visual: " + bitsPerPixel + " bits per pixel, red mask 0x" + Long.toHexString(redMask)));
        }
        int[] argb = new int[w * h];
        if (bytesPerLine == w * 4) {
            data.read(0, argb, 0, argb.length);
        } else {
            for (int row = 0; row < h; row++) {
                data.read((long) row * bytesPerLine, argb, row * w, w);
            }
        }
        for (int i = 0; i < argb.length; i++) {
            argb[i] |= 0xFF000000;
        }
        return argb;
    }

    synchronized void move(int x, int y) {
        ensureOpen();
        Xlib.XTST.XTestFakeMotionEvent(display, -1, x, y, NO_DELAY);
    }

    synchronized void button(int button, boolean press) {
        ensureOpen();
        Xlib.XTST.XTestFakeButtonEvent(display, button, press ? 1 : 0, NO_DELAY);
    }

    synchronized void key(int keycode, boolean press) {
        ensureOpen();
        Xlib.XTST.XTestFakeKeyEvent(display, keycode, press ? 1 : 0, NO_DELAY);
    }

    /** Waits until the X server has processed everything sent so far. */
    synchronized void sync() {
        ensureOpen();
        Xlib.X11.XSync(display, 0);
    }

    synchronized boolean hasXTest() {
        ensureOpen();
        IntByReference a = new IntByReference();
        return Xlib.XTST.XTestQueryExtension(display, a, new IntByReference(), new IntByReference(),
                new IntByReference()) != 0;
    }

    /** Runs Xlib keyboard-mapping calls under the session lock. */
    synchronized <T> T withDisplay(Function<Pointer, T> call) {
        ensureOpen();
        return call.apply(display);
    }

    private void ensureOpen() {
        if (closed) {
            throw new CountersignException(CountersignError.of(ErrorCode.INTERNAL, "the X display connection is closed"));
        }
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            Xlib.X11.XCloseDisplay(display);
        }
    }
}
