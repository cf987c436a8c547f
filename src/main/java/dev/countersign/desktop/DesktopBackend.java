package dev.countersign.desktop;

import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.ErrorCode;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The platform SPI (docs/linux-backend.md): everything Countersign needs from a desktop to observe one
 * window, act on it and prove what it saw, implemented once per platform.
 *
 * <p>Every operation except {@link #sessionState()}, {@link #permissions()} and
 * {@link #ownIdentity()} fails closed: when the session is not {@link SessionState#AVAILABLE} or
 * a permission is missing it throws {@link dev.countersign.core.CountersignException} with
 * {@code SESSION_LOCKED} or {@code PERMISSION_MISSING}. Bad arguments (an unknown app, a handle
 * from another backend) are {@code INVALID_ARGUMENT}; a secure element's value is never read and
 * setting it is {@code SECURE_FIELD_REFUSED}. Implementations are safe for concurrent use.
 */
public interface DesktopBackend extends AutoCloseable {

    /** Whether the interactive session is available, locked, or cannot be told; never throws. */
    SessionState sessionState();

    /** The accessibility and screen-capture preflights; never prompts the person and never throws. */
    Permissions permissions();

    /** The application the selector names, with its launch identity. */
    AppInfo resolveApp(AppSelector selector);

    /**
     * Every running accessible application and its showing windows, for a listing an agent can
     * choose from. A backend that cannot enumerate applications refuses with
     * {@code UNSUPPORTED_PLATFORM}. Not a default method: a wrapping backend (the self-target guard,
     * the secure-field memory) must decide what it passes on, never inherit a silent refusal.
     */
    List<AppListing> listApps();

    /** The application's top-level windows, in the platform's order. */
    List<WindowInfo> listWindows(AppInfo app);

    /**
     * For an observation: the application {@link #resolveApp} finds, with the windows
     * {@link #listWindows} lists for it (the toolkit left empty). A backend may ask for both in
     * fewer round trips. An application that is Countersign itself is answered with no windows, its
     * own never read (the self-target guard refuses it). The default asks one after the other,
     * through this backend's own two methods, so a wrapping backend that does not override it still
     * applies its checks to both.
     */
    default AppListing resolveForObservation(AppSelector selector) {
        AppInfo app = resolveApp(selector);
        if (app.pid() == ProcessHandle.current().pid()) {
            return new AppListing(app, "", List.of());
        }
        return new AppListing(app, "", listWindows(app));
    }

    /**
     * An observation's first step: the session probe ({@link #sessionState}) judged by the gate,
     * then {@link #resolveForObservation(AppSelector)}. The gate's refusal wins over whatever the
     * resolve found or threw, and nothing the resolve read is returned unless the probe found the
     * session {@link SessionState#AVAILABLE} and the gate let it pass. A backend may send the
     * resolve's reads while the probe's answer is still on its way (one wait instead of two); it
     * never uses one before that answer. The default asks one after the other, through this
     * backend's own methods, so a wrapping backend that does not override it keeps its checks.
     */
    default AppListing resolveForObservation(AppSelector selector, SessionGate gate) {
        gate.admit(sessionState());
        return resolveForObservation(selector);
    }

    /** A bounded, pre-order read of one window's tree, the window itself first. */
    TreeSnapshot snapshot(AppInfo app, WindowInfo window, SnapshotLimits limits);

    /** Re-reads one element by its handle: how it reads now, or gone. */
    Recheck recheck(ElementHandle element);

    /** The pixels of one window as they are on screen now. */
    WindowCapture capture(WindowInfo window);

    /** Performs an accessibility action on one element. */
    Dispatch perform(ElementHandle element, ElementAction action);

    /** Synthesizes pointer input at native screen coordinates. */
    Dispatch pointer(PointerInput input);

    /**
     * The accessibility API's own hit test inside the element's window: whether the deepest element
     * at the point (native screen pixels) is the element or inside it. Pointer input aimed at an
     * element is sent only when this says so (together with the window stack's cover check). Not a
     * default method: a wrapping backend must pass it on, and a backend that cannot hit-test says
     * so with {@code UNSUPPORTED_PLATFORM}, which refuses the input.
     */
    PointHit hitTest(ElementHandle element, int x, int y);

    /**
     * The element's text and its selected ranges as they read now, the evidence of a text
     * selection. A secure element is refused {@code SECURE_FIELD_REFUSED} (nothing of it is read),
     * an element without text {@code INVALID_ARGUMENT}; a backend that cannot read selections
     * refuses with {@code UNSUPPORTED_PLATFORM}. Not a default method, for the same reason as
     * {@link #hitTest}.
     */
    TextSelection textSelection(ElementHandle element);

    /**
     * The popup menus of the element's application that show now, each as the window that holds
     * it (observe that window to read the menu's items): what proves a context menu opened. A
     * backend that cannot tell refuses with {@code UNSUPPORTED_PLATFORM}.
     */
    List<WindowInfo> openMenus(ElementHandle element);

    /**
     * The chords the application binds to the enabled items of this window's menus (its menu bar),
     * read now: what a shortcut pressed in that window does, in the app's own words. Empty where
     * the window has no menu bar or binds nothing; a backend that cannot read bindings returns
     * empty too, and every shortcut then asks. Not a default method, so that each backend (and
     * each wrapper) says what it does.
     */
    List<MenuShortcut> menuShortcuts(WindowInfo window);

    /**
     * Moves keyboard focus to one element (within its window, and the window's input focus) and
     * proves where it is now; it never types. Callers type only after {@link FocusProof#proven()}.
     * A backend that cannot prove focus refuses with {@code UNSUPPORTED_PLATFORM}.
     */
    FocusProof focusForTyping(ElementHandle element);

    /**
     * As {@link #focusForTyping(ElementHandle)}, for an element whose window is already known not to
     * say which element has focus ({@code silentWindow}): the backend may stop waiting for the
     * element's own report once the window holds input focus, instead of waiting out its whole bound
     * for a report that never comes. The window's proof is never shortened. By default, the same.
     */
    default FocusProof focusForTyping(ElementHandle element, boolean silentWindow) {
        return focusForTyping(element);
    }

    /** Synthesizes key input to whatever has keyboard focus. */
    Dispatch keys(KeyInput input);

    /**
     * The modifier {@link #keys} presses for {@code cmd} in a chord: {@code cmd} (⌘) on macOS,
     * {@code ctrl} on Linux, where applications bind to Control what macOS binds to Command. A
     * chord is judged, shown to the person and sent as it is pressed, with {@code cmd} already
     * replaced, so the words name the keys that reach the application. Not a default method: a
     * wrapping backend passes on its delegate's answer.
     */
    String commandModifier();

    /**
     * Why this desktop cannot press {@code keys} (a chord in its canonical spelling, {@code cmd}
     * already replaced), asked before the person is: a key with no key code here, a character the
     * current layout cannot type. Empty when it can. The person is never asked to approve keys
     * that would then fail as unsupported. Not a default method: a wrapping backend passes on its
     * delegate's answer.
     */
    Optional<CountersignError> cannotPress(String keys);

    /**
     * The window system's stack (which window is on top at a point, which has focus), where this
     * backend can tell; empty where it cannot. The governed app's backend always has one on Linux
     * ({@link SelfTargetGuard}).
     */
    default Optional<ScreenWindows> screenWindows() {
        return Optional.empty();
    }

    /**
     * Prepares what the first call needs (connections, the code of a read) so that it answers as
     * fast as later ones, without reading any application's content. Called once, off the start
     * path; never throws. By default: the session probe, which opens the backend's connections.
     */
    default void warmUp() {
        try {
            sessionState();
        } catch (RuntimeException e) {
            // A backend that cannot reach its desktop says so on the first real call.
        }
    }

    /** Countersign's own process identity; never throws. */
    OwnIdentity ownIdentity();

    /**
     * Runs input that reaches the screen another way than through this backend (a governed
     * server's click or keys), its last checks included, under the same rules as this backend's own
     * input: the self-target guard runs it inside its input gate, refused while the person is being
     * asked. By default it is refused and nothing runs: a backend without those rules (the bare
     * platform backend) must not let input through unguarded; a wrapper passes it to its delegate.
     */
    default <T> T asInput(Supplier<T> checkAndDispatch) {
        throw new DispatchRefusedException(CountersignError.of(ErrorCode.UNSUPPORTED_PLATFORM,
                "this desktop backend has no input guard to run another runtime's input under; nothing was sent"));
    }

    /** Releases the backend's connections; further calls fail. */
    @Override
    void close();
}
