package dev.countersign.desktop.macos;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import dev.countersign.core.Rect;
import dev.countersign.desktop.ScreenWindows;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where synthetic input lands on a Mac: the windows in the order the window server draws them
 * ({@code CGWindowListCopyWindowInfo}, front to back) and the window with keyboard focus (the
 * Accessibility API's focused application, its focused window and focused element). The guard and
 * the driver run the same cover and focus checks over it as over X11's stack on Linux.
 *
 * <p>Kept from the window list: windows on a layer from 0 (applications) up to but not including
 * the screen saver's (1000) — the menu bar, the Dock, floating panels and menus do take clicks, so
 * they cover what is under them — that are not fully transparent ({@code kCGWindowAlpha} 0 draws
 * nothing and takes no click) and have an area. Desktop elements (negative layers) are left out
 * by the list option. Frames are global points, as the backend's element frames are.
 */
final class MacScreenWindows implements ScreenWindows {
    private static final Logger LOG = LoggerFactory.getLogger(MacScreenWindows.class);
    /** {@code kCGScreenSaverWindowLevel}: above it are the screen saver, the cursor and other overlays. */
    static final int SCREEN_SAVER_LAYER = 1000;

    private final ApplicationServices ax = MacNative.Libs.AX;
    private final NativeAxCalls calls;
    private final MacCapture capture;
    private final MacWindows windows;

    MacScreenWindows(NativeAxCalls calls, MacCapture capture, MacWindows windows) {
        this.calls = calls;
        this.capture = capture;
        this.windows = windows;
    }

    @Override
    public List<ScreenWindow> stack() {
        List<ScreenWindow> out = new ArrayList<>();
        for (CgWindow w : capture.windows()) {
            if (takesInput(w)) {
                out.add(new ScreenWindow(w.number(), w.pid(), w.title() != null ? w.title()
                        : w.owner() != null ? w.owner() : "", w.bounds()));
            }
        }
        return out;
    }

    /** On a layer input is aimed at, drawn, and with an area. */
    static boolean takesInput(CgWindow w) {
        return w.layer() >= 0 && w.layer() < SCREEN_SAVER_LAYER && w.alpha() > 0 && !w.bounds().isEmpty();
    }

    /**
     * The focused application's focused window, as the window list has it. Empty — keys then go
     * nowhere — when no application has focus, it has no focused window, its focused element sits
     * in another window than the one it calls focused (a sheet or panel between the two reads), or
     * the window is not on screen: focus that cannot be proven is not focus.
     */
    @Override
    public Optional<ScreenWindow> focusedWindow() {
        return MacFocus.read(calls, ax).flatMap(focus -> {
            Map<String, Object> a;
            try {
                a = calls.attributes(focus.window(), List.of(AxNames.TITLE, AxNames.FRAME, AxNames.POSITION,
                        AxNames.SIZE));
            } catch (AxFailure f) {
                LOG.debug("the focused window could not be read: {}", f.getMessage());
                return Optional.empty();
            }
            Rect frame = Frames.of(a);
            String title = AxElementMapper.string(a, AxNames.TITLE);
            int number = windows.number(focus.window(), frame, title);
            List<ScreenWindow> stack = stack();
            return stack.stream().filter(w -> w.id() == number && w.pid() == focus.pid()).findFirst();
        });
    }

    /**
     * The main display in points (its top-left is the origin of global coordinates): the screen a
     * governed computer-use server's screenshots show. Other displays are not placed.
     */
    @Override
    public Optional<Rect> screen() {
        return capture.displays().displays().stream().map(Displays.Display::bounds)
                .filter(b -> b.x() == 0 && b.y() == 0).findFirst();
    }

    @Override
    public void close() {
        // Nothing held: every read releases what it copied.
    }

    /** The pid that owns an element ({@code AXUIElementGetPid}); 0 when it cannot be told. */
    static int pidOf(ApplicationServices ax, Pointer element) {
        IntByReference pid = new IntByReference();
        return ax.AXUIElementGetPid(element, pid) == 0 ? pid.getValue() : 0;
    }
}
