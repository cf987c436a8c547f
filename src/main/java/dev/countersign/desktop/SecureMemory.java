package dev.countersign.desktop;

import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Rect;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Secure is sticky: a {@link DesktopBackend} around another that remembers every element it has
 * seen secure, for the life of that application instance, and reports it secure ever after, also
 * once a "Show password" toggle made the platform call it a plain text field. A text field that
 * later sits exactly where a secure field sat, in the same window of the same app instance (a
 * page that swaps the password input for a plain one), is treated the same way. Secure means what
 * it means everywhere: its value is never read or returned, and setting it is refused.
 *
 * <p>Memory is keyed by the element's handle (which names one app connection, so a restarted app
 * starts afresh) and by launch identity + window + frame for the places; both are bounded. What
 * the bound forgets is not let go: the app instance whose secure field was forgotten is marked
 * overflowed, and from then on every text field of it is judged secure (an app with more password
 * inputs than the bound, a page built to push a revealed field out of memory, loses its text
 * values rather than showing one). An element forgotten where it was seen is judged the same way
 * while any app is overflowed.
 */
public final class SecureMemory implements DesktopBackend {
    private static final int MAX_ELEMENTS = 20_000;
    private static final int MAX_PLACES = 2_000;

    private record Place(LaunchIdentity app, ElementHandle window, Rect frame) {
    }

    private record Seen(LaunchIdentity app, ElementHandle window) {
    }

    /** What a secure element's entry remembers: the app instance it belongs to (null when not known). */
    private record Owner(LaunchIdentity app) {
    }

    private final DesktopBackend delegate;
    /** App instances whose secure fields the bounds forgot; a null entry stands for "not known". */
    private final Set<Owner> overflowed = Collections.synchronizedSet(new HashSet<>());
    private final Map<ElementHandle, Owner> secure = bounded(MAX_ELEMENTS, e -> overflowed.add(e.getValue()));
    private final Map<Place, Boolean> securePlaces = bounded(MAX_PLACES,
            e -> overflowed.add(new Owner(e.getKey().app())));
    private final Map<ElementHandle, Seen> where = bounded(MAX_ELEMENTS, e -> { });

    public SecureMemory(DesktopBackend delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
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
        return delegate.resolveApp(selector);
    }

    @Override
    public List<WindowInfo> listWindows(AppInfo app) {
        return delegate.listWindows(app);
    }

    @Override
    public AppListing resolveForObservation(AppSelector selector) {
        return delegate.resolveForObservation(selector);
    }

    @Override
    public AppListing resolveForObservation(AppSelector selector, SessionGate gate) {
        return delegate.resolveForObservation(selector, gate);
    }

    @Override
    public TreeSnapshot snapshot(AppInfo app, WindowInfo window, SnapshotLimits limits) {
        TreeSnapshot snapshot = delegate.snapshot(app, window, limits);
        List<ElementNode> nodes = new ArrayList<>(snapshot.nodes().size());
        Seen seen = new Seen(app.launch(), window.handle());
        synchronized (this) {
            // Learn first, so a secure field and the plain one over it in the same read both count.
            for (ElementNode node : snapshot.nodes()) {
                // An element read again where it was is left as it is (the map keeps insertion
                // order, so replacing an equal value changed nothing but the heap).
                if (!seen.equals(where.get(node.handle()))) {
                    where.put(node.handle(), seen);
                }
                if (node.secure()) {
                    learn(node, app.launch(), window.handle());
                }
            }
            for (ElementNode node : snapshot.nodes()) {
                nodes.add(judge(node, app.launch(), window.handle()));
            }
        }
        return snapshot.withNodes(nodes);
    }

    @Override
    public Recheck recheck(ElementHandle element) {
        Recheck recheck = delegate.recheck(element);
        if (!(recheck instanceof Recheck.Present present)) {
            return recheck;
        }
        ElementNode current = present.current();
        synchronized (this) {
            Seen seen = where.get(element);
            if (current.secure()) {
                learn(current, seen == null ? null : seen.app(), seen == null ? null : seen.window());
                return recheck;
            }
            return new Recheck.Present(judge(current, seen == null ? null : seen.app(),
                    seen == null ? null : seen.window()));
        }
    }

    @Override
    public WindowCapture capture(WindowInfo window) {
        return delegate.capture(window);
    }

    @Override
    public Dispatch perform(ElementHandle element, ElementAction action) {
        // Not only setting its value: focusing or pressing a once-secure field is how keys or a
        // reveal would reach it next.
        if (knownSecure(element)) {
            throw new CountersignException(CountersignError.of(ErrorCode.SECURE_FIELD_REFUSED,
                    "this element was a secure field earlier in this application's life; it stays out of bounds"));
        }
        return delegate.perform(element, action);
    }

    /** A once-secure field's text, and so its selection, is never read. */
    @Override
    public TextSelection textSelection(ElementHandle element) {
        if (knownSecure(element)) {
            throw new CountersignException(CountersignError.of(ErrorCode.SECURE_FIELD_REFUSED,
                    "this element was a secure field earlier in this application's life; its text is never read"));
        }
        return delegate.textSelection(element);
    }

    @Override
    public List<AppListing> listApps() {
        return delegate.listApps();
    }

    /** Keyboard text is typing too: a field that was once secure never gets focus for it. */
    @Override
    public FocusProof focusForTyping(ElementHandle element) {
        if (knownSecure(element)) {
            throw new CountersignException(CountersignError.of(ErrorCode.SECURE_FIELD_REFUSED,
                    "this element was a secure field earlier in this application's life; it stays out of bounds"));
        }
        return delegate.focusForTyping(element);
    }

    @Override
    public FocusProof focusForTyping(ElementHandle element, boolean silentWindow) {
        if (knownSecure(element)) {
            throw new CountersignException(CountersignError.of(ErrorCode.SECURE_FIELD_REFUSED,
                    "this element was a secure field earlier in this application's life; it stays out of bounds"));
        }
        return delegate.focusForTyping(element, silentWindow);
    }

    @Override
    public Dispatch pointer(PointerInput input) {
        return delegate.pointer(input);
    }

    @Override
    public Dispatch keys(KeyInput input) {
        return delegate.keys(input);
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
        return delegate.asInput(checkAndDispatch);
    }

    @Override
    public Optional<ScreenWindows> screenWindows() {
        return delegate.screenWindows();
    }

    @Override
    public OwnIdentity ownIdentity() {
        return delegate.ownIdentity();
    }

    @Override
    public void close() {
        delegate.close();
    }

    /** Whether this element has been seen secure (for tests and the driver's own checks). */
    public synchronized boolean knownSecure(ElementHandle element) {
        return secure.containsKey(element);
    }

    private void learn(ElementNode node, LaunchIdentity app, ElementHandle window) {
        secure.put(node.handle(), new Owner(app));
        if (app != null && window != null && node.frame() != null && node.frame().width() > 0) {
            securePlaces.put(new Place(app, window, node.frame()), Boolean.TRUE);
        }
    }

    private ElementNode judge(ElementNode node, LaunchIdentity app, ElementHandle window) {
        if (node.secure()) {
            return node;
        }
        boolean was = secure.containsKey(node.handle());
        boolean inItsPlace = !was && app != null && window != null && node.frame() != null && !securePlaces.isEmpty()
                && textLike(node.role()) && securePlaces.containsKey(new Place(app, window, node.frame()));
        // Forgotten by the bounds: the app's text fields (any app's, when the element's app is no
        // longer known) are judged secure rather than risk showing a revealed one.
        boolean forgotten = !was && !inItsPlace && !overflowed.isEmpty() && textLike(node.role())
                && (app == null || overflowed.contains(new Owner(app)) || overflowed.contains(new Owner(null)));
        if (!was && !inItsPlace && !forgotten) {
            return node;
        }
        if (inItsPlace) {
            secure.put(node.handle(), new Owner(app));
        }
        return new ElementNode(node.handle(), node.role(), node.subrole(), node.name(), node.description(),
                node.identifier(), null, node.frame(), node.states(), node.actions(), true, node.depth(), node.parent());
    }

    private static final Set<String> TEXT_ROLES = Set.of("text", "entry", "passwordtext", "textfield", "securetextfield",
            "searchfield", "combobox", "terminal", "textarea", "paragraph");

    /** A role of text entry, in any platform's spelling: letters only, case and an {@code AX} prefix ignored. */
    static boolean textLike(String role) {
        StringBuilder letters = new StringBuilder(role.length());
        for (int i = 0; i < role.length(); i++) {
            char c = Character.toLowerCase(role.charAt(i));
            if (c >= 'a' && c <= 'z') {
                letters.append(c);
            }
        }
        String r = letters.toString();
        return TEXT_ROLES.contains(r.startsWith("ax") ? r.substring(2) : r);
    }

    @SuppressWarnings("serial")
    /** A map that forgets its oldest entry past {@code max}, telling {@code forgetting} which. */
    private static <K, V> Map<K, V> bounded(int max, Consumer<Map.Entry<K, V>> forgetting) {
        return Collections.synchronizedMap(new LinkedHashMap<K, V>(256, 0.75f, false) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
                if (size() <= max) {
                    return false;
                }
                forgetting.accept(eldest);
                return true;
            }
        });
    }
}
