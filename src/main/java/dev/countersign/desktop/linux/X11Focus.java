package dev.countersign.desktop.linux;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.NativeLongByReference;
import com.sun.jna.ptr.PointerByReference;
import dev.countersign.core.Rect;
import dev.countersign.core.WindowFit;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * X11 keyboard focus: which top-level window has input focus and whose process it is, and moving
 * it to one application's window. Kept apart from capture and input ({@link X11Session}) because
 * it reads the window tree. Ownership: arrays from {@code XQueryTree} and property data from
 * {@code XGetWindowProperty} are released with {@code XFree}.
 *
 * <p>Without a window manager (the test desktop) the focus is often {@code PointerRoot}: keys go
 * to the window under the pointer, so that window counts as focused. With one, the window
 * manager's {@code _NET_ACTIVE_WINDOW} is read as well and must agree.
 */
final class X11Focus {
    private static final long NONE = 0;
    private static final long POINTER_ROOT = 1;
    private static final int REVERT_TO_PARENT = 2;
    private static final long XA_CARDINAL = 6;
    private static final long XA_WINDOW = 33;
    private static final long XA_STRING = 31;

    /** The libX11 calls this class needs, bound on a plain {@code Display*}. */
    interface Lib extends Library {
        Lib X = Native.load("X11", Lib.class);

        int XGetInputFocus(Pointer d, NativeLongByReference focus, IntByReference revertTo);

        int XSetInputFocus(Pointer d, NativeLong w, int revertTo, NativeLong time);

        int XRaiseWindow(Pointer d, NativeLong w);

        int XQueryTree(Pointer d, NativeLong w, NativeLongByReference root, NativeLongByReference parent,
                       PointerByReference children, IntByReference count);

        int XQueryPointer(Pointer d, NativeLong w, NativeLongByReference root, NativeLongByReference child,
                          IntByReference rootX, IntByReference rootY, IntByReference winX, IntByReference winY,
                          IntByReference mask);

        NativeLong XInternAtom(Pointer d, String name, int onlyIfExists);

        int XGetWindowProperty(Pointer d, NativeLong w, NativeLong property, NativeLong offset, NativeLong length,
                               int delete, NativeLong reqType, NativeLongByReference actualType,
                               IntByReference actualFormat, NativeLongByReference items,
                               NativeLongByReference bytesAfter, PointerByReference data);

        int XGetGeometry(Pointer d, NativeLong drawable, NativeLongByReference root, IntByReference x,
                         IntByReference y, IntByReference width, IntByReference height, IntByReference border,
                         IntByReference depth);

        int XTranslateCoordinates(Pointer d, NativeLong src, NativeLong dest, int x, int y, IntByReference destX,
                                  IntByReference destY, NativeLongByReference child);

        int XFree(Pointer data);
    }

    /** The top-level window that has keyboard focus: its id, owning pid (-1 unknown) and screen frame. */
    record Focused(long window, long pid, Rect frame, String how, boolean explicit) {
    }

    private final X11Session x;

    X11Focus(X11Session x) {
        this.x = x;
    }

    /** Which top-level window keys go to now, or null when none does. */
    Focused focused() {
        return x.withDisplay(d -> {
            NativeLong root = Xlib.X11.XDefaultRootWindow(d);
            long active = activeWindow(d, root);
            NativeLongByReference focus = new NativeLongByReference();
            Lib.X.XGetInputFocus(d, focus, new IntByReference());
            long w = focus.getValue().longValue();
            String how = "input focus";
            boolean explicit = true;
            if (w == NONE || w == POINTER_ROOT || w == root.longValue()) {
                explicit = false;
                NativeLongByReference child = new NativeLongByReference();
                IntByReference i = new IntByReference();
                Lib.X.XQueryPointer(d, root, new NativeLongByReference(), child, i, i, i, i, i);
                w = child.getValue().longValue();
                how = "pointer root: the window under the pointer";
            }
            if (w == NONE) {
                return null;
            }
            long top = topLevel(d, root, w);
            if (active != NONE && active != top && topLevel(d, root, active) != top) {
                return null;
            }
            return new Focused(top, pidOf(d, top), frame(d, root, top),
                    active != NONE ? how + " and _NET_ACTIVE_WINDOW" : how, explicit);
        });
    }

    /**
     * The X top-level window that is a given accessible window of {@code pid}: {@code window} is 0
     * when there is none or when more than one fits equally well (two windows of the process with
     * the same frame and title), and {@code why} says which.
     */
    record Target(long window, String why) {
        boolean found() {
            return window != NONE;
        }
    }

    /** An X top-level window and its frame on the root. */
    private record Framed(long window, Rect frame) {
    }

    /**
     * Maps an accessible window (its frame and title, as the application reports them) to one X
     * top-level window of {@code pid}: the best frame for it, windows with its title
     * ({@code _NET_WM_NAME}, else {@code WM_NAME}) first ({@link WindowFit#around}); a tie fails closed.
     */
    Target windowOf(long pid, Rect frame, String title) {
        return x.withDisplay(d -> {
            NativeLong root = Xlib.X11.XDefaultRootWindow(d);
            List<Framed> candidates = new ArrayList<>();
            for (long w : children(d, root.longValue())) {
                if (pidOf(d, w) != pid) {
                    continue;
                }
                Rect f = frame(d, root, w);
                if (f != null && f.width() > 1 && f.height() > 1) {
                    candidates.add(new Framed(w, f));
                }
            }
            // Titles are read only for the windows whose frame fits: one X round trip each.
            List<Framed> best = WindowFit.around(frame, title, candidates, Framed::frame, c -> nameOf(d, c.window()));
            if (best.isEmpty()) {
                return new Target(NONE, "no X window of pid " + pid + " has the frame of the target's window \""
                        + title + "\"");
            }
            if (best.size() > 1) {
                return new Target(NONE, best.size() + " X windows of pid " + pid + " have the frame of the target's window \""
                        + title + "\"" + (title.equals(nameOf(d, best.get(0).window())) ? " and its title" : "")
                        + ": which one keys would reach is ambiguous");
            }
            return new Target(best.get(0).window(), "");
        });
    }

    /** Raises and gives input focus to one top-level window. */
    void focus(long window) {
        x.withDisplay(d -> {
            NativeLong target = new NativeLong(window);
            Lib.X.XRaiseWindow(d, target);
            Lib.X.XSetInputFocus(d, target, REVERT_TO_PARENT, new NativeLong(0));
            Xlib.X11.XSync(d, 0);
            return null;
        });
    }

    private static long activeWindow(Pointer d, NativeLong root) {
        List<Long> v = property(d, root.longValue(), "_NET_ACTIVE_WINDOW", XA_WINDOW);
        return v.isEmpty() ? NONE : v.get(0);
    }

    /** The ancestor of {@code w} that is a child of the root window. */
    private static long topLevel(Pointer d, NativeLong root, long w) {
        long current = w;
        for (int guard = 0; guard < 64; guard++) {
            NativeLongByReference parent = new NativeLongByReference();
            PointerByReference kids = new PointerByReference();
            if (Lib.X.XQueryTree(d, new NativeLong(current), new NativeLongByReference(), parent, kids,
                    new IntByReference()) == 0) {
                return current;
            }
            if (kids.getValue() != null) {
                Lib.X.XFree(kids.getValue());
            }
            long p = parent.getValue().longValue();
            if (p == root.longValue() || p == NONE) {
                return current;
            }
            current = p;
        }
        return current;
    }

    /** {@code _NET_WM_PID} of the window or, under a reparenting window manager, of a client inside it. */
    private static long pidOf(Pointer d, long w) {
        List<Long> pid = property(d, w, "_NET_WM_PID", XA_CARDINAL);
        if (!pid.isEmpty()) {
            return pid.get(0);
        }
        for (long c : children(d, w)) {
            List<Long> inner = property(d, c, "_NET_WM_PID", XA_CARDINAL);
            if (!inner.isEmpty()) {
                return inner.get(0);
            }
        }
        return -1;
    }

    private static List<Long> children(Pointer d, long w) {
        PointerByReference kids = new PointerByReference();
        IntByReference count = new IntByReference();
        List<Long> out = new ArrayList<>();
        if (Lib.X.XQueryTree(d, new NativeLong(w), new NativeLongByReference(), new NativeLongByReference(), kids,
                count) == 0 || kids.getValue() == null) {
            return out;
        }
        try {
            for (int i = 0; i < count.getValue(); i++) {
                out.add(kids.getValue().getNativeLong((long) i * NativeLong.SIZE).longValue());
            }
        } finally {
            Lib.X.XFree(kids.getValue());
        }
        return out;
    }

    private static Rect frame(Pointer d, NativeLong root, long w) {
        IntByReference gx = new IntByReference();
        IntByReference gy = new IntByReference();
        IntByReference width = new IntByReference();
        IntByReference height = new IntByReference();
        IntByReference other = new IntByReference();
        if (Lib.X.XGetGeometry(d, new NativeLong(w), new NativeLongByReference(), gx, gy, width, height, other,
                other) == 0) {
            return null;
        }
        IntByReference rx = new IntByReference();
        IntByReference ry = new IntByReference();
        Lib.X.XTranslateCoordinates(d, new NativeLong(w), root, 0, 0, rx, ry, new NativeLongByReference());
        return new Rect(rx.getValue(), ry.getValue(), width.getValue(), height.getValue());
    }

    /** The window's title: {@code _NET_WM_NAME} or {@code WM_NAME}, of it or (under a reparenting window manager) of a client inside it. */
    private static String nameOf(Pointer d, long w) {
        String own = titleProperty(d, w);
        if (own != null) {
            return own;
        }
        for (long c : children(d, w)) {
            String inner = titleProperty(d, c);
            if (inner != null) {
                return inner;
            }
        }
        return null;
    }

    private static String titleProperty(Pointer d, long w) {
        String net = text(d, w, "_NET_WM_NAME", Lib.X.XInternAtom(d, "UTF8_STRING", 0).longValue());
        return net != null ? net : text(d, w, "WM_NAME", XA_STRING);
    }

    /** An 8-bit-format property as text (UTF-8 for UTF8_STRING, Latin-1 for STRING); null when absent. */
    private static String text(Pointer d, long w, String name, long type) {
        NativeLong atom = Lib.X.XInternAtom(d, name, 1);
        if (atom.longValue() == NONE || type == NONE) {
            return null;
        }
        NativeLongByReference actualType = new NativeLongByReference();
        IntByReference format = new IntByReference();
        NativeLongByReference items = new NativeLongByReference();
        PointerByReference data = new PointerByReference();
        int status = Lib.X.XGetWindowProperty(d, new NativeLong(w), atom, new NativeLong(0), new NativeLong(1024), 0,
                new NativeLong(type), actualType, format, items, new NativeLongByReference(), data);
        if (status != 0 || data.getValue() == null) {
            return null;
        }
        try {
            if (format.getValue() != 8 || actualType.getValue().longValue() != type) {
                return null;
            }
            byte[] bytes = data.getValue().getByteArray(0, (int) items.getValue().longValue());
            return new String(bytes, type == XA_STRING ? StandardCharsets.ISO_8859_1
                    : StandardCharsets.UTF_8);
        } finally {
            Lib.X.XFree(data.getValue());
        }
    }

    /** A 32-bit-format property as longs (Xlib hands 32-bit items to clients as C longs); empty when absent. */
    private static List<Long> property(Pointer d, long w, String name, long type) {
        NativeLong atom = Lib.X.XInternAtom(d, name, 1);
        List<Long> out = new ArrayList<>();
        if (atom.longValue() == NONE) {
            return out;
        }
        NativeLongByReference actualType = new NativeLongByReference();
        IntByReference format = new IntByReference();
        NativeLongByReference items = new NativeLongByReference();
        PointerByReference data = new PointerByReference();
        int status = Lib.X.XGetWindowProperty(d, new NativeLong(w), atom, new NativeLong(0), new NativeLong(16), 0,
                new NativeLong(type), actualType, format, items, new NativeLongByReference(), data);
        if (status != 0 || data.getValue() == null) {
            return out;
        }
        try {
            if (format.getValue() == 32) {
                for (long i = 0; i < items.getValue().longValue(); i++) {
                    out.add(data.getValue().getNativeLong(i * NativeLong.SIZE).longValue() & 0xFFFF_FFFFL);
                }
            }
        } finally {
            Lib.X.XFree(data.getValue());
        }
        return out;
    }
}
