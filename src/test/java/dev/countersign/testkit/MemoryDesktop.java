package dev.countersign.testkit;

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
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.FocusProof;
import dev.countersign.desktop.KeyInput;
import dev.countersign.desktop.LaunchIdentity;
import dev.countersign.desktop.MenuShortcut;
import dev.countersign.desktop.MouseButton;
import dev.countersign.desktop.OwnIdentity;
import dev.countersign.desktop.PermissionState;
import dev.countersign.desktop.Permissions;
import dev.countersign.desktop.PointHit;
import dev.countersign.desktop.PointerInput;
import dev.countersign.desktop.Recheck;
import dev.countersign.desktop.ScreenWindows;
import dev.countersign.desktop.SessionState;
import dev.countersign.desktop.SnapshotLimits;
import dev.countersign.desktop.TextRange;
import dev.countersign.desktop.TextSelection;
import dev.countersign.desktop.TreeSnapshot;
import dev.countersign.desktop.WindowCapture;
import dev.countersign.desktop.WindowInfo;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * The one in-memory desktop of the tests: an application "yad" (pid {@value #PID}) with one
 * window, "Login Form", made of a table of elements a test controls exactly (a target that moves,
 * a press that changes nothing, a locked session, a window that closes). It is a test double of the
 * backend, never of the driver or the endpoint; the real backend is exercised by the
 * desktop-tagged tests, which run the same calls against AT-SPI.
 *
 * <p>Everything it is asked to do is recorded in {@link #dispatched}, in order: {@code press:ID},
 * {@code set:ID}, {@code focus:ID}, {@code other:ID}, {@code pointer}, {@code keys:INPUT}. It has
 * no pixels (capture is {@code UNSUPPORTED_PLATFORM}), cannot list applications or prove keyboard
 * focus (typing stays on the value route), and has no input guard: {@link #asInput} keeps the
 * interface's refusal, as a bare platform backend does. It has no window system either until a
 * test arranges one with {@link #withWindowSystem()}; {@link #screenWindows()} stays overridable
 * for a test that needs another.
 */
public class MemoryDesktop implements DesktopBackend {
    /** The application's process id. */
    public static final long PID = 4242;
    /** The application's name, which a name selector must give. */
    public static final String APP = "yad";
    /** The title of the one window. */
    public static final String TITLE = "Login Form";
    /** The window's frame, in native screen pixels. */
    public static final Rect FRAME = new Rect(0, 0, 400, 300);

    /** A handle of this desktop: the element's key in {@link #elements}, or the window's. */
    public record Handle(String id) implements ElementHandle {
    }

    /** One element; tests mutate it (or the map) to simulate the app changing. */
    public static final class Element {
        public String role;
        public String name;
        public String value;
        public Rect frame;
        public Set<String> states;
        public List<String> actions;
        public boolean secure;
        /** Whether a Focus action gives it keyboard focus. */
        public boolean takesFocus = true;
        /** Runs when the element is given keyboard focus, after it took it. */
        public Consumer<Element> onFocus = e -> {
        };
        /** What opening its context menu does (its action, or a right click that lands on it). */
        public Consumer<Element> onMenu = e -> {
        };
        /** What pressing it does to the desktop (nothing unless a test or the form says so). */
        public Consumer<Element> onPress = e -> {
        };
        /** Its selected text ranges, in characters. */
        public List<TextRange.Span> selection = new CopyOnWriteArrayList<>();

        public Element(String role, String name, String value, Rect frame, Set<String> states, List<String> actions,
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

    public final Map<String, Element> elements = new ConcurrentHashMap<>();
    /** The elements' keys in tree order. */
    public final List<String> order = new CopyOnWriteArrayList<>();
    /** Everything dispatched, in order ("press:delete", "set:user", "pointer", ...). */
    public final List<String> dispatched = new CopyOnWriteArrayList<>();
    /** The pointer input sent, in order. */
    public final List<PointerInput> pointed = new CopyOnWriteArrayList<>();
    /** The popup menus that show, as {@link #openMenus} reports them; a test or an element's onMenu adds them. */
    public final List<WindowInfo> menus = new CopyOnWriteArrayList<>();
    /** The chords the window's menus bind, as {@link #menuShortcuts} reports them. */
    public final List<MenuShortcut> shortcuts = new CopyOnWriteArrayList<>();
    public volatile LaunchIdentity launch = new LaunchIdentity(PID, 100);
    public volatile SessionState session = SessionState.AVAILABLE;
    public volatile boolean windowOpen = true;
    /** When set, snapshots break their own record's invariant (a bug of ours, not the agent's argument). */
    public volatile boolean inconsistentSnapshot;
    public final Handle window = new Handle("window");
    /** The window system's stack, topmost first, once {@link #withWindowSystem()} gave this desktop one. */
    public final List<ScreenWindows.ScreenWindow> stack = new CopyOnWriteArrayList<>();
    /** The window with keyboard focus on that window system; null when none has it. */
    public volatile ScreenWindows.ScreenWindow focusedWindow;
    private volatile boolean windowSystem;
    /** What the hit test finds at a point on an element, when a test says so itself; null: the frames decide. */
    public volatile java.util.function.BiFunction<String, int[], PointHit> hits;

    /** An empty window: a test adds its own elements. */
    public MemoryDesktop() {
    }

    public MemoryDesktop add(String id, Element element) {
        elements.put(id, element);
        order.add(id);
        return this;
    }

    /**
     * The login form: a text field "User name" (empty), a secure "Password" field, a "Remember
     * me" check box that pressing toggles, and "Delete" and "OK" push buttons that change nothing.
     */
    public static MemoryDesktop loginForm() {
        MemoryDesktop d = new MemoryDesktop();
        d.add("user", new Element("text", "User name", "", new Rect(10, 10, 200, 24),
                Set.of("enabled", "editable", "focusable", "showing", "visible"), List.of("activate"), false));
        d.add("password", new Element("password text", "Password", null, new Rect(10, 40, 200, 24),
                Set.of("enabled", "editable", "focusable", "showing", "visible"), List.of(), true));
        Element remember = new Element("check box", "Remember me", null, new Rect(10, 70, 120, 20),
                Set.of("enabled", "showing", "visible", "focusable"), List.of("click"), false);
        remember.onPress = e -> e.states = toggled(e.states, "checked");
        d.add("remember", remember);
        d.add("delete", new Element("push button", "Delete", null, new Rect(10, 100, 80, 28),
                Set.of("enabled", "focusable", "showing", "visible"), List.of("click"), false));
        d.add("ok", new Element("push button", "OK", null, new Rect(100, 100, 80, 28),
                Set.of("enabled", "focusable", "showing", "visible"), List.of("click"), false));
        return d;
    }

    /**
     * Gives this desktop a window system whose stack is {@link #stack} and whose focused window is
     * {@link #focusedWindow}, both as a test arranges them, read at each call.
     */
    public MemoryDesktop withWindowSystem() {
        windowSystem = true;
        return this;
    }

    /** The login form's window as a window system without decorations stacks it, owned by the app. */
    public static ScreenWindows.ScreenWindow screenWindow(long id) {
        return new ScreenWindows.ScreenWindow(id, PID, TITLE, FRAME);
    }

    public static Set<String> toggled(Set<String> states, String state) {
        Set<String> next = new HashSet<>(states);
        if (!next.remove(state)) {
            next.add(state);
        }
        return Set.copyOf(next);
    }

    /** How many times the element was pressed. */
    public long presses(String id) {
        return dispatched.stream().filter(d -> d.equals("press:" + id)).count();
    }

    /** Whether the element is checked now. */
    public boolean checked(String id) {
        return elements.get(id).states.contains("checked");
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
        if (selector instanceof AppSelector.ByPid byPid && byPid.pid() != launch.pid()) {
            throw new CountersignException(CountersignError.of(ErrorCode.INVALID_ARGUMENT, "no such pid"));
        }
        if (selector instanceof AppSelector.ByName byName && !APP.equals(byName.name())) {
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "app",
                    "no running application named " + byName.name()));
        }
        return new AppInfo(APP, null, launch);
    }

    @Override
    public List<WindowInfo> listWindows(AppInfo app) {
        return windowOpen ? List.of(new WindowInfo(window, TITLE, FRAME, true)) : List.of();
    }

    @Override
    public TreeSnapshot snapshot(AppInfo app, WindowInfo window, SnapshotLimits limits) {
        List<ElementNode> nodes = new ArrayList<>();
        nodes.add(new ElementNode(window.handle(), "frame", null, window.title(), "", null, null, window.frame(),
                Set.of("enabled", "showing", "visible"), List.of(), false, 0, -1));
        int gone = 0;
        for (String id : order) {
            if (nodes.size() >= limits.maxNodes()) {
                break;
            }
            if (!elements.containsKey(id)) {
                // Removed by a test (a button whose press closes it): no longer in the tree.
                gone++;
                continue;
            }
            nodes.add(node(id, 1, 0));
        }
        int omitted = order.size() - gone + 1 - nodes.size();
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
        throw new CountersignException(CountersignError.of(ErrorCode.UNSUPPORTED_PLATFORM, "no pixels in memory"));
    }

    @Override
    public Dispatch perform(ElementHandle element, ElementAction action) {
        String id = ((Handle) element).id();
        Element e = elements.get(id);
        if (action instanceof ElementAction.Press) {
            dispatched.add("press:" + id);
            e.onPress.accept(e);
        } else if (action instanceof ElementAction.InsertText) {
            // As on Linux: no accessible insert, so the driver's keyboard route types at the caret.
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "op",
                    "no insert at the caret in memory"));
        } else if (action instanceof ElementAction.SetValue setValue) {
            dispatched.add("set:" + id);
            e.value = setValue.text();
        } else if (action instanceof ElementAction.Select select) {
            dispatched.add((select.extend() ? "extend:" : "select:") + id);
            if (!select.extend()) {
                elements.values().forEach(other -> {
                    if (other.states.contains("selected")) {
                        other.states = toggled(other.states, "selected");
                    }
                });
            }
            if (!e.states.contains("selected")) {
                e.states = toggled(e.states, "selected");
            }
        } else if (action instanceof ElementAction.SelectText text) {
            dispatched.add("selecttext:" + id);
            if (e.secure) {
                throw new CountersignException(CountersignError.of(ErrorCode.SECURE_FIELD_REFUSED, "secure"));
            }
            e.selection = new CopyOnWriteArrayList<>(List.of(text.range().resolve(e.value == null ? "" : e.value)));
        } else if (action instanceof ElementAction.ShowMenu) {
            dispatched.add("menu:" + id);
            e.onMenu.accept(e);
        } else if (action instanceof ElementAction.Focus) {
            dispatched.add("focus:" + id);
            if (e.takesFocus && !e.states.contains("focused")) {
                e.states = toggled(e.states, "focused");
            }
            e.onFocus.accept(e);
        } else {
            dispatched.add("other:" + id);
        }
        return new Dispatch("memory." + action.getClass().getSimpleName(), id);
    }

    /** Records the input; a right click opens the menu of the element on top at its point. */
    @Override
    public Dispatch pointer(PointerInput input) {
        dispatched.add("pointer");
        pointed.add(input);
        if (input instanceof PointerInput.Click c && c.button() == MouseButton.RIGHT) {
            String id = topmostAt(c.x(), c.y());
            if (id != null) {
                elements.get(id).onMenu.accept(elements.get(id));
            }
        }
        return new Dispatch("memory.pointer", input.toString());
    }

    /** The element on top at the point: the last one in tree order whose frame holds it; null if none. */
    public String topmostAt(int x, int y) {
        String top = null;
        for (String id : order) {
            Element e = elements.get(id);
            if (e != null && e.frame != null && e.frame.contains(x, y)) {
                top = id;
            }
        }
        return top;
    }

    /**
     * What {@link #hits} answers when a test set it; else the element lands when it is the one on
     * top at the point ({@link #topmostAt}).
     */
    @Override
    public PointHit hitTest(ElementHandle element, int x, int y) {
        String id = ((Handle) element).id();
        if (hits != null) {
            return hits.apply(id, new int[] {x, y});
        }
        String top = topmostAt(x, y);
        if (top == null) {
            return PointHit.elsewhere(FRAME.contains(x, y) ? "frame '" + TITLE + "'" : "nothing of the window");
        }
        Element e = elements.get(top);
        String found = e.role + " '" + e.name + "'";
        return top.equals(id) ? PointHit.on(found) : PointHit.elsewhere(found);
    }

    @Override
    public List<MenuShortcut> menuShortcuts(WindowInfo window) {
        return List.copyOf(shortcuts);
    }

    @Override
    public List<WindowInfo> openMenus(ElementHandle element) {
        return List.copyOf(menus);
    }

    @Override
    public TextSelection textSelection(ElementHandle element) {
        Element e = elements.get(((Handle) element).id());
        if (e == null) {
            throw new CountersignException(CountersignError.of(ErrorCode.TARGET_CHANGED, "gone"));
        }
        if (e.secure) {
            throw new CountersignException(CountersignError.of(ErrorCode.SECURE_FIELD_REFUSED, "secure"));
        }
        return new TextSelection(e.value == null ? "" : e.value, e.selection);
    }

    /** Like a backend that cannot enumerate applications. */
    @Override
    public List<AppListing> listApps() {
        throw new CountersignException(CountersignError.of(ErrorCode.UNSUPPORTED_PLATFORM,
                "this test double cannot list applications"));
    }

    /** Like a backend that cannot prove keyboard focus: typing stays on the value route. */
    @Override
    public FocusProof focusForTyping(ElementHandle element) {
        throw new CountersignException(CountersignError.of(ErrorCode.UNSUPPORTED_PLATFORM,
                "this test double cannot prove keyboard focus"));
    }

    @Override
    public Dispatch keys(KeyInput input) {
        dispatched.add("keys:" + input);
        return new Dispatch("memory.keys", input.toString());
    }

    /** As on Linux, where the tests run: cmd is pressed as Control. */
    @Override
    public String commandModifier() {
        return "ctrl";
    }

    /** Every chord the grammar takes is recorded here. */
    @Override
    public Optional<CountersignError> cannotPress(String keys) {
        return Optional.empty();
    }

    @Override
    public Optional<ScreenWindows> screenWindows() {
        if (!windowSystem) {
            return Optional.empty();
        }
        return Optional.of(new ScreenWindows() {
            @Override
            public List<ScreenWindow> stack() {
                return List.copyOf(stack);
            }

            @Override
            public Optional<ScreenWindow> focusedWindow() {
                return Optional.ofNullable(focusedWindow);
            }

            @Override
            public void close() {
            }
        });
    }

    @Override
    public OwnIdentity ownIdentity() {
        return new OwnIdentity(new LaunchIdentity(1, 1), "/usr/bin/java", null, null, "test");
    }

    @Override
    public void close() {
    }
}
