package dev.countersign.desktop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The served app wraps its backend ({@code SecureMemory(SelfTargetGuard(…))}): a method the
 * wrappers forget to pass on would silently answer with a default instead of the real backend —
 * as app listing and the focus proof for keyboard typing once did.
 */
class BackendWrappersTest {
    private final List<String> called = new ArrayList<>();
    private final long ownPid = ProcessHandle.current().pid();
    private final AppInfo self = new AppInfo("countersign", null, new LaunchIdentity(ownPid, 1));
    private final AppInfo other = new AppInfo("yad", null, new LaunchIdentity(ownPid + 1_000_000, 1));
    private final ElementHandle field = new ElementHandle() { };

    private DesktopBackend recording() {
        return (DesktopBackend) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {DesktopBackend.class},
                (proxy, method, args) -> {
                    called.add(method.getName());
                    switch (method.getName()) {
                        case "listApps":
                            return List.of(new AppListing(self, "Java", List.of()), new AppListing(other, "GTK", List.of()));
                        case "focusForTyping":
                            return new FocusProof(true, true, "focused");
                        case "hitTest":
                            return PointHit.on("push button 'Trash'");
                        case "openMenus":
                            return List.of(new WindowInfo(field, "", new dev.countersign.core.Rect(1, 1, 50, 50), false));
                        case "perform":
                            return new Dispatch("recorded", String.valueOf(args[1]));
                        case "screenWindows":
                            return Optional.empty();
                        case "resolveForObservation":
                            long pid = ((AppSelector.ByPid) args[0]).pid();
                            return new AppListing(pid == ownPid + 1 ? self : other, "", List.of());
                        default:
                            return null;
                    }
                });
    }

    @Test
    void theServedWrappersPassAppListingOnAndNeverOfferCountersignItself() {
        DesktopBackend served = new SecureMemory(new SelfTargetGuard(recording(), null, () -> false));
        List<AppListing> apps = served.listApps();
        assertThat(called).contains("listApps");
        assertThat(apps).extracting(a -> a.app().name()).containsExactly("yad");
    }

    /**
     * An observation's resolve reaches the real backend as the one call it is, so the backend can ask
     * for the application and its windows at once — and the guard still refuses Countersign, whether
     * asked for by pid or found behind another one.
     */
    @Test
    void theServedWrappersPassAnObservationsResolveOnAndNeverToCountersignItself() {
        DesktopBackend served = new SecureMemory(new SelfTargetGuard(recording(), null, () -> false));

        assertThat(served.resolveForObservation(AppSelector.pid(other.pid())).app()).isEqualTo(other);
        assertThat(called).containsExactly("resolveForObservation");

        called.clear();
        assertThatThrownBy(() -> served.resolveForObservation(AppSelector.pid(ownPid)))
                .isInstanceOfSatisfying(CountersignException.class,
                        e -> assertThat(e.error().code()).isEqualTo(ErrorCode.TARGET_IS_COUNTERSIGN));
        assertThat(called).isEmpty();
        // A launcher's pid the backend resolves to Countersign's own process.
        assertThatThrownBy(() -> served.resolveForObservation(AppSelector.pid(ownPid + 1)))
                .isInstanceOfSatisfying(CountersignException.class,
                        e -> assertThat(e.error().code()).isEqualTo(ErrorCode.TARGET_IS_COUNTERSIGN));
    }

    /**
     * The gated resolve (the session probe and the resolve in one wait) reaches the real backend as
     * the one call it is. Countersign's own pid is refused without a read, but only after the
     * session's answer: a locked session says so first, as for every other observation.
     */
    @Test
    void theServedWrappersPassAnObservationsGatedResolveOnAndTheSessionAnswersFirstForCountersignItself() {
        SessionState[] state = {SessionState.AVAILABLE};
        DesktopBackend backend = withSession(state, (proxy, method, args) -> {
            long pid = ((AppSelector.ByPid) args[0]).pid();
            return new AppListing(pid == ownPid + 1 ? self : other, "", List.of());
        });
        DesktopBackend served = new SecureMemory(new SelfTargetGuard(backend, null, () -> false));
        SessionGate gate = s -> s == SessionState.AVAILABLE ? Optional.empty()
                : Optional.of(dev.countersign.core.CountersignError.of(ErrorCode.SESSION_LOCKED, "the gate: " + s));

        assertThat(served.resolveForObservation(AppSelector.pid(other.pid()), gate).app()).isEqualTo(other);
        assertThat(called).containsExactly("resolveForObservation/2");

        called.clear();
        assertThatThrownBy(() -> served.resolveForObservation(AppSelector.pid(ownPid), gate))
                .isInstanceOfSatisfying(CountersignException.class,
                        e -> assertThat(e.error().code()).isEqualTo(ErrorCode.TARGET_IS_COUNTERSIGN));
        assertThat(called).containsExactly("sessionState/0");
        assertThatThrownBy(() -> served.resolveForObservation(AppSelector.pid(ownPid + 1), gate))
                .isInstanceOfSatisfying(CountersignException.class,
                        e -> assertThat(e.error().code()).isEqualTo(ErrorCode.TARGET_IS_COUNTERSIGN));

        state[0] = SessionState.LOCKED;
        called.clear();
        assertThatThrownBy(() -> served.resolveForObservation(AppSelector.pid(ownPid), gate))
                .isInstanceOfSatisfying(CountersignException.class,
                        e -> assertThat(e.error().message()).isEqualTo("the gate: LOCKED"));
        assertThat(called).containsExactly("sessionState/0");
        // A gate that lets a locked session through does not turn the lock into "it is Countersign":
        // the session's refusal is the answer for every pid, ours included.
        assertThatThrownBy(() -> served.resolveForObservation(AppSelector.pid(ownPid), s -> Optional.empty()))
                .isInstanceOfSatisfying(CountersignException.class,
                        e -> assertThat(e.error().code()).isEqualTo(ErrorCode.SESSION_LOCKED));
    }

    /**
     * Through the default, the session is asked first and its refusal wins: nothing is resolved
     * for a locked session, and a gate that lets a locked session through still gets no read.
     */
    @Test
    void theDefaultGatedResolveAsksTheSessionFirstAndReadsNothingForALockedOne() {
        SessionState[] state = {SessionState.LOCKED};
        DesktopBackend plain = withSession(state, (proxy, method, args) -> args.length == 2
                ? java.lang.reflect.InvocationHandler.invokeDefault(proxy, method, args)
                : new AppListing(other, "", List.of()));
        SessionGate refuses = s -> s == SessionState.AVAILABLE ? Optional.empty()
                : Optional.of(dev.countersign.core.CountersignError.of(ErrorCode.PERMISSION_MISSING, "the gate"));
        SessionGate careless = s -> Optional.empty();

        assertThatThrownBy(() -> plain.resolveForObservation(AppSelector.pid(other.pid()), refuses))
                .isInstanceOfSatisfying(CountersignException.class,
                        e -> assertThat(e.error().code()).isEqualTo(ErrorCode.PERMISSION_MISSING));
        assertThatThrownBy(() -> plain.resolveForObservation(AppSelector.pid(other.pid()), careless))
                .isInstanceOfSatisfying(CountersignException.class,
                        e -> assertThat(e.error().code()).isEqualTo(ErrorCode.SESSION_LOCKED));
        assertThat(called).containsExactly("resolveForObservation/2", "sessionState/0",
                "resolveForObservation/2", "sessionState/0");

        state[0] = SessionState.AVAILABLE;
        called.clear();
        assertThat(plain.resolveForObservation(AppSelector.pid(other.pid()), refuses).app()).isEqualTo(other);
        assertThat(called).containsExactly("resolveForObservation/2", "sessionState/0", "resolveForObservation/1");
    }

    /**
     * A backend whose session is {@code state[0]} and whose resolves for an observation are
     * {@code resolve}'s, recording every call by name and number of arguments.
     */
    private DesktopBackend withSession(SessionState[] state, java.lang.reflect.InvocationHandler resolve) {
        return (DesktopBackend) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {DesktopBackend.class},
                (proxy, method, args) -> {
                    called.add(method.getName() + "/" + (args == null ? 0 : args.length));
                    switch (method.getName()) {
                        case "sessionState":
                            return state[0];
                        case "resolveForObservation":
                            return resolve.invoke(proxy, method, args);
                        default:
                            return null;
                    }
                });
    }

    /** A backend that keeps the default still never has Countersign's own windows listed for an observation. */
    @Test
    void anObservationThroughTheDefaultNeverListsCountersignsOwnWindows() {
        DesktopBackend plain = (DesktopBackend) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {DesktopBackend.class}, (proxy, method, args) -> {
                    called.add(method.getName());
                    switch (method.getName()) {
                        case "resolveForObservation":
                            return java.lang.reflect.InvocationHandler.invokeDefault(proxy, method, args);
                        case "resolveApp":
                            return ((AppSelector.ByPid) args[0]).pid() == ownPid + 1 ? self : other;
                        case "listWindows":
                            return List.of();
                        default:
                            return null;
                    }
                });
        DesktopBackend served = new SecureMemory(new SelfTargetGuard(plain, null, () -> false));

        // A launcher's pid that resolves to Countersign itself.
        assertThatThrownBy(() -> served.resolveForObservation(AppSelector.pid(ownPid + 1)))
                .isInstanceOfSatisfying(CountersignException.class,
                        e -> assertThat(e.error().code()).isEqualTo(ErrorCode.TARGET_IS_COUNTERSIGN));
        assertThat(called).containsExactly("resolveForObservation", "resolveApp");

        called.clear();
        assertThat(served.resolveForObservation(AppSelector.pid(other.pid())).app()).isEqualTo(other);
        assertThat(called).containsExactly("resolveForObservation", "resolveApp", "listWindows");
    }

    /**
     * Selecting moves what the person sees (a spreadsheet scrolls to the cell, a list takes focus):
     * like a focus move, it never reaches the backend while the person is being asked, and the
     * reads that prove a selection (the hit test, the selected text) pass through to the backend.
     */
    @Test
    void selectingIsInputThatNeverRunsWhileThePersonIsAskedAndItsReadsPassOn() {
        boolean[] asked = {true};
        DesktopBackend served = new SecureMemory(new SelfTargetGuard(recording(), null, () -> asked[0]));
        for (ElementAction select : List.of(new ElementAction.Select(false), new ElementAction.Select(true),
                new ElementAction.SelectText(new TextRange.From(0)))) {
            assertThatThrownBy(() -> served.perform(field, select))
                    .isInstanceOfSatisfying(dev.countersign.core.DispatchRefusedException.class,
                            e -> assertThat(e.error().code()).isEqualTo(ErrorCode.TARGET_IS_COUNTERSIGN));
        }
        assertThat(called).isEmpty();
        asked[0] = false;
        served.perform(field, new ElementAction.Select(false));
        served.hitTest(field, 3, 4);
        served.textSelection(field);
        assertThat(called).containsExactly("perform", "hitTest", "textSelection");
    }

    @Test
    void aOnceSecureFieldIsNeverSelectedInNorItsSelectionRead() {
        DesktopBackend backend = (DesktopBackend) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {DesktopBackend.class}, (proxy, method, args) -> {
                    called.add(method.getName());
                    return method.getName().equals("recheck") ? new Recheck.Present(new ElementNode(field,
                            "password text", null, "Password", "", null, null, null, java.util.Set.of(), List.of(),
                            true, 0, -1)) : null;
                });
        SecureMemory memory = new SecureMemory(backend);
        memory.recheck(field);
        called.clear();
        assertThatThrownBy(() -> memory.perform(field, new ElementAction.SelectText(new TextRange.From(0))))
                .isInstanceOfSatisfying(CountersignException.class,
                        e -> assertThat(e.error().code()).isEqualTo(ErrorCode.SECURE_FIELD_REFUSED));
        assertThatThrownBy(() -> memory.textSelection(field))
                .isInstanceOfSatisfying(CountersignException.class,
                        e -> assertThat(e.error().code()).isEqualTo(ErrorCode.SECURE_FIELD_REFUSED));
        assertThat(called).isEmpty();
    }

    @Test
    void theServedWrappersPassTheFocusProofOn() {
        DesktopBackend served = new SecureMemory(new SelfTargetGuard(recording(), null, () -> false));
        assertThat(served.focusForTyping(field).elementFocused()).isTrue();
        assertThat(called).containsExactly("focusForTyping");
    }

    @Test
    void focusIsNotMovedWhileThePersonIsBeingAsked() {
        DesktopBackend served = new SecureMemory(new SelfTargetGuard(recording(), null, () -> true));
        assertThatThrownBy(() -> served.focusForTyping(field)).isInstanceOfSatisfying(CountersignException.class,
                e -> assertThat(e.error().code()).isNotEqualTo(ErrorCode.UNSUPPORTED_PLATFORM));
        assertThat(called).doesNotContain("focusForTyping");
    }

    /** The served wrappers answer a hit test and the open menus from the real backend, never a default. */
    @Test
    void theServedWrappersPassTheHitTestAndTheOpenMenusOn() {
        DesktopBackend served = new SecureMemory(new SelfTargetGuard(recording(), null, () -> false));
        assertThat(served.hitTest(field, 10, 20).onElement()).isTrue();
        assertThat(served.openMenus(field)).hasSize(1);
        assertThat(called).containsExactly("hitTest", "openMenus");
    }

    /**
     * An opened menu grabs the pointer and the keyboard until it closes, so while the person is
     * being asked no element's menu action goes out: the approval dialog's buttons would not take
     * the person's click. A press still does (it is not input the dialog could lose).
     */
    @Test
    void aMenuActionIsRefusedWhileThePersonIsAskedAndPassesOnOtherwise() {
        boolean[] asked = {true};
        DesktopBackend served = new SecureMemory(new SelfTargetGuard(recording(), null, () -> asked[0]));

        assertThatThrownBy(() -> served.perform(field, new ElementAction.ShowMenu()))
                .isInstanceOfSatisfying(CountersignException.class,
                        e -> assertThat(e.error().code()).isEqualTo(ErrorCode.TARGET_IS_COUNTERSIGN));
        assertThat(called).isEmpty();
        served.perform(field, new ElementAction.Press());
        assertThat(called).containsExactly("perform");

        asked[0] = false;
        served.perform(field, new ElementAction.ShowMenu());
        assertThat(called).containsExactly("perform", "perform");
    }

    @Test
    void theMenuActionNamesOfEveryToolkitAreKnownAndOnlyThose() {
        assertThat(ElementAction.ShowMenu.indexIn(List.of("SetFocus", "ShowMenu"))).isEqualTo(1);
        assertThat(ElementAction.ShowMenu.offeredBy(List.of("AXPress", "AXShowMenu"))).isTrue();
        assertThat(ElementAction.ShowMenu.offeredBy(List.of("click", "showContextMenu"))).isTrue();
        assertThat(ElementAction.ShowMenu.offeredBy(List.of("popup"))).isTrue();
        assertThat(ElementAction.ShowMenu.offeredBy(List.of("click", "activate", "press", "toggle"))).isFalse();
        assertThat(ElementAction.ShowMenu.offeredBy(List.of("menu item"))).as("not a word boundary trick").isFalse();
    }
}
