package dev.countersign.server;

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
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An in-memory desktop with one small form (a text field, a password field, a "Remember me" check
 * box, "Delete" and "OK" buttons) for endpoint tests and the endpoint benchmark. It is a test
 * double of the backend only; the desktop-tagged test runs the same calls against AT-SPI.
 */
public final class FormDesktop implements DesktopBackend {
    record Handle(String id) implements ElementHandle {
    }

    private record Element(String role, String name, Rect frame, boolean secure, List<String> actions) {
    }

    private static final List<String> ORDER = List.of("user", "password", "remember", "delete", "ok");
    private static final Map<String, Element> ELEMENTS = Map.of(
            "user", new Element("text", "User name", new Rect(10, 10, 200, 24), false, List.of("activate")),
            "password", new Element("password text", "Password", new Rect(10, 40, 200, 24), true, List.of()),
            "remember", new Element("check box", "Remember me", new Rect(10, 70, 120, 20), false, List.of("click")),
            "delete", new Element("push button", "Delete", new Rect(10, 100, 80, 28), false, List.of("click")),
            "ok", new Element("push button", "OK", new Rect(100, 100, 80, 28), false, List.of("click")));

    private final LaunchIdentity launch = new LaunchIdentity(4242, 100);
    private final Handle window = new Handle("window");
    private final Map<String, Set<String>> states = new ConcurrentHashMap<>();
    private final Map<String, String> values = new ConcurrentHashMap<>();
    /** Everything dispatched, in order ("press:delete", "set:user", ...). */
    public final List<String> dispatched = new CopyOnWriteArrayList<>();

    public FormDesktop() {
        for (String id : ORDER) {
            states.put(id, Set.of("enabled", "showing", "visible", "focusable"));
        }
        values.put("user", "");
    }

    public boolean checked(String id) {
        return states.get(id).contains("checked");
    }

    @Override
    public SessionState sessionState() {
        return SessionState.AVAILABLE;
    }

    @Override
    public Permissions permissions() {
        return new Permissions(PermissionState.GRANTED, PermissionState.GRANTED);
    }

    @Override
    public AppInfo resolveApp(AppSelector selector) {
        if (selector instanceof AppSelector.ByName && !"yad".equals(((AppSelector.ByName) selector).name())) {
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "app",
                    "no running application named " + ((AppSelector.ByName) selector).name()));
        }
        return new AppInfo("yad", null, launch);
    }

    @Override
    public List<WindowInfo> listWindows(AppInfo app) {
        return List.of(new WindowInfo(window, "Login Form", new Rect(0, 0, 400, 300), true));
    }

    @Override
    public TreeSnapshot snapshot(AppInfo app, WindowInfo info, SnapshotLimits limits) {
        List<ElementNode> nodes = new ArrayList<>();
        nodes.add(new ElementNode(info.handle(), "frame", null, info.title(), "", null, null, info.frame(),
                Set.of("enabled", "showing", "visible"), List.of(), false, 0, -1));
        for (String id : ORDER) {
            if (nodes.size() >= limits.maxNodes()) {
                break;
            }
            nodes.add(node(id, 1, 0));
        }
        int omitted = ORDER.size() + 1 - nodes.size();
        return new TreeSnapshot(app, info, nodes, omitted > 0, omitted);
    }

    private ElementNode node(String id, int depth, int parent) {
        Element e = ELEMENTS.get(id);
        return new ElementNode(new Handle(id), e.role(), null, e.name(), "", null, e.secure() ? null : values.get(id),
                e.frame(), states.get(id), e.actions(), e.secure(), depth, parent);
    }

    @Override
    public Recheck recheck(ElementHandle element) {
        String id = ((Handle) element).id();
        return ELEMENTS.containsKey(id) ? new Recheck.Present(node(id, 0, -1)) : new Recheck.Gone("no such element");
    }

    @Override
    public WindowCapture capture(WindowInfo info) {
        throw new CountersignException(CountersignError.of(ErrorCode.UNSUPPORTED_PLATFORM, "no pixels in a form double"));
    }

    @Override
    public Dispatch perform(ElementHandle element, ElementAction action) {
        String id = ((Handle) element).id();
        if (action instanceof ElementAction.Press) {
            dispatched.add("press:" + id);
            if ("remember".equals(id)) {
                Set<String> next = new HashSet<>(states.get(id));
                if (!next.remove("checked")) {
                    next.add("checked");
                }
                states.put(id, Set.copyOf(next));
            }
        } else if (action instanceof ElementAction.SetValue) {
            dispatched.add("set:" + id);
            values.put(id, ((ElementAction.SetValue) action).text());
        } else {
            dispatched.add("other:" + id);
        }
        return new Dispatch("form." + action.getClass().getSimpleName(), id);
    }

    @Override
    public Dispatch pointer(PointerInput input) {
        dispatched.add("pointer");
        return new Dispatch("form.pointer", "pointer");
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
        dispatched.add("keys");
        return new Dispatch("form.keys", "keys");
    }

    @Override
    public OwnIdentity ownIdentity() {
        return new OwnIdentity(new LaunchIdentity(1, 1), "/usr/bin/java", null, null, "test");
    }

    @Override
    public void close() {
    }
}
