package dev.countersign.desktop.macos;

import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import com.sun.jna.platform.mac.CoreFoundation;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Rect;
import dev.countersign.desktop.AppInfo;
import dev.countersign.desktop.AppListing;
import dev.countersign.desktop.AppSelector;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.Dispatch;
import dev.countersign.desktop.ElementAction;
import dev.countersign.desktop.ElementHandle;
import dev.countersign.desktop.FocusProof;
import dev.countersign.desktop.KeyInput;
import dev.countersign.desktop.MenuShortcut;
import dev.countersign.desktop.LaunchIdentity;
import dev.countersign.desktop.OwnIdentity;
import dev.countersign.desktop.PermissionState;
import dev.countersign.desktop.Permissions;
import dev.countersign.desktop.PointHit;
import dev.countersign.desktop.PointerInput;
import dev.countersign.desktop.Recheck;
import dev.countersign.desktop.ScreenWindows;
import dev.countersign.desktop.SessionState;
import dev.countersign.desktop.SnapshotLimits;
import dev.countersign.desktop.TextSelection;
import dev.countersign.desktop.TreeSnapshot;
import dev.countersign.desktop.WindowCapture;
import dev.countersign.desktop.WindowInfo;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The macOS desktop backend: Accessibility (AXUIElement) for trees and element actions,
 * CoreGraphics for the window list, capture and synthetic input, all through JNA.
 *
 * <p>It is thin on purpose: reads go through {@link NativeAxCalls} into plain attribute maps, and
 * everything that decides — the walk's bounds, the mapping to {@link dev.countersign.desktop.ElementNode},
 * which action a press means, key codes, event sequences, pixel layouts — is pure code tested on
 * Linux. It fails closed: not on the console, locked, or not trusted for Accessibility, every
 * operation on the desktop is refused ({@code SESSION_LOCKED}, {@code PERMISSION_MISSING}).
 */
public final class MacDesktopBackend implements DesktopBackend {
    private static final Logger LOG = LoggerFactory.getLogger(MacDesktopBackend.class);
    private static final List<String> SESSION_KEYS = List.of(SessionDictionary.ON_CONSOLE,
            SessionDictionary.LOGIN_DONE, SessionDictionary.SCREEN_LOCKED);

    private final ApplicationServices ax = MacNative.Libs.AX;
    private final CoreGraphics cg = MacNative.Libs.CG;
    private final NativeAxCalls calls = new NativeAxCalls();
    private final MacApps apps = new MacApps();
    private final MacCapture capture = new MacCapture();
    private final MacInput input = new MacInput();
    private final MacWindows windows = new MacWindows(calls, capture);
    private final MacSelection selection = new MacSelection(calls);
    private final MacTextEdit textEdit = new MacTextEdit(calls);
    private final MacScreenWindows screen = new MacScreenWindows(calls, capture, windows);
    private volatile boolean closed;

    private MacDesktopBackend() {
        // The system-wide element's timeout is the process-wide default, which covers every element
        // this process will ever read, including the ones handed out before an app's own timeout is set.
        Pointer systemWide = ax.AXUIElementCreateSystemWide();
        try {
            if (systemWide != null) {
                ax.AXUIElementSetMessagingTimeout(systemWide, MacWindows.READ_TIMEOUT);
            }
        } finally {
            Cf.release(systemWide);
        }
    }

    /** The backend for this Mac; on any other system UNSUPPORTED_PLATFORM, without loading a framework. */
    public static MacDesktopBackend create() {
        if (!MacNative.isMac()) {
            throw new CountersignException(CountersignError.of(ErrorCode.UNSUPPORTED_PLATFORM,
                    "the macOS backend runs only on macOS, this is " + System.getProperty("os.name")));
        }
        return new MacDesktopBackend();
    }

    /**
     * The backend over whatever libraries JNA resolves the framework names to, without the
     * platform gate: for the native test harness, which serves the same C symbols on Linux
     * (src/test/native/macos-sim). Package-private so only this package can reach it.
     */
    static MacDesktopBackend overLoadedFrameworks() {
        return new MacDesktopBackend();
    }

    @Override
    public SessionState sessionState() {
        return SessionDictionary.state(session());
    }

    private Map<String, Object> session() {
        Pointer dict = cg.CGSessionCopyCurrentDictionary();
        try {
            return Cf.dictionary(dict, SESSION_KEYS);
        } finally {
            Cf.release(dict);
        }
    }

    @Override
    public Permissions permissions() {
        // NULL options: the trust check never shows the system prompt from a preflight.
        PermissionState accessibility = ax.AXIsProcessTrustedWithOptions(null) != 0 ? PermissionState.GRANTED
                : PermissionState.DENIED;
        PermissionState screen;
        try {
            screen = cg.CGPreflightScreenCaptureAccess() != 0 ? PermissionState.GRANTED : PermissionState.DENIED;
        } catch (UnsatisfiedLinkError e) {
            // Before 10.15 there is no preflight (and no Screen Recording permission to ask about).
            screen = PermissionState.UNKNOWN;
        }
        return new Permissions(accessibility, screen);
    }

    /** System Settings › Privacy & Security › Accessibility. */
    public static final URI ACCESSIBILITY_PANE =
            URI.create("x-apple.systempreferences:com.apple.preference.security?Privacy_Accessibility");
    /** System Settings › Privacy & Security › Screen & System Audio Recording. */
    public static final URI SCREEN_RECORDING_PANE =
            URI.create("x-apple.systempreferences:com.apple.preference.security?Privacy_ScreenCapture");

    /**
     * The person's "Request access": asks macOS for what is missing — the Accessibility prompt
     * ({@code AXIsProcessTrustedWithOptions} with {@code kAXTrustedCheckOptionPrompt}) and the
     * Screen Recording one ({@code CGRequestScreenCaptureAccess}) — and opens the System Settings
     * pane for each, since macOS shows each prompt once per app and never again after a "Don't
     * Allow". Never called from a preflight. Returns the panes it opened (on a Mac) or would open.
     */
    public List<URI> requestAccess() {
        Permissions before = permissions();
        List<URI> panes = new ArrayList<>();
        if (before.accessibility() != PermissionState.GRANTED) {
            promptForAccessibility();
            panes.add(ACCESSIBILITY_PANE);
        }
        if (before.screenRecording() == PermissionState.DENIED) {
            cg.CGRequestScreenCaptureAccess();
            panes.add(SCREEN_RECORDING_PANE);
        }
        if (MacNative.isMac()) {
            panes.forEach(MacDesktopBackend::open);
        }
        return panes;
    }

    private void promptForAccessibility() {
        CoreFoundation cf = CoreFoundation.INSTANCE;
        NativeLibrary lib = NativeLibrary.getInstance("CoreFoundation");
        // Create: a one-entry options dictionary, released in the finally; key and value are globals.
        CoreFoundation.CFMutableDictionaryRef options = cf.CFDictionaryCreateMutable(null, new CoreFoundation.CFIndex(1),
                lib.getGlobalVariableAddress("kCFTypeDictionaryKeyCallBacks"),
                lib.getGlobalVariableAddress("kCFTypeDictionaryValueCallBacks"));
        try {
            cf.CFDictionarySetValue(options, new CoreFoundation.CFTypeRef(MacNative.Libs.AX_TRUSTED_PROMPT),
                    new CoreFoundation.CFTypeRef(MacNative.Libs.CF_TRUE));
            // The prompt is asynchronous: the answer is the state before the person decides.
            ax.AXIsProcessTrustedWithOptions(options.getPointer());
        } finally {
            Cf.release(options.getPointer());
        }
    }

    private static void open(URI pane) {
        try {
            new ProcessBuilder("/usr/bin/open", pane.toString()).inheritIO().start();
        } catch (IOException e) {
            LOG.warn("System Settings could not be opened at {}: {}", pane, e.getMessage());
        }
    }

    @Override
    public AppInfo resolveApp(AppSelector selector) {
        Objects.requireNonNull(selector, "selector");
        requireAvailable();
        RunningApp app = RunningApp.choose(selector, apps.running()).orElseThrow(() -> new CountersignException(
                CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "app", "no running application matches " + selector)));
        LaunchIdentity launch = MacApps.launch(app.pid()).orElseThrow(() -> new CountersignException(
                CountersignError.onField(ErrorCode.TARGET_CHANGED, "app", app.displayName() + " has just exited")));
        windows.prepare(app);
        return new AppInfo(app.displayName(), app.bundleId(), launch);
    }

    @Override
    public List<WindowInfo> listWindows(AppInfo app) {
        requireAvailable();
        requireSameLaunch(app);
        return windows.list(app);
    }

    @Override
    public TreeSnapshot snapshot(AppInfo app, WindowInfo window, SnapshotLimits limits) {
        Objects.requireNonNull(limits, "limits");
        requireAvailable();
        requireSameLaunch(app);
        AxRef ref = ref(window.handle());
        if (ref.pid != app.pid()) {
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "window",
                    "the window does not belong to " + app.name() + " (pid " + app.pid() + ")"));
        }
        AxTreeWalker.Result r = new AxTreeWalker<>(calls, new AxElementMapper(capture.displays())).walk(ref, limits);
        if (r.windowGone() != null) {
            throw new CountersignException(CountersignError.onField(ErrorCode.TARGET_CHANGED, "window",
                    "the window is gone: " + r.windowGone()));
        }
        return new TreeSnapshot(app, window, r.nodes(), r.truncated(), r.omittedTotal(), r.omitted());
    }

    @Override
    public Recheck recheck(ElementHandle element) {
        requireAvailable();
        AxRef ref = ref(element);
        if (MacApps.launch(ref.pid).isEmpty()) {
            return new Recheck.Gone("the application has exited");
        }
        ElementReader.Read read = new ElementReader<>(calls).read(ref);
        if (read.gone()) {
            return new Recheck.Gone(read.goneReason());
        }
        return new Recheck.Present(new AxElementMapper(capture.displays()).node(ref, read.attributes(), read.actions(),
                0, -1));
    }

    @Override
    public WindowCapture capture(WindowInfo window) {
        requireAvailable();
        AxRef ref = ref(window.handle());
        ElementReader.Read read = new ElementReader<>(calls).read(ref);
        Rect frame = read.gone() ? null : Frames.of(read.attributes());
        if (frame == null || frame.isEmpty()) {
            throw new CountersignException(CountersignError.onField(ErrorCode.TARGET_CHANGED, "window",
                    "the window is gone or has no frame"));
        }
        if (!capture.screenRecordingGranted()) {
            throw new CountersignException(CountersignError.of(ErrorCode.PERMISSION_MISSING,
                    "Screen Recording is not granted: allow Countersign in System Settings → Privacy & Security"
                            + " → Screen & System Audio Recording"));
        }
        int number = windows.number(ref, frame, AxElementMapper.string(read.attributes(), AxNames.TITLE));
        WindowCapture c = number < 0 ? null : capture.capture(number, frame);
        if (c == null) {
            throw new CountersignException(CountersignError.onField(ErrorCode.CAPTURE_REJECTED, "window",
                    "the window could not be captured (no window number or no image)"));
        }
        return c;
    }

    @Override
    public Dispatch perform(ElementHandle element, ElementAction action) {
        Objects.requireNonNull(action, "action");
        requireAvailable();
        AxRef ref = ref(element);
        ElementReader.Read read = new ElementReader<>(calls).read(ref);
        if (read.gone()) {
            throw new CountersignException(CountersignError.onField(ErrorCode.TARGET_CHANGED, "element",
                    "the element is gone: " + read.goneReason()));
        }
        if (action instanceof ElementAction.Select select) {
            return selection.selectItem(ref, read.attributes(), select.extend());
        }
        if (action instanceof ElementAction.SelectText text) {
            return selection.selectText(ref, read.attributes(), text.range());
        }
        if (action instanceof ElementAction.InsertText insert) {
            return textEdit.insert(ref, read.attributes(), insert.text());
        }
        // A value that cannot be set whole is replaced through the selection (AXSelectedText), not ⌘A.
        if (action instanceof ElementAction.SetValue set && !AxElementMapper.secure(read.attributes())
                && !Boolean.TRUE.equals(read.attributes().get(AxNames.VALUE_SETTABLE))
                && textEdit.available(ref, read.attributes())) {
            return textEdit.replace(ref, read.attributes(), set.text());
        }
        ActionPlan.Step step = ActionPlan.plan(action, read.attributes(), read.actions());
        return new ElementActions(ax).run(ref, step);
    }

    @Override
    public Dispatch pointer(PointerInput in) {
        Objects.requireNonNull(in, "input");
        requireAvailable();
        Displays displays = capture.displays();
        for (int[] p : points(in)) {
            if (!displays.contains(p[0], p[1])) {
                throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "point",
                        "(" + p[0] + ", " + p[1] + ") is on no display"));
            }
        }
        input.post(PointerPlan.steps(in));
        return new Dispatch("cg.CGEventPost", in.toString());
    }

    /**
     * The system-wide hit test ({@code AXUIElementCopyElementAtPosition}): whatever application is
     * on top at the point answers, so a window of another app laid over the element is found too
     * (there is no window stack to ask on macOS). The point lands on the element when the element
     * is the hit or one of its {@code AXParent}s with nothing between that takes a click itself
     * (an action, or a selection of its own: {@link MacSelection#interactive}).
     */
    @Override
    public PointHit hitTest(ElementHandle element, int x, int y) {
        requireAvailable();
        AxRef target = ref(element);
        PointerByReference out = new PointerByReference();
        Pointer systemWide = ax.AXUIElementCreateSystemWide();
        int err;
        try {
            err = ax.AXUIElementCopyElementAtPosition(systemWide, x, y, out);
        } finally {
            Cf.release(systemWide);
        }
        if (err != 0 || out.getValue() == null) {
            return PointHit.elsewhere("no element answers at (" + x + ", " + y + ") (" + AxError.of(err) + ")");
        }
        IntByReference pid = new IntByReference();
        ax.AXUIElementGetPid(out.getValue(), pid);
        AxRef hit = AxRef.owning(out.getValue(), pid.getValue());
        String found = describe(hit);
        AxRef at = hit;
        AxRef control = null;
        for (int depth = 0; depth < 64 && at != null; depth++) {
            if (at.equals(target)) {
                // Inside the element, the point may still be a control's of its own (a group's
                // button, a table's cell), which the element's labels do not judge.
                return control == null ? PointHit.on(found)
                        : PointHit.elsewhere(describe(control) + " inside it, which takes the click itself");
            }
            if (control == null && selection.interactive(at)) {
                control = at;
            }
            at = calls.element(at, AxNames.PARENT);
        }
        return PointHit.elsewhere(found + (hit.pid != target.pid ? " of another application (pid " + hit.pid + ")"
                : ""));
    }

    private String describe(AxRef element) {
        Map<String, Object> a;
        try {
            a = calls.attributes(element, List.of(AxNames.ROLE, AxNames.TITLE, AxNames.DESCRIPTION));
        } catch (AxFailure f) {
            return "an element that cannot be read";
        }
        String role = AxElementMapper.string(a, AxNames.ROLE);
        String title = AxElementMapper.string(a, AxNames.TITLE);
        String label = title == null || title.isEmpty() ? AxElementMapper.string(a, AxNames.DESCRIPTION) : title;
        return (role == null ? "element" : role) + (label == null || label.isEmpty() ? "" : " '" + label + "'");
    }

    @Override
    public List<MenuShortcut> menuShortcuts(WindowInfo window) {
        requireAvailable();
        // The menu bar is the application's: every window of the app shares its key equivalents.
        return MacMenuShortcuts.read(calls, windows.application(ref(window.handle()).pid));
    }

    @Override
    public List<WindowInfo> openMenus(ElementHandle element) {
        requireAvailable();
        return windows.menus(ref(element));
    }

    private static List<int[]> points(PointerInput in) {
        List<int[]> out = new ArrayList<>();
        if (in instanceof PointerInput.Click c) {
            out.add(new int[] {c.x(), c.y()});
        } else if (in instanceof PointerInput.Drag d) {
            out.add(new int[] {d.fromX(), d.fromY()});
            out.add(new int[] {d.toX(), d.toY()});
        } else {
            out.add(new int[] {((PointerInput.Scroll) in).x(), ((PointerInput.Scroll) in).y()});
        }
        return out;
    }

    @Override
    public TextSelection textSelection(ElementHandle element) {
        requireAvailable();
        AxRef ref = ref(element);
        ElementReader.Read read = new ElementReader<>(calls).read(ref);
        if (read.gone()) {
            throw new CountersignException(CountersignError.onField(ErrorCode.TARGET_CHANGED, "element",
                    "the element is gone: " + read.goneReason()));
        }
        return selection.read(ref, read.attributes());
    }

    /**
     * The regular applications ({@code NSWorkspace.runningApplications}, activation policy regular)
     * with their windows ({@code AXWindows}); an app that exits or does not answer while listed is
     * listed without windows, or left out once gone.
     */
    @Override
    public List<AppListing> listApps() {
        requireAvailable();
        return windows.listing(apps.regular());
    }

    /** The window order and keyboard focus synthetic input is checked against ({@link MacScreenWindows}). */
    @Override
    public Optional<ScreenWindows> screenWindows() {
        return Optional.of(screen);
    }

    /**
     * Moves keyboard focus to the element ({@code AXFocused}) and proves it landed there
     * ({@link MacFocus#proof}): a secure field, or secure event input on anywhere, is refused first.
     */
    @Override
    public FocusProof focusForTyping(ElementHandle element) {
        requireAvailable();
        AxRef target = ref(element);
        MacFocus.refuseUnderSecureInput();
        // Read as an observation reads it: a field named Password by its label is judged before its value is asked for.
        ElementReader.Read read = new ElementReader<>(calls).read(target);
        if (read.gone()) {
            throw new CountersignException(CountersignError.onField(ErrorCode.TARGET_CHANGED, "element",
                    "the element is gone: " + read.goneReason()));
        }
        if (AxElementMapper.secure(read.attributes())) {
            throw new CountersignException(CountersignError.onField(ErrorCode.SECURE_FIELD_REFUSED, "element",
                    "the element is a password field; Countersign never types into one"));
        }
        perform(target, new ElementAction.Focus());
        return MacFocus.proof(calls, ax, screen, target);
    }



    @Override
    public Dispatch keys(KeyInput in) {
        Objects.requireNonNull(in, "input");
        requireAvailable();
        MacFocus.refuseUnderSecureInput();
        if (in instanceof KeyInput.Keys keys) {
            String combo = keys.combo();
            // By character on the current layout, never by US position: on AZERTY cmd+a by position is ⌘Q.
            Map<Character, Integer> layout = MacKeyboardLayout.current().orElseThrow(() -> new CountersignException(
                    CountersignError.of(ErrorCode.INTERNAL, "the current keyboard layout could not be read, so no "
                            + "shortcut is sent (a key position means different shortcuts on different layouts)")));
            input.chord(MacKeys.chord(combo, layout));
            return new Dispatch("cg.keyboard", combo);
        }
        String text = ((KeyInput.Text) in).text();
        input.type(MacKeys.pieces(text));
        return new Dispatch("cg.unicodeString", text.codePointCount(0, text.length()) + " characters");
    }

    /**
     * A character the current layout cannot type ({@code cmd+é} on a US layout), or a key name
     * with no Mac key code: {@code UNSUPPORTED_PLATFORM} on {@code keys}, before the person is
     * asked, as {@link #keys} would refuse them after; likewise secure event input
     * ({@code SECURE_FIELD_REFUSED}) and a layout that cannot be read ({@code INTERNAL}).
     */
    @Override
    public Optional<CountersignError> cannotPress(String keys) {
        try {
            // Under secure event input every key is refused at dispatch: refused before asking too.
            MacFocus.refuseUnderSecureInput();
        } catch (CountersignException e) {
            return Optional.of(e.error());
        }
        Optional<Map<Character, Integer>> layout = MacKeyboardLayout.current();
        if (layout.isEmpty()) {
            return Optional.of(CountersignError.of(ErrorCode.INTERNAL, "the current keyboard layout could not be "
                    + "read, so no shortcut is sent (a key position means different shortcuts on different layouts)"));
        }
        try {
            MacKeys.chord(keys, layout.get());
            return Optional.empty();
        } catch (CountersignException e) {
            return Optional.of(CountersignError.onField(ErrorCode.UNSUPPORTED_PLATFORM, "keys",
                    e.error().message() + ": a Mac has no such key here, so the keys are not offered for approval"));
        }
    }

    /** ⌘ is ⌘ here ({@link MacKeys}). */
    @Override
    public String commandModifier() {
        return "cmd";
    }

    @Override
    public OwnIdentity ownIdentity() {
        ProcessHandle self = ProcessHandle.current();
        LaunchIdentity launch = MacApps.launch(self.pid()).orElse(new LaunchIdentity(self.pid(), 0));
        String appPath = System.getProperty("jpackage.app-path");
        String parent = self.parent().flatMap(p -> p.info().command()).orElse("unknown");
        String startedBy = (appPath != null ? "jpackage launcher " + appPath : "java command line") + ", parent " + parent;
        // The code signature is not read at run time; packaging/macos/sign.sh records what was signed.
        return new OwnIdentity(launch, self.info().command().orElse("unknown"), apps.ownBundleId(), null, startedBy);
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            windows.restoreFlags();
        }
    }

    private void requireAvailable() {
        if (closed) {
            throw new IllegalStateException("the macOS backend is closed");
        }
        Map<String, Object> session = session();
        if (SessionDictionary.state(session) != SessionState.AVAILABLE) {
            String why = SessionDictionary.why(session);
            LOG.debug("refusing a desktop operation: {}", why);
            throw new CountersignException(CountersignError.of(ErrorCode.SESSION_LOCKED, why));
        }
        if (ax.AXIsProcessTrustedWithOptions(null) == 0) {
            throw new CountersignException(CountersignError.of(ErrorCode.PERMISSION_MISSING,
                    "Countersign is not allowed to use Accessibility (System Settings → Privacy & Security → Accessibility)"));
        }
    }

    private static void requireSameLaunch(AppInfo app) {
        if (!MacApps.launch(app.pid()).map(app.launch()::equals).orElse(false)) {
            throw new CountersignException(CountersignError.onField(ErrorCode.TARGET_CHANGED, "app",
                    app.name() + " (pid " + app.pid() + ") is no longer the process that was resolved"));
        }
    }

    private static AxRef ref(ElementHandle handle) {
        Objects.requireNonNull(handle, "handle");
        if (!(handle instanceof AxRef ref)) {
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "handle",
                    "the handle was not made by the macOS backend"));
        }
        return ref;
    }
}
