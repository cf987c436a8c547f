package dev.countersign.driver;

import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Rect;
import dev.countersign.desktop.AppInfo;
import dev.countersign.desktop.AppSelector;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.Dispatch;
import dev.countersign.desktop.ElementAction;
import dev.countersign.desktop.ElementHandle;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.KeyInput;
import dev.countersign.desktop.LaunchIdentity;
import dev.countersign.desktop.OwnIdentity;
import dev.countersign.desktop.PermissionState;
import dev.countersign.desktop.Permissions;
import dev.countersign.desktop.PointerInput;
import dev.countersign.desktop.Recheck;
import dev.countersign.desktop.SessionState;
import dev.countersign.desktop.SnapshotLimits;
import dev.countersign.desktop.TreeSnapshot;
import dev.countersign.desktop.WindowCapture;
import dev.countersign.desktop.WindowInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * A desktop made of a table of elements, for driver unit tests that need exact control (a target
 * that moves, a press that changes nothing). It is a test double of the backend, never of the
 * driver; the real backend is exercised by the desktop-tagged tests.
 */
class TableDesktop implements DesktopBackend {
    record Handle(String id) implements ElementHandle {
    }

    /** One element; tests mutate the map to simulate the app changing. */
    static final class Element {
        String role;
        String name;
        String value;
        Rect frame;
        Set<String> states;
        List<String> actions;
        boolean secure;
        /** Whether a Focus action gives it keyboard focus. */
        boolean takesFocus = true;
        /** What pressing it does to the desktop (default: toggles "checked" for check boxes). */
        /** Runs when the element is given keyboard focus, after it took it. */
        Consumer<Element> onFocus = e -> {
        };
        Consumer<Element> onPress = e -> {
        };

        Element(String role, String name, String value, Rect frame, Set<String> states, List<String> actions,
                boolean secure) {
            this.role = role;
            this.name = name;
            this.value = value;
            this.frame = frame;
            this.states = Set.copyOf(states);
            this.actions = actions;
            this.secure = secure;
        }
    }

    final Map<String, Element> elements = new ConcurrentHashMap<>();
    final List<String> order = new CopyOnWriteArrayList<>();
    final List<String> dispatched = new CopyOnWriteArrayList<>();
    volatile LaunchIdentity launch = new LaunchIdentity(4242, 100);
    volatile SessionState session = SessionState.AVAILABLE;
    volatile boolean windowOpen = true;
    /** When set, snapshots break their own record's invariant (a bug of ours, not the agent's argument). */
    volatile boolean inconsistentSnapshot;
    final Handle window = new Handle("window");

    TableDesktop add(String id, Element element) {
        elements.put(id, element);
        order.add(id);
        return this;
    }

    static TableDesktop loginForm() {
        TableDesktop d = new TableDesktop();
        d.add("user", new Element("text", "User name", "", new Rect(10, 10, 200, 24),
                Set.of("enabled", "editable", "focusable", "showing", "visible"), List.of("activate"), false));
        d.add("password", new Element("password text", "Password", null, new Rect(10, 40, 200, 24),
                Set.of("enabled", "editable", "showing", "visible"), List.of(), true));
        Element remember = new Element("check box", "Remember me", null, new Rect(10, 70, 120, 20),
                Set.of("enabled", "showing", "visible", "focusable"), List.of("click"), false);
        remember.onPress = e -> e.states = toggled(e.states, "checked");
        d.add("remember", remember);
        d.add("delete", new Element("push button", "Delete", null, new Rect(10, 100, 80, 28),
                Set.of("enabled", "showing", "visible"), List.of("click"), false));
        Element ok = new Element("push button", "OK", null, new Rect(100, 100, 80, 28),
                Set.of("enabled", "showing", "visible"), List.of("click"), false);
        d.add("ok", ok);
        return d;
    }

    static Set<String> toggled(Set<String> states, String state) {
        Set<String> next = new java.util.HashSet<>(states);
        if (!next.remove(state)) {
            next.add(state);
        }
        return Set.copyOf(next);
    }

    long presses(String id) {
        return dispatched.stream().filter(d -> d.equals("press:" + id)).count();
    }

    @Override
    public SessionState sessionState() {
        return session;
    }

    @Override
    public Permissions permissions() {
        return new Permissions(PermissionState.GRANTED, PermissionState.GRANTED);
    }

    @Override
    public AppInfo resolveApp(AppSelector selector) {
        if (selector instanceof AppSelector.ByPid && ((AppSelector.ByPid) selector).pid() != launch.pid()) {
            throw new CountersignException(CountersignError.of(ErrorCode.INVALID_ARGUMENT, "no such pid"));
        }
        return new AppInfo("yad", null, launch);
    }

    @Override
    public List<WindowInfo> listWindows(AppInfo app) {
        return windowOpen ? List.of(new WindowInfo(window, "Login Form", new Rect(0, 0, 400, 300), true)) : List.of();
    }

    @Override
    public TreeSnapshot snapshot(AppInfo app, WindowInfo window, SnapshotLimits limits) {
        List<ElementNode> nodes = new ArrayList<>();
        nodes.add(new ElementNode(window.handle(), "frame", null, window.title(), "", null, null, window.frame(),
                Set.of("enabled", "showing", "visible"), List.of(), false, 0, -1));
        for (String id : order) {
            if (nodes.size() >= limits.maxNodes()) {
                break;
            }
            nodes.add(node(id, 1, 0));
        }
        int omitted = order.size() + 1 - nodes.size();
        if (inconsistentSnapshot) {
            // Says the bounds cut nodes while counting none cut: TreeSnapshot refuses it with an
            // IllegalArgumentException, as a wrapper that rebuilt snapshots wrongly once did.
            return new TreeSnapshot(app, window, nodes, true, 0);
        }
        return new TreeSnapshot(app, window, nodes, omitted > 0, omitted);
    }

    private ElementNode node(String id, int depth, int parent) {
        Element e = elements.get(id);
        return new ElementNode(new Handle(id), e.role, null, e.name, "", null, e.secure ? null : e.value, e.frame,
                e.states, e.actions, e.secure, depth, parent);
    }

    @Override
    public Recheck recheck(ElementHandle element) {
        String id = ((Handle) element).id();
        if (!elements.containsKey(id)) {
            return new Recheck.Gone("no such element");
        }
        return new Recheck.Present(node(id, 0, -1));
    }

    @Override
    public WindowCapture capture(WindowInfo window) {
        throw new CountersignException(CountersignError.of(ErrorCode.UNSUPPORTED_PLATFORM, "no pixels in a table"));
    }

    @Override
    public Dispatch perform(ElementHandle element, ElementAction action) {
        String id = ((Handle) element).id();
        Element e = elements.get(id);
        if (action instanceof ElementAction.Press) {
            dispatched.add("press:" + id);
            e.onPress.accept(e);
        } else if (action instanceof ElementAction.SetValue) {
            dispatched.add("set:" + id);
            e.value = ((ElementAction.SetValue) action).text();
        } else if (action instanceof ElementAction.Focus) {
            dispatched.add("focus:" + id);
            if (e.takesFocus && !e.states.contains("focused")) {
                e.states = toggled(e.states, "focused");
            }
            e.onFocus.accept(e);
        } else {
            dispatched.add("other:" + id);
        }
        return new Dispatch("table." + action.getClass().getSimpleName(), id);
    }

    @Override
    public Dispatch pointer(PointerInput input) {
        dispatched.add("pointer");
        return new Dispatch("table.pointer", input.toString());
    }

    /** Like a backend that cannot enumerate applications or prove focus: typing stays on the value route. */
    @Override
    public java.util.List<dev.countersign.desktop.AppListing> listApps() {
        throw new dev.countersign.core.CountersignException(dev.countersign.core.CountersignError.of(
                dev.countersign.core.ErrorCode.UNSUPPORTED_PLATFORM, "this test double cannot list applications"));
    }

    @Override
    public dev.countersign.desktop.FocusProof focusForTyping(dev.countersign.desktop.ElementHandle element) {
        throw new dev.countersign.core.CountersignException(dev.countersign.core.CountersignError.of(
                dev.countersign.core.ErrorCode.UNSUPPORTED_PLATFORM, "this test double cannot prove keyboard focus"));
    }

    @Override
    public Dispatch keys(KeyInput input) {
        dispatched.add("keys:" + input);
        return new Dispatch("table.keys", input.toString());
    }

    @Override
    public OwnIdentity ownIdentity() {
        return new OwnIdentity(new LaunchIdentity(1, 1), "/usr/bin/java", null, null, "test");
    }

    @Override
    public void close() {
    }
}
