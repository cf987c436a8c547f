package dev.countersign.desktop.macos;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import dev.countersign.core.Rect;
import dev.countersign.desktop.AppInfo;
import dev.countersign.desktop.AppListing;
import dev.countersign.desktop.LaunchIdentity;
import dev.countersign.desktop.WindowInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An application's windows: its AX application element (kept per pid, with the messaging timeout
 * and the Chromium/Electron switches set once), its {@code AXWindows}, and the CoreGraphics
 * window number capture needs.
 */
final class MacWindows {
    private static final Logger LOG = LoggerFactory.getLogger(MacWindows.class);
    /**
     * Messaging timeout for everything asked of an application, in seconds. The system default
     * (about 6 s) would let one hung app stall an observation that long; reads of a live app take
     * milliseconds.
     */
    static final float READ_TIMEOUT = 2f;
    private static final List<String> WINDOW_ATTRIBUTES = List.of(AxNames.ROLE, AxNames.TITLE, AxNames.FRAME,
            AxNames.POSITION, AxNames.SIZE, AxNames.MAIN, AxNames.FOCUSED, AxNames.MINIMIZED);

    private final ApplicationServices ax = MacNative.Libs.AX;
    private final NativeAxCalls calls;
    private final MacCapture capture;
    private final Map<Long, AxRef> applications = new ConcurrentHashMap<>();
    /** Apps whose AXEnhancedUserInterface this backend turned on, to turn it off again on close. */
    private final Map<Long, AxRef> enhanced = new ConcurrentHashMap<>();
    private volatile boolean privateWindowIdWorks = true;

    MacWindows(NativeAxCalls calls, MacCapture capture) {
        this.calls = calls;
        this.capture = capture;
    }

    /** Sets up an application on first contact: its element, timeout and accessibility switches. */
    void prepare(RunningApp app) {
        applications.computeIfAbsent(app.pid(), pid -> {
            AxRef element = AxRef.owning(ax.AXUIElementCreateApplication((int) app.pid()), (int) app.pid());
            ax.AXUIElementSetMessagingTimeout(element.element, READ_TIMEOUT);
            // Errors are expected from apps that do not know the attribute, and ignored.
            set(element, AxNames.MANUAL_ACCESSIBILITY, true);
            if (AppFlags.needsEnhancedUserInterface(app.bundleId())
                    && set(element, AxNames.ENHANCED_USER_INTERFACE, true) == 0) {
                enhanced.put(pid, element);
                // Chromium builds its tree asynchronously after the switch; the first observation may
                // still be thin, and the next one (after the agent's retry) complete.
                LOG.debug("turned on AXEnhancedUserInterface for {}", app.displayName());
            }
            return element;
        });
    }

    /** The application's element, set up on first contact. */
    AxRef application(long pid) {
        AxRef application = applications.get(pid);
        if (application == null) {
            prepare(new RunningApp(pid, null, "", false));
            application = applications.get(pid);
        }
        return application;
    }

    /**
     * The menus showing for an element: AppKit puts a context menu among the application's children
     * (as an {@code AXMenu}), some apps under the element itself; each with a frame, as a window an
     * observation can read. Which of the two a given app uses is unverified on a Mac.
     */
    List<WindowInfo> menus(AxRef element) {
        List<WindowInfo> out = new ArrayList<>();
        for (AxRef owner : List.of(application(element.pid), element)) {
            List<AxRef> children;
            try {
                children = calls.elements(owner, AxNames.CHILDREN);
            } catch (AxFailure f) {
                continue;
            }
            for (AxRef child : children) {
                Map<String, Object> a;
                try {
                    a = calls.attributes(child, WINDOW_ATTRIBUTES);
                } catch (AxFailure f) {
                    continue;
                }
                Rect frame = Frames.of(a);
                if (AxNames.MENU.equals(a.get(AxNames.ROLE)) && frame != null && !frame.isEmpty()) {
                    String title = AxElementMapper.string(a, AxNames.TITLE);
                    out.add(new WindowInfo(child, title == null ? "" : title, frame, false));
                }
            }
        }
        return out;
    }

    List<WindowInfo> list(AppInfo app) {
        AxRef application = applications.get(app.pid());
        if (application == null) {
            prepare(new RunningApp(app.pid(), app.bundleId(), app.name(), false));
            application = applications.get(app.pid());
        }
        List<WindowInfo> out = new ArrayList<>();
        for (AxRef w : calls.elements(application, AxNames.WINDOWS)) {
            Map<String, Object> a;
            try {
                a = calls.attributes(w, WINDOW_ATTRIBUTES);
            } catch (AxFailure f) {
                continue;
            }
            Rect frame = Frames.of(a);
            if (frame == null) {
                continue;
            }
            String title = AxElementMapper.string(a, AxNames.TITLE);
            out.add(new WindowInfo(w, title == null ? "" : title, frame, Boolean.TRUE.equals(a.get(AxNames.MAIN))
                    && Boolean.TRUE.equals(calls.attributes(application, List.of(AxNames.FRONTMOST)).get(AxNames.FRONTMOST))));
        }
        return out;
    }

    /**
     * Each app with its windows, for a listing; an app that exits or does not answer while listed
     * is listed without windows, or left out once gone.
     */
    List<AppListing> listing(List<RunningApp> apps) {
        List<AppListing> out = new ArrayList<>();
        for (RunningApp app : apps) {
            Optional<LaunchIdentity> launch = MacApps.launch(app.pid());
            if (launch.isEmpty()) {
                continue;
            }
            prepare(app);
            AppInfo info = new AppInfo(app.displayName(), app.bundleId(), launch.get());
            List<WindowInfo> shown;
            try {
                shown = list(info);
            } catch (AxFailure e) {
                shown = List.of();
            }
            out.add(new AppListing(info, "", shown));
        }
        return out;
    }

    /** The CGWindowID of a window element: the private call while it exists, else a match on pid and bounds. */
    int number(AxRef window, Rect frame, String title) {
        if (privateWindowIdWorks) {
            try {
                IntByReference id = new IntByReference();
                if (ax._AXUIElementGetWindow(window.element, id) == 0 && id.getValue() != 0) {
                    return id.getValue();
                }
            } catch (UnsatisfiedLinkError e) {
                LOG.info("_AXUIElementGetWindow is not available on this macOS; matching windows by bounds");
                privateWindowIdWorks = false;
            }
        }
        return WindowMatch.number(window.pid, frame, title, capture.windows());
    }

    /** Turns AXEnhancedUserInterface off again where this backend turned it on (window animations come back). */
    void restoreFlags() {
        enhanced.values().forEach(element -> set(element, AxNames.ENHANCED_USER_INTERFACE, false));
        enhanced.clear();
        applications.clear();
    }

    private int set(AxRef element, String attribute, boolean value) {
        Pointer flag = value ? MacNative.Libs.CF_TRUE : MacNative.Libs.CF_FALSE;
        return ax.AXUIElementSetAttributeValue(element.element, Cf.name(attribute).getPointer(), flag);
    }
}
