package dev.countersign.desktop.linux;

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
import dev.countersign.desktop.OwnIdentity;
import dev.countersign.desktop.PermissionState;
import dev.countersign.desktop.Permissions;
import dev.countersign.desktop.PointHit;
import dev.countersign.desktop.PointerInput;
import dev.countersign.desktop.Recheck;
import dev.countersign.desktop.SessionGate;
import dev.countersign.desktop.SessionState;
import dev.countersign.desktop.SnapshotLimits;
import dev.countersign.desktop.TextSelection;
import dev.countersign.desktop.TreeSnapshot;
import dev.countersign.desktop.WindowCapture;
import dev.countersign.desktop.WindowInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Linux desktop backend: AT-SPI over D-Bus for the accessibility tree and element actions,
 * X11 ({@code XGetImage}, XTest) for capture and synthetic input.
 *
 * <p>It fails closed: without an X display or an accessibility bus the session is
 * {@link SessionState#UNKNOWN} and every operation that touches the desktop is refused with
 * {@code SESSION_LOCKED} (or {@code PERMISSION_MISSING} when only accessibility is missing).
 */
public final class AtspiDesktopBackend implements DesktopBackend {
    private static final Logger LOG = LoggerFactory.getLogger(AtspiDesktopBackend.class);

    private final String displayName;
    private final A11yBus bus = new A11yBus();
    private final AtspiApps apps = new AtspiApps(bus);
    private final AtspiActions actions = new AtspiActions(bus);
    private final AtspiHits hits = new AtspiHits(bus);
    private final ScreenLock screenLock = new ScreenLock(bus);
    /** The cells of managed tables that observations read: LibreOffice keeps every cell it is asked for. */
    private final CellRefs cells = new CellRefs();
    private X11Session x11;
    private KeyInjector keys;

    private AtspiDesktopBackend(String displayName) {
        this.displayName = displayName;
    }

    /** A backend for the display and buses named by this process's environment ({@code DISPLAY}, {@code DBUS_SESSION_BUS_ADDRESS}). */
    public static AtspiDesktopBackend fromEnvironment() {
        return new AtspiDesktopBackend(System.getenv("DISPLAY"));
    }

    /** A backend for an explicit display name (null for none); package-private for tests of the fail-closed paths. */
    static AtspiDesktopBackend forDisplay(String displayName) {
        return new AtspiDesktopBackend(displayName);
    }

    @Override
    public SessionState sessionState() {
        return probe().state;
    }

    @Override
    public Permissions permissions() {
        PermissionState accessibility = bus.reachable() ? PermissionState.GRANTED : PermissionState.DENIED;
        PermissionState screen;
        if ("wayland".equalsIgnoreCase(System.getenv("XDG_SESSION_TYPE"))) {
            // X11 capture and XTest only see XWayland windows: say so rather than capture black.
            screen = PermissionState.DENIED;
        } else {
            screen = x11() != null ? PermissionState.GRANTED : PermissionState.UNKNOWN;
        }
        return new Permissions(accessibility, screen);
    }

    @Override
    public AppInfo resolveApp(AppSelector selector) {
        Objects.requireNonNull(selector, "selector");
        requireAvailable();
        return apps.resolve(selector).info();
    }

    @Override
    public List<AppListing> listApps() {
        requireAvailable();
        return apps.listing();
    }

    @Override
    public List<WindowInfo> listWindows(AppInfo app) {
        requireAvailable();
        return apps.windows(apps.current(app));
    }

    /**
     * As {@link #resolveApp} then {@link #listWindows}, with the re-check of an application resolved
     * before also asking for the windows an observation listed last time, so the application works
     * through the window list's reads while the bus daemon answers
     * ({@link AtspiApps#resolveForObservation}). Countersign's own windows are never read: resolved
     * to itself, it lists none, and the self-target guard refuses the app.
     */
    @Override
    public AppListing resolveForObservation(AppSelector selector) {
        Objects.requireNonNull(selector, "selector");
        requireAvailable();
        return resolveAndList(selector);
    }

    /**
     * The probe and the resolve in one wait: the screen-lock questions go to the session bus, the
     * resolve's reads to the application and the accessibility bus, all before the first answer is
     * awaited. The lock's answer is then taken first, and with the gate it decides: a session that
     * is not available refuses whatever the resolve found or threw, and its reads are dropped
     * unused. Without a display or an accessibility bus nothing is sent at all.
     */
    @Override
    public AppListing resolveForObservation(AppSelector selector, SessionGate gate) {
        Objects.requireNonNull(selector, "selector");
        Objects.requireNonNull(gate, "gate");
        if (unreachable() != null || !lastProbeAvailable()) {
            // Without a display or bus nothing is sent; after a lock (or before any probe) the
            // probe goes first, alone: nothing is read while the session may be locked, and a
            // refusal's timing says nothing of the desktop.
            admit(gate, probe());
            return resolveAndList(selector);
        }
        long started = System.nanoTime();
        ScreenLock.Asked asked = screenLock.ask();
        AppListing listing = null;
        RuntimeException failed = null;
        try {
            listing = resolveAndList(selector);
        } catch (RuntimeException e) {
            failed = e;
        }
        long answered = System.nanoTime();
        Probe probe = probeOf(screenLock.answer(asked));
        record(probe.state == SessionState.AVAILABLE ? started : answered, probe);
        if (probe.state != SessionState.AVAILABLE && listing != null) {
            // Nothing read for a refused observation is left for a later snapshot either.
            apps.forgetFrames(listing.windows());
        }
        admit(gate, probe);
        if (failed != null) {
            throw failed;
        }
        return listing;
    }

    /** Through the gate; a session that is not available is refused with the gate's error, or the probe's own when the gate has none. */
    private static void admit(SessionGate gate, Probe probe) {
        if (probe.state != SessionState.AVAILABLE) {
            LOG.debug("refusing an observation: {}", probe.why);
        }
        gate.admit(probe.state, () -> CountersignError.of(probe.code, probe.why));
    }

    private AppListing resolveAndList(AppSelector selector) {
        AtspiApps.Resolved resolved = apps.resolveForObservation(selector);
        AppInfo app = resolved.entry().info();
        if (app.pid() == ProcessHandle.current().pid()) {
            return new AppListing(app, "", List.of());
        }
        // The entry was checked against /proc and the bus daemon by this very resolve.
        return new AppListing(app, "", apps.windows(resolved.entry(), resolved.ahead(), true));
    }

    /** How many snapshots took their window's frame from their observation's window list. */
    long windowFramesTaken() {
        return apps.framesTaken();
    }

    /** How many observations' window lists took the reads their re-check sent ahead. */
    long windowReadsTakenAhead() {
        return apps.windowReadsTaken();
    }

    @Override
    public TreeSnapshot snapshot(AppInfo app, WindowInfo window, SnapshotLimits limits) {
        Objects.requireNonNull(limits, "limits");
        requireAvailable();
        AtspiRef ref = ref(window.handle());
        AtspiApps.Entry entry = apps.current(app);
        if (!entry.busName().equals(ref.bus())) {
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "window",
                    "the window does not belong to " + app.name() + " (pid " + app.pid() + ")"));
        }
        TreeWalker.Result result;
        try {
            result = new TreeWalker(bus.appCalls(ref.bus()), bus.observationReader(ref.bus()), cells)
                    .walk(ref, limits, apps.takeFrame(ref));
        } catch (CountersignException e) {
            throw BusCalls.departed(e, app.name(), app.pid());
        }
        if (result.window().gone()) {
            throw new CountersignException(CountersignError.onField(ErrorCode.TARGET_CHANGED, "window",
                    "the window is gone: " + result.window().goneReason));
        }
        WindowInfo now = result.window().frame == null ? window : AtspiApps.window(result.window());
        boolean cut = result.omitted().containsKey(TreeSnapshot.MAX_NODES) || result.omitted().containsKey(TreeSnapshot.MAX_DEPTH);
        return new TreeSnapshot(app, now, result.nodes(), cut, result.omittedTotal(), result.omitted());
    }

    /**
     * How often warming up walks the registry's desktop node: each walk is a few round trips to
     * the registry, and a few of them run the D-Bus message code (marshalling, replies, their
     * signatures and values) often enough that it is linked, and partly compiled, before the first
     * observation decodes a whole window with it. More walks cost start-up CPU faster
     * than they save on the first observation.
     */
    static final int WARM_UP_WALKS = 8;

    /**
     * Opens the display and both buses, resolves an application the way an observation's first
     * step does — for Countersign's own pid, which is no accessible application, so it finds
     * none — listing the applications (names and pids, as any resolve does), and walks the
     * registry's own desktop node, one element deep, {@link #WARM_UP_WALKS} times: the first
     * observation then pays neither for connections nor for linking the code of a resolve and a
     * walk. No application's elements are read: the registry's desktop node and its list of
     * applications are all it asks for.
     */
    @Override
    public void warmUp() {
        try {
            if (probe().state != SessionState.AVAILABLE) {
                return;
            }
            try {
                apps.resolve(AppSelector.pid(ProcessHandle.current().pid()));
            } catch (CountersignException expected) {
                // Countersign itself is not an accessible application; the resolve ran all the same.
            }
            AtspiRef desktop = new AtspiRef(AtspiApps.REGISTRY, AtspiRef.ROOT_PATH);
            TreeWalker walker = new TreeWalker(bus.calls(), new NodeReader(bus.calls(), Toolkit.UNKNOWN));
            for (int i = 0; i < WARM_UP_WALKS; i++) {
                walker.walk(desktop, new SnapshotLimits(1, 1));
            }
        } catch (RuntimeException e) {
            LOG.debug("warming up the desktop backend failed; the first call will connect: {}", e.getMessage());
        }
    }

    /** How many applications this backend has opened a channel to (for tests of what warming up reads). */
    int appChannels() {
        return bus.appChannels();
    }

    @Override
    public Recheck recheck(ElementHandle element) {
        requireAvailable();
        AtspiRef ref = ref(element);
        if (bus.pidOf(ref.bus()) < 0) {
            return new Recheck.Gone("the application has exited");
        }
        RawNode n = actions.reread(ref);
        return n.gone() ? new Recheck.Gone(n.goneReason) : new Recheck.Present(n.toNode(0, -1));
    }

    @Override
    public WindowCapture capture(WindowInfo window) {
        requireAvailable();
        AtspiRef ref = ref(window.handle());
        RawNode n = actions.reread(ref);
        if (!n.gone() && n.frame == null) {
            // The Java ATK wrapper reports no extents for a frame whose children are placed correctly.
            n.frame = bus.reader(ref.bus()).frameFromChildren(n);
        }
        if (n.gone() || n.frame == null) {
            throw new CountersignException(CountersignError.onField(ErrorCode.TARGET_CHANGED, "window",
                    "the window is gone or has no frame"));
        }
        return x11().capture(n.frame);
    }

    @Override
    public Dispatch perform(ElementHandle element, ElementAction action) {
        Objects.requireNonNull(action, "action");
        requireAvailableNow();
        AtspiRef ref = ref(element);
        return actions.perform(ref, action);
    }

    @Override
    public Dispatch pointer(PointerInput input) {
        Objects.requireNonNull(input, "input");
        requireAvailableNow();
        return new PointerDriver(x11()).send(input);
    }

    @Override
    public PointHit hitTest(ElementHandle element, int x, int y) {
        requireAvailable();
        AtspiRef ref = ref(element);
        if (bus.pidOf(ref.bus()) < 0) {
            return PointHit.elsewhere("the element's application has exited");
        }
        return hits.hitTest(ref, x, y);
    }

    @Override
    public TextSelection textSelection(ElementHandle element) {
        requireAvailable();
        return actions.textSelection(ref(element));
    }

    @Override
    public List<MenuShortcut> menuShortcuts(WindowInfo window) {
        requireAvailable();
        AtspiRef ref = ref(window.handle());
        return MenuShortcuts.read(bus.reader(ref.bus()), ref);
    }

    @Override
    public List<WindowInfo> openMenus(ElementHandle element) {
        requireAvailable();
        return hits.openMenus(ref(element));
    }

    @Override
    public FocusProof focusForTyping(ElementHandle element) {
        return focusForTyping(element, false);
    }

    @Override
    public FocusProof focusForTyping(ElementHandle element, boolean silentWindow) {
        requireAvailableNow();
        AtspiRef ref = ref(element);
        RawNode n = actions.reread(ref);
        if (n.gone()) {
            throw new CountersignException(CountersignError.onField(ErrorCode.TARGET_CHANGED, "element",
                    "the element is gone: " + n.goneReason));
        }
        if (n.secure()) {
            throw new CountersignException(CountersignError.onField(ErrorCode.SECURE_FIELD_REFUSED, "element",
                    "the element is a password field; Countersign never types into one"));
        }
        long pid = bus.pidOf(ref.bus());
        X11Focus focus = new X11Focus(x11());
        // The element's own window, as an X top-level: keys must reach that window, not another
        // window of the same process (its password prompt). Unknown or ambiguous: nothing is sent.
        WindowInfo own = windowOf(ref, pid, n.frame);
        if (own == null) {
            return new FocusProof(false, false, "the element's window is not known (AT-SPI): it is inside none or"
                    + " several of its application's windows");
        }
        X11Focus.Target target = focus.windowOf(pid, own.frame(), own.title());
        if (!target.found()) {
            return new FocusProof(false, false, target.why());
        }
        // The window first: under PointerRoot (no window manager) an application whose window
        // never got FocusIn (Firefox) does not move focus to an element inside it.
        X11Focus.Focused now = focus.focused();
        if (now == null || now.window() != target.window() || !now.explicit()) {
            focus.focus(target.window());
        }
        if (!AtspiNames.has(n.stateBits, AtspiNames.STATE_FOCUSED) && n.interfaces.contains("Component")) {
            actions.perform(ref, new ElementAction.Focus());
        }
        boolean focusable = n.interfaces.contains("Component");
        return FocusCheck.settle(() -> actions.reread(ref), focus, pid, target.window(), () -> {
            if (focusable) {
                actions.perform(ref, new ElementAction.Focus());
            }
        }, silentWindow ? FocusCheck.SILENT_MS : FocusCheck.SETTLE_MS);
    }

    /**
     * The application's showing window that holds the element: the top of its accessible parent
     * chain (the child of the application object) or, where the chain cannot be read, the only
     * window whose frame contains the element. Null when neither names exactly one.
     */
    private WindowInfo windowOf(AtspiRef ref, long pid, Rect element) {
        List<WindowInfo> windows = apps.windows(apps.resolve(AppSelector.pid(pid)));
        String top = hits.topAncestorPath(ref);
        if (top != null) {
            for (WindowInfo w : windows) {
                if (w.handle() instanceof AtspiRef handle && handle.path().equals(top)) {
                    return w;
                }
            }
        }
        List<WindowInfo> around = new ArrayList<>();
        for (WindowInfo w : windows) {
            if (element != null && w.frame().contains(element.centerX(), element.centerY())) {
                around.add(w);
            }
        }
        return around.size() == 1 ? around.get(0) : null;
    }

    @Override
    public Dispatch keys(KeyInput input) {
        Objects.requireNonNull(input, "input");
        requireAvailableNow();
        KeyInjector injector = keyInjector();
        if (input instanceof KeyInput.Keys chord) {
            String combo = chord.combo();
            injector.combo(combo);
            return new Dispatch("xtest.key", combo);
        }
        String text = ((KeyInput.Text) input).text();
        injector.type(text);
        return new Dispatch("xtest.type", text.codePointCount(0, text.length()) + " characters");
    }

    /** Linux applications bind to Control what macOS binds to Command ({@link KeyInjector} presses it so). */
    @Override
    public String commandModifier() {
        return "ctrl";
    }

    /** Not checked ahead here: the keysym is looked up when the keys are sent ({@link KeyInjector}). */
    @Override
    public Optional<CountersignError> cannotPress(String keys) {
        return Optional.empty();
    }

    /**
     * How many direct connections to applications ended because the application exited: dbus-java
     * logs each as an ERROR with a stack trace, which {@code logback.xml} silences; this is the count.
     */
    public long endedAppConnections() {
        return bus.endedConnections();
    }

    @Override
    public OwnIdentity ownIdentity() {
        return OwnProcess.identity();
    }

    @Override
    public synchronized void close() {
        bus.close();
        if (x11 != null) {
            x11.close();
        }
    }

    private synchronized X11Session x11() {
        if (x11 == null) {
            x11 = X11Session.open(displayName);
        }
        return x11;
    }

    private synchronized KeyInjector keyInjector() {
        if (keys == null) {
            keys = new KeyInjector(x11());
        }
        return keys;
    }

    /** The state and, when not available, why — for the message of the refusal. */
    private static final class Probe {
        final SessionState state;
        final ErrorCode code;
        final String why;

        Probe(SessionState state, ErrorCode code, String why) {
            this.state = state;
            this.code = code;
            this.why = why;
        }
    }

    /**
     * How long a probe that found the session available stands for the reads of the same agent
     * call: resolving the app, listing its windows and reading one take a few milliseconds and
     * would otherwise ask the session bus about the screen lock four times. Every call starts
     * with a fresh probe ({@link #sessionState}), so does every input ({@link #requireAvailableNow}),
     * and a probe that finds anything but available is never reused.
     */
    static final long AVAILABLE_REUSE_NANOS = 25_000_000L;
    /** Until when (System.nanoTime) the last available probe stands; in the past after any other. */
    private long availableUntil = System.nanoTime();
    /** When (System.nanoTime) the probe that set {@link #availableUntil} started. */
    private long probedAt = System.nanoTime() - 1;

    private static final Probe AVAILABLE = new Probe(SessionState.AVAILABLE, null, null);
    private static final Probe LOCKED = new Probe(SessionState.LOCKED, ErrorCode.SESSION_LOCKED, "the screen is locked");
    private static final Probe UNANSWERED = new Probe(SessionState.LOCKED, ErrorCode.SESSION_LOCKED,
            "the screensaver did not say within " + BusCalls.REPLY_TIMEOUT_MS + " ms whether the screen is locked");

    private Probe probe() {
        long started = System.nanoTime();
        Probe p = probeNow();
        record(started, p);
        return p;
    }

    /**
     * Puts a probe that started at {@code started} on record. Only a probe that started later than
     * the one on record may replace it: an available answer that arrives after a lock was seen
     * must not stand over it. It stands from when it was asked, not from when it returned.
     */
    private synchronized void record(long started, Probe p) {
        lastAvailable = p.state == SessionState.AVAILABLE;
        if (p.state != SessionState.AVAILABLE && availableUntil - started > 0) {
            // A lock seen ends any availability on record, whichever probe started first.
            availableUntil = started;
        }
        if (started - probedAt > 0) {
            probedAt = started;
            availableUntil = p.state == SessionState.AVAILABLE ? started + AVAILABLE_REUSE_NANOS : started;
        }
    }

    /** Whether the last probe put on record found the session available (an observation may then send its reads with its probe). */
    private boolean lastAvailable;

    private synchronized boolean lastProbeAvailable() {
        return lastAvailable;
    }

    private synchronized boolean availableProbeStands() {
        return System.nanoTime() - availableUntil < 0;
    }

    private Probe probeNow() {
        Probe unreachable = unreachable();
        if (unreachable != null) {
            return unreachable;
        }
        return probeOf(screenLock.verdict());
    }

    private static Probe probeOf(ScreenLock.Verdict verdict) {
        return switch (verdict) {
            case UNLOCKED -> AVAILABLE;
            case LOCKED -> LOCKED;
            case UNANSWERED -> UNANSWERED;
        };
    }

    /** Why the desktop cannot be asked at all (no display, no accessibility bus), or null when it can. */
    private Probe unreachable() {
        if (displayName == null || displayName.isBlank()) {
            return new Probe(SessionState.UNKNOWN, ErrorCode.SESSION_LOCKED, "there is no X display (DISPLAY is unset)");
        }
        if (x11() == null) {
            return new Probe(SessionState.UNKNOWN, ErrorCode.SESSION_LOCKED, "the X display " + displayName + " cannot be opened");
        }
        if (!bus.reachable()) {
            return new Probe(SessionState.UNKNOWN, ErrorCode.PERMISSION_MISSING,
                    "the accessibility bus cannot be reached; accessibility may be disabled");
        }
        return null;
    }

    /** For reads: an available probe of this call stands (see {@link #AVAILABLE_REUSE_NANOS}). */
    private void requireAvailable() {
        if (availableProbeStands()) {
            return;
        }
        requireAvailableNow();
    }

    /** For input: the screen lock and the bus are asked right now. */
    private void requireAvailableNow() {
        Probe p = probe();
        if (p.state != SessionState.AVAILABLE) {
            LOG.debug("refusing a desktop operation: {}", p.why);
            throw new CountersignException(CountersignError.of(p.code, p.why));
        }
    }

    private static AtspiRef ref(ElementHandle handle) {
        Objects.requireNonNull(handle, "handle");
        if (!(handle instanceof AtspiRef ref)) {
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "handle",
                    "the handle was not made by the Linux backend"));
        }
        return ref;
    }
}
