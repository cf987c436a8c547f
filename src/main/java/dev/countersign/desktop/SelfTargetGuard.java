package dev.countersign.desktop;

import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Rect;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The governor is never governed: a {@link DesktopBackend} around the platform's that keeps
 * Countersign's own process out of reach, at the one boundary every observation and every
 * synthetic input crosses. Whatever the selector (name, pid, frontmost), an application that is
 * Countersign is refused {@code TARGET_IS_COUNTERSIGN}; pointer and key input, and moving keyboard
 * focus, are refused while the person is being asked (an approval dialog is up: a Tab there moves
 * Deny to Allow); pointer input is refused when the point lands on a window Countersign owns, and
 * key input when Countersign's window has keyboard focus; and captures show nothing of
 * Countersign's windows (the Connect window shows a token).
 *
 * <p>The "nobody is asked" check and the input after it are one step: both run inside the
 * {@link InputGate} shared with whatever queues approval requests, so no dialog opens between
 * them. A wheel is pointer input and comes through {@link #pointer}, where its point is checked.
 *
 * <p>Without a {@link ScreenWindows} (no window system to ask), pointer and key input is refused:
 * where it would land cannot be proven. Refusals before input are {@link DispatchRefusedException}s,
 * so the receipt says {@code rejected}, not {@code unknown}.
 */
public final class SelfTargetGuard implements DesktopBackend {
    private final DesktopBackend delegate;
    private final ScreenWindows windows;
    private final BooleanSupplier personAsked;
    private final InputGate gate;
    private final long ownPid;

    /**
     * @param windows the window stack, or null where there is none (input is then refused)
     * @param personAsked whether an approval dialog is showing or queued
     * @param gate taken shared by every input here and exclusively by whatever makes
     *     {@code personAsked} true
     */
    public SelfTargetGuard(DesktopBackend delegate, ScreenWindows windows, BooleanSupplier personAsked,
            InputGate gate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.windows = windows;
        this.personAsked = Objects.requireNonNull(personAsked, "personAsked");
        this.gate = Objects.requireNonNull(gate, "gate");
        this.ownPid = ProcessHandle.current().pid();
    }

    /** A guard with a gate of its own (nothing else queues requests through it). */
    public SelfTargetGuard(DesktopBackend delegate, ScreenWindows windows, BooleanSupplier personAsked) {
        this(delegate, windows, personAsked, new InputGate());
    }

    /** The backend this guard protects (for reports). */
    public DesktopBackend delegate() {
        return delegate;
    }

    @Override
    public SessionState sessionState() {
        return delegate.sessionState();
    }

    @Override
    public Permissions permissions() {
        return delegate.permissions();
    }

    @Override
    public AppInfo resolveApp(AppSelector selector) {
        requireNotSelf(selector);
        AppInfo app = delegate.resolveApp(selector);
        requireNotSelf(app);
        return app;
    }

    /** As {@link #resolveApp} and {@link #listWindows}: never Countersign itself, asked or found. */
    @Override
    public AppListing resolveForObservation(AppSelector selector) {
        requireNotSelf(selector);
        AppListing found = delegate.resolveForObservation(selector);
        requireNotSelf(found.app());
        return found;
    }

    /**
     * Countersign's own pid is refused without a read, after the session's answer as for every
     * observation (a locked session says so first); any other app is resolved through the
     * delegate's pipelined probe, and refused here if it turns out to be Countersign.
     */
    @Override
    public AppListing resolveForObservation(AppSelector selector, SessionGate gate) {
        if (selector instanceof AppSelector.ByPid byPid && byPid.pid() == ownPid) {
            gate.admit(delegate.sessionState());
            throw self("the application with pid " + ownPid + " is Countersign itself");
        }
        AppListing found = delegate.resolveForObservation(selector, gate);
        requireNotSelf(found.app());
        return found;
    }

    private void requireNotSelf(AppSelector selector) {
        if (selector instanceof AppSelector.ByPid byPid && byPid.pid() == ownPid) {
            throw self("the application with pid " + ownPid + " is Countersign itself");
        }
    }

    /** Every application but Countersign itself: an agent is never offered our own windows. */
    @Override
    public List<AppListing> listApps() {
        return delegate.listApps().stream().filter(listing -> listing.app().pid() != ownPid)
                .collect(Collectors.toList());
    }

    /** Moving focus is input too: never while the person is being asked. */
    @Override
    public FocusProof focusForTyping(ElementHandle element) {
        return gate.input(() -> {
            requireNobodyAsked();
            return delegate.focusForTyping(element);
        });
    }

    @Override
    public FocusProof focusForTyping(ElementHandle element, boolean silentWindow) {
        return gate.input(() -> {
            requireNobodyAsked();
            return delegate.focusForTyping(element, silentWindow);
        });
    }

    @Override
    public List<WindowInfo> listWindows(AppInfo app) {
        requireNotSelf(app);
        return delegate.listWindows(app);
    }

    @Override
    public TreeSnapshot snapshot(AppInfo app, WindowInfo window, SnapshotLimits limits) {
        requireNotSelf(app);
        return delegate.snapshot(app, window, limits);
    }

    @Override
    public Recheck recheck(ElementHandle element) {
        return delegate.recheck(element);
    }

    @Override
    public WindowCapture capture(WindowInfo window) {
        WindowCapture capture = delegate.capture(window);
        if (windows == null) {
            return capture;
        }
        return masked(capture, windows.stack());
    }

    @Override
    public Dispatch perform(ElementHandle element, ElementAction action) {
        if (action instanceof ElementAction.Press || action instanceof ElementAction.SetValue
                || action instanceof ElementAction.InsertText) {
            return delegate.perform(element, action);
        }
        // Moving keyboard focus while the dialog shows could take it from the dialog (the person's
        // next key lands elsewhere) and is the first step of every key act. An opened menu grabs the
        // pointer and the keyboard until it closes: the dialog's buttons would not take a click.
        // Selecting may move focus and raise its window too (a spreadsheet's cell, a list's row).
        return gate.input(() -> {
            requireNobodyAsked();
            return delegate.perform(element, action);
        });
    }

    @Override
    public Dispatch pointer(PointerInput input) {
        return gate.input(() -> {
            requireNobodyAsked();
            for (int[] p : points(input)) {
                ScreenWindows.ScreenWindow at = stack().windowAt(p[0], p[1]).orElse(null);
                if (at != null && at.pid() == ownPid) {
                    throw refusedInput("the point (" + p[0] + ", " + p[1] + ") is on Countersign's window '"
                            + at.title() + "'; no input lands on Countersign");
                }
            }
            return delegate.pointer(input);
        });
    }

    /** A read: the selection's evidence is the delegate's to give. */
    @Override
    public TextSelection textSelection(ElementHandle element) {
        return delegate.textSelection(element);
    }

    @Override
    public Dispatch keys(KeyInput input) {
        return gate.input(() -> {
            requireNobodyAsked();
            Optional<ScreenWindows.ScreenWindow> focused = stack().focusedWindow();
            if (focused.isEmpty()) {
                // Keys land wherever focus is; where the window system cannot say, that may be ours.
                throw refusedInput("the window system cannot tell which window has keyboard focus; no keys are "
                        + "sent where their landing cannot be proven");
            }
            if (focused.get().pid() == ownPid) {
                throw refusedInput("Countersign's window '" + focused.get().title() + "' has keyboard focus; "
                        + "no keys are sent to Countersign");
            }
            return delegate.keys(input);
        });
    }

    @Override
    public String commandModifier() {
        return delegate.commandModifier();
    }

    @Override
    public Optional<CountersignError> cannotPress(String keys) {
        return delegate.cannotPress(keys);
    }

    @Override
    public PointHit hitTest(ElementHandle element, int x, int y) {
        return delegate.hitTest(element, x, y);
    }

    @Override
    public List<MenuShortcut> menuShortcuts(WindowInfo window) {
        return delegate.menuShortcuts(window);
    }

    @Override
    public List<WindowInfo> openMenus(ElementHandle element) {
        return delegate.openMenus(element);
    }

    @Override
    public <T> T asInput(Supplier<T> checkAndDispatch) {
        return gate.input(() -> {
            requireNobodyAsked();
            return checkAndDispatch.get();
        });
    }

    @Override
    public Optional<ScreenWindows> screenWindows() {
        return Optional.ofNullable(windows);
    }

    @Override
    public OwnIdentity ownIdentity() {
        return delegate.ownIdentity();
    }

    @Override
    public void close() {
        try {
            if (windows != null) {
                windows.close();
            }
        } finally {
            delegate.close();
        }
    }

    private ScreenWindows stack() {
        if (windows == null) {
            throw refusedInput("there is no window system to prove where synthetic input would land");
        }
        return windows;
    }

    private void requireNobodyAsked() {
        if (personAsked.getAsBoolean()) {
            throw refusedInput("the person is being asked in Countersign's approval dialog; no synthetic input is "
                    + "sent while it shows, so none can land in it");
        }
    }

    private void requireNotSelf(AppInfo app) {
        if (app.pid() == ownPid) {
            throw self("the application '" + app.name() + "' (pid " + ownPid + ") is Countersign itself");
        }
    }

    private static List<int[]> points(PointerInput input) {
        if (input instanceof PointerInput.Click c) {
            return List.of(new int[] {c.x(), c.y()});
        }
        if (input instanceof PointerInput.Drag d) {
            return List.of(new int[] {d.fromX(), d.fromY()}, new int[] {d.toX(), d.toY()});
        }
        PointerInput.Scroll s = (PointerInput.Scroll) input;
        return List.of(new int[] {s.x(), s.y()});
    }

    /** The capture with every pixel under a Countersign window painted black. */
    private WindowCapture masked(WindowCapture capture, List<ScreenWindows.ScreenWindow> stack) {
        Rect area = capture.frame();
        int[] argb = null;
        for (ScreenWindows.ScreenWindow w : stack) {
            if (w.pid() != ownPid) {
                continue;
            }
            Rect r = w.frame();
            int x0 = Math.max(area.x(), r.x());
            int y0 = Math.max(area.y(), r.y());
            int x1 = Math.min(area.x() + area.width(), r.x() + r.width());
            int y1 = Math.min(area.y() + area.height(), r.y() + r.height());
            if (x1 <= x0 || y1 <= y0) {
                continue;
            }
            if (argb == null) {
                argb = capture.argb().clone();
            }
            double sx = (double) capture.width() / area.width();
            double sy = (double) capture.height() / area.height();
            for (int y = (int) ((y0 - area.y()) * sy); y < Math.min(capture.height(), (int) Math.ceil((y1 - area.y()) * sy)); y++) {
                for (int x = (int) ((x0 - area.x()) * sx); x < Math.min(capture.width(), (int) Math.ceil((x1 - area.x()) * sx)); x++) {
                    argb[y * capture.width() + x] = 0xFF000000;
                }
            }
        }
        return argb == null ? capture : new WindowCapture(area, capture.width(), capture.height(), argb);
    }

    private static CountersignException self(String message) {
        return new CountersignException(CountersignError.of(ErrorCode.TARGET_IS_COUNTERSIGN, message));
    }

    private static DispatchRefusedException refusedInput(String message) {
        return new DispatchRefusedException(CountersignError.of(ErrorCode.TARGET_IS_COUNTERSIGN, message));
    }
}
