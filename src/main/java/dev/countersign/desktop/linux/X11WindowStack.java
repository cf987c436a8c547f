package dev.countersign.desktop.linux;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.platform.unix.X11;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.NativeLongByReference;
import com.sun.jna.ptr.PointerByReference;
import dev.countersign.core.Rect;
import dev.countersign.desktop.ScreenWindows;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The X11 window stack and input focus, on a display connection of its own (Xlib is not
 * thread-safe; every call holds this object's lock). Stacking order comes from {@code XQueryTree}
 * on the root, whose children are listed bottom to top — this works with a window manager (the
 * children are then its frames, and the client with {@code _NET_WM_PID} sits inside) and without
 * one (the bare test display, where {@code _NET_CLIENT_LIST_STACKING} does not exist). Keyboard
 * focus is {@code _NET_ACTIVE_WINDOW} where a window manager publishes it, else
 * {@code XGetInputFocus}, walked up to its top-level window.
 *
 * <p>Ownership: arrays from {@code XQueryTree} and {@code XGetWindowProperty} are released with
 * {@code XFree} in {@code finally}.
 */
public final class X11WindowStack implements ScreenWindows {
    private static final int IS_VIEWABLE = 2;
    private static final int INPUT_ONLY = 2;
    private static final int MAX_CLIENT_DEPTH = 3;

    /** {@code XGetInputFocus} and {@code XSetInputFocus}, which jna-platform's {@code X11} does not bind. */
    interface Focus extends Library {
        Focus INSTANCE = Native.load("X11", Focus.class);

        int XGetInputFocus(X11.Display display, X11.WindowByReference focus, IntByReference revertTo);

        int XSetInputFocus(X11.Display display, X11.Window focus, int revertTo, NativeLong time);
    }

    private final X11 x = X11.INSTANCE;
    private final X11.Display display;
    private final X11.Window root;
    private final X11.Atom netWmPid;
    private final X11.Atom netWmName;
    private final X11.Atom netActive;
    private final X11.Atom utf8;
    private boolean closed;

    /**
     * A window can vanish between listing it and reading it; Xlib's default error handler then
     * exits the process. This handler, installed once for the process, ignores errors on our own
     * connections and hands every other one to the handler that was there before (GDK's, AWT's).
     */
    private static final Set<Pointer> OURS = ConcurrentHashMap.newKeySet();
    private static X11.XErrorHandler previous;
    private static X11.XErrorHandler installed;

    private static synchronized void installErrorHandler() {
        if (installed != null) {
            return;
        }
        installed = (d, event) -> {
            if (d != null && OURS.contains(d.getPointer())) {
                return 0;
            }
            return previous == null ? 0 : previous.apply(d, event);
        };
        previous = X11.INSTANCE.XSetErrorHandler(installed);
    }

    private X11WindowStack(X11.Display display) {
        this.display = display;
        OURS.add(display.getPointer());
        installErrorHandler();
        this.root = x.XDefaultRootWindow(display);
        this.netWmPid = x.XInternAtom(display, "_NET_WM_PID", false);
        this.netWmName = x.XInternAtom(display, "_NET_WM_NAME", false);
        this.netActive = x.XInternAtom(display, "_NET_ACTIVE_WINDOW", false);
        this.utf8 = x.XInternAtom(display, "UTF8_STRING", false);
    }

    /** Opens the display named {@code displayName}; empty when there is none or it refuses us. */
    public static Optional<X11WindowStack> open(String displayName) {
        if (displayName == null || displayName.isBlank()) {
            return Optional.empty();
        }
        X11.Display display = X11.INSTANCE.XOpenDisplay(displayName);
        return display == null ? Optional.empty() : Optional.of(new X11WindowStack(display));
    }

    @Override
    public synchronized List<ScreenWindow> stack() {
        ensureOpen();
        List<X11.Window> children = children(root);
        List<ScreenWindow> out = new ArrayList<>(children.size());
        for (int i = children.size() - 1; i >= 0; i--) {
            X11.Window w = children.get(i);
            X11.XWindowAttributes a = new X11.XWindowAttributes();
            if (x.XGetWindowAttributes(display, w, a) == 0 || a.map_state != IS_VIEWABLE || a.c_class == INPUT_ONLY
                    || a.width <= 1 || a.height <= 1) {
                continue;
            }
            X11.Window client = client(w, 0);
            X11.Window named = client == null ? w : client;
            out.add(new ScreenWindow(w.longValue(), client == null ? 0 : pid(client), title(named),
                    new Rect(a.x, a.y, a.width, a.height)));
        }
        return out;
    }

    @Override
    public synchronized Optional<Rect> screen() {
        if (closed) {
            return Optional.empty();
        }
        X11.XWindowAttributes a = new X11.XWindowAttributes();
        if (x.XGetWindowAttributes(display, root, a) == 0 || a.width <= 0 || a.height <= 0) {
            return Optional.empty();
        }
        return Optional.of(new Rect(0, 0, a.width, a.height));
    }

    @Override
    public synchronized Optional<ScreenWindow> focusedWindow() {
        ensureOpen();
        X11.Window focus = activeWindow();
        if (focus == null) {
            X11.WindowByReference ref = new X11.WindowByReference();
            Focus.INSTANCE.XGetInputFocus(display, ref, new IntByReference());
            focus = ref.getValue();
        }
        if (focus == null || focus.longValue() <= 1) {
            // None (0) or PointerRoot (1): keys go wherever the pointer is; nobody can say where.
            return Optional.empty();
        }
        long top = topLevel(focus);
        for (ScreenWindow w : stack()) {
            if (w.id() == top) {
                return Optional.of(w);
            }
        }
        return Optional.empty();
    }

    private X11.Window activeWindow() {
        Pointer data = property(root, netActive, X11.XA_WINDOW, 1);
        if (data == null) {
            return null;
        }
        try {
            long id = data.getNativeLong(0).longValue();
            return id == 0 ? null : new X11.Window(id);
        } finally {
            x.XFree(data);
        }
    }

    /** The child of the root that holds {@code w}. */
    private long topLevel(X11.Window w) {
        X11.Window current = w;
        for (int i = 0; i < 64; i++) {
            X11.WindowByReference rootRef = new X11.WindowByReference();
            X11.WindowByReference parent = new X11.WindowByReference();
            PointerByReference kids = new PointerByReference();
            IntByReference n = new IntByReference();
            if (x.XQueryTree(display, current, rootRef, parent, kids, n) == 0) {
                return current.longValue();
            }
            if (kids.getValue() != null) {
                x.XFree(kids.getValue());
            }
            X11.Window up = parent.getValue();
            if (up == null || up.longValue() == 0 || up.longValue() == root.longValue()) {
                return current.longValue();
            }
            current = up;
        }
        return current.longValue();
    }

    /** The window at or below {@code w} that carries {@code _NET_WM_PID} (the client inside a frame). */
    private X11.Window client(X11.Window w, int depth) {
        if (pid(w) > 0) {
            return w;
        }
        if (depth >= MAX_CLIENT_DEPTH) {
            return null;
        }
        for (X11.Window child : children(w)) {
            X11.Window found = client(child, depth + 1);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    private List<X11.Window> children(X11.Window w) {
        X11.WindowByReference rootRef = new X11.WindowByReference();
        X11.WindowByReference parent = new X11.WindowByReference();
        PointerByReference kids = new PointerByReference();
        IntByReference n = new IntByReference();
        List<X11.Window> out = new ArrayList<>();
        if (x.XQueryTree(display, w, rootRef, parent, kids, n) == 0) {
            return out;
        }
        Pointer array = kids.getValue();
        if (array == null) {
            return out;
        }
        try {
            for (int i = 0; i < n.getValue(); i++) {
                out.add(new X11.Window(array.getNativeLong((long) i * NativeLong.SIZE).longValue()));
            }
        } finally {
            x.XFree(array);
        }
        return out;
    }

    private long pid(X11.Window w) {
        Pointer data = property(w, netWmPid, X11.XA_CARDINAL, 1);
        if (data == null) {
            return 0;
        }
        try {
            return data.getNativeLong(0).longValue() & 0xFFFFFFFFL;
        } finally {
            x.XFree(data);
        }
    }

    private String title(X11.Window w) {
        Pointer data = property(w, netWmName, utf8, 256);
        if (data == null) {
            data = property(w, X11.XA_WM_NAME, X11.XA_STRING, 256);
        }
        if (data == null) {
            return "";
        }
        try {
            return data.getString(0, StandardCharsets.UTF_8.name());
        } finally {
            x.XFree(data);
        }
    }

    /** The property's data (release with XFree), or null when absent or of another type. */
    private Pointer property(X11.Window w, X11.Atom name, X11.Atom type, long longs) {
        X11.AtomByReference actualType = new X11.AtomByReference();
        IntByReference format = new IntByReference();
        NativeLongByReference items = new NativeLongByReference();
        NativeLongByReference after = new NativeLongByReference();
        PointerByReference data = new PointerByReference();
        int status = x.XGetWindowProperty(display, w, name, new NativeLong(0), new NativeLong(longs), false, type,
                actualType, format, items, after, data);
        Pointer p = data.getValue();
        if (status != 0 || p == null || items.getValue().longValue() == 0) {
            if (p != null) {
                x.XFree(p);
            }
            return null;
        }
        return p;
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("the X window stack connection is closed");
        }
    }

    /**
     * Raises this process's own showing top-level window titled {@code title} and gives it X input
     * focus, as a click on it would (the approval dialog taking the keyboard back after another
     * app's menu let it go); false when there is no such window or this connection is closed.
     * Another process's window is never focused here.
     */
    public synchronized boolean focusOwn(String title) {
        if (closed) {
            return false;
        }
        long self = ProcessHandle.current().pid();
        for (ScreenWindow w : stack()) {
            if (w.pid() == self && w.title().equals(title)) {
                X11.Window window = new X11.Window(w.id());
                x.XRaiseWindow(display, window);
                Focus.INSTANCE.XSetInputFocus(display, window, X11.RevertToParent, new NativeLong(0));
                x.XSync(display, false);
                return true;
            }
        }
        return false;
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            x.XCloseDisplay(display);
            OURS.remove(display.getPointer());
        }
    }
}
