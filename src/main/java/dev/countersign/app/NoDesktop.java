package dev.countersign.app;

import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.AppInfo;
import dev.countersign.desktop.AppListing;
import dev.countersign.desktop.AppSelector;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.Dispatch;
import dev.countersign.desktop.ElementAction;
import dev.countersign.desktop.ElementHandle;
import dev.countersign.desktop.FocusProof;
import dev.countersign.desktop.KeyInput;
import dev.countersign.desktop.LaunchIdentity;
import dev.countersign.desktop.MenuShortcut;
import dev.countersign.desktop.OwnIdentity;
import dev.countersign.desktop.PermissionState;
import dev.countersign.desktop.Permissions;
import dev.countersign.desktop.PointHit;
import dev.countersign.desktop.PointerInput;
import dev.countersign.desktop.Recheck;
import dev.countersign.desktop.SessionState;
import dev.countersign.desktop.SnapshotLimits;
import dev.countersign.desktop.TextSelection;
import dev.countersign.desktop.TreeSnapshot;
import dev.countersign.desktop.WindowCapture;
import dev.countersign.desktop.WindowInfo;
import java.util.List;
import java.util.Optional;

/**
 * The backend where this build has none for the platform (or no desktop could be reached): the
 * endpoint still serves, and every desktop operation fails closed with a stable code saying why.
 */
final class NoDesktop implements DesktopBackend {
    private final String why;

    NoDesktop(String why) {
        this.why = why;
    }

    String why() {
        return why;
    }

    private CountersignException refused() {
        return new CountersignException(CountersignError.of(ErrorCode.UNSUPPORTED_PLATFORM, why));
    }

    @Override
    public SessionState sessionState() {
        return SessionState.UNKNOWN;
    }

    @Override
    public Permissions permissions() {
        return new Permissions(PermissionState.UNKNOWN, PermissionState.UNKNOWN);
    }

    @Override
    public List<AppListing> listApps() {
        throw refused();
    }

    @Override
    public FocusProof focusForTyping(ElementHandle element) {
        throw refused();
    }

    @Override
    public TextSelection textSelection(ElementHandle element) {
        throw refused();
    }

    @Override
    public AppInfo resolveApp(AppSelector selector) {
        throw refused();
    }

    @Override
    public List<WindowInfo> listWindows(AppInfo app) {
        throw refused();
    }

    @Override
    public TreeSnapshot snapshot(AppInfo app, WindowInfo window, SnapshotLimits limits) {
        throw refused();
    }

    @Override
    public Recheck recheck(ElementHandle element) {
        throw refused();
    }

    @Override
    public WindowCapture capture(WindowInfo window) {
        throw refused();
    }

    @Override
    public Dispatch perform(ElementHandle element, ElementAction action) {
        throw refused();
    }

    @Override
    public Dispatch pointer(PointerInput input) {
        throw refused();
    }

    @Override
    public Dispatch keys(KeyInput input) {
        throw refused();
    }

    /** Nothing is ever pressed here; cmd is named as it is given. */
    @Override
    public String commandModifier() {
        return "cmd";
    }

    /** Nothing gets this far here: every act is refused at its observation. */
    @Override
    public Optional<CountersignError> cannotPress(String keys) {
        return Optional.empty();
    }

    @Override
    public PointHit hitTest(ElementHandle element, int x, int y) {
        throw refused();
    }

    @Override
    public List<MenuShortcut> menuShortcuts(WindowInfo window) {
        throw refused();
    }

    @Override
    public List<WindowInfo> openMenus(ElementHandle element) {
        throw refused();
    }

    @Override
    public OwnIdentity ownIdentity() {
        ProcessHandle self = ProcessHandle.current();
        long started = self.info().startInstant().map(i -> i.toEpochMilli()).orElse(0L);
        return new OwnIdentity(new LaunchIdentity(self.pid(), started),
                self.info().command().orElse("java"), null, null, "countersign");
    }

    @Override
    public void close() {
    }
}
