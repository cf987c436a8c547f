package dev.countersign.driver;

import static dev.countersign.driver.DriverHarness.err;
import static dev.countersign.driver.DriverHarness.ok;
import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.approval.ApprovalWatch;
import dev.countersign.approval.Decision;
import dev.countersign.core.CountersignError;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.LeaseBoundaries;
import dev.countersign.core.Rect;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.Dispatch;
import dev.countersign.desktop.PointHit;
import dev.countersign.desktop.ScreenWindows.ScreenWindow;
import dev.countersign.desktop.SelfTargetGuard;
import dev.countersign.desktop.SessionState;
import dev.countersign.desktop.SnapshotLimits;
import dev.countersign.driver.ForwardedAct.Gesture;
import dev.countersign.driver.ForwardedAct.Keys;
import dev.countersign.driver.ForwardedAct.Pointer;
import dev.countersign.driver.ForwardedAct.Typing;
import dev.countersign.graph.SequentialIds;
import dev.countersign.graph.TestClock;
import dev.countersign.policy.RiskPolicy;
import dev.countersign.testkit.MemoryDesktop;
import dev.countersign.testkit.ScriptedApprover;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * A governed server's input ({@link ComputerDriver#forward}) is resolved from Countersign's own
 * desktop before the graph: the window the window system has at the point (or with keyboard focus),
 * its app and the element there. Each check refuses with its own code and field, and nothing after
 * it runs: the person is not asked, the lease is not charged and the server is never called. An act
 * that passes reaches the server once, inside the backend's input guard, and its receipt is
 * {@code unknown}: what the server answers is not evidence.
 *
 * <p>The desktop is the in-memory login form on a window system whose stack each test arranges,
 * behind the real {@link SelfTargetGuard} as the served app has it. The policy asks the person only
 * for a click on "Delete".
 */
class ForwardFlowTest {
    private static final String AGENT = "claude";
    /** Inside the "User name" field (10, 10, 200, 24), away from its edges. */
    private static final Rect ON_USER = new Rect(50, 20, 2, 2);
    /** Inside the "Delete" button (10, 100, 80, 28). */
    private static final Rect ON_DELETE = new Rect(40, 110, 2, 2);
    /** Inside the secure "Password" field (10, 40, 200, 24). */
    private static final Rect ON_PASSWORD = new Rect(50, 50, 2, 2);
    private static final long OWN_PID = ProcessHandle.current().pid();

    private final TestClock clock = new TestClock(Instant.parse("2026-11-29T12:00:00Z"));
    private final MemoryDesktop desktop = MemoryDesktop.loginForm().withWindowSystem();
    private final ScriptedApprover person = new ScriptedApprover();
    private final DriverSettings settings = DriverSettings.defaults("sess-test");
    private final LeaseBook leases = new LeaseBook(clock, settings.sessionId(), settings.principalId(),
            LeaseBook.Terms.defaults());
    /** How many times the governed server was called. */
    private final AtomicInteger serverCalls = new AtomicInteger();
    private ComputerDriver driver = driver(guarded(desktop));

    private ComputerDriver driver(DesktopBackend backend) {
        return new ComputerDriver(backend, DriverHarness.DELETE_ASKS, person, leases, clock, new SequentialIds(),
                new Random(7), settings);
    }

    /** The desktop behind the self-target guard, with its window system and nobody being asked. */
    private static DesktopBackend guarded(MemoryDesktop desktop) {
        return new SelfTargetGuard(desktop, desktop.screenWindows().orElse(null), () -> false);
    }

    @AfterEach
    void theDesktopItselfReceivedNoInput() {
        // A forwarded act's input goes through the governed server only, never the backend's own.
        assertThat(desktop.dispatched).isEmpty();
    }

    /** What the governed server was handed to send, call by call. */
    private final List<ForwardedAct.Input> sent = new java.util.concurrent.CopyOnWriteArrayList<>();

    private ForwardedAct act(String operation, ForwardedAct.Input input) {
        return new ForwardedAct("computer", "desk", operation, input, judged -> {
            serverCalls.incrementAndGet();
            sent.add(judged);
            return new Dispatch("desk." + operation, "ok");
        });
    }

    private ForwardedAct click(Rect at) {
        return act("left_click", new Pointer(Gesture.CLICK, at, null, null));
    }

    private ToolResult<Forwarded> forward(ForwardedAct act) {
        return driver.forward(AGENT, act, ApprovalWatch.NONE);
    }

    /** The login form is the window on top, with keyboard focus. */
    private ScreenWindow formOnTop() {
        ScreenWindow form = MemoryDesktop.screenWindow(11);
        desktop.stack.add(form);
        desktop.focusedWindow = form;
        return form;
    }

    private int leaseUsed() {
        return leases.current(AGENT).actionsUsed();
    }

    /** The refusal of {@code act}, after which nothing ran: no person asked, no lease charged, no server call. */
    private CountersignError refused(ForwardedAct act) {
        CountersignError error = err(forward(act));
        assertThat(person.asked).as("the person was not asked").isEmpty();
        assertThat(leaseUsed()).as("the lease was not charged").isZero();
        assertThat(serverCalls).as("the server was not called").hasValue(0);
        return error;
    }

    private static void assertRefusal(CountersignError error, ErrorCode code, String field) {
        assertThat(error.code()).as(error.message()).isEqualTo(code);
        assertThat(error.field()).as(error.message()).isEqualTo(field);
    }

    @Nested
    class EachCheckRefusesWithItsCodeAndField {
        @Test
        void invalidArgumentsAreRefusedBeforeAnythingIsRead() {
            formOnTop();

            CountersignError error = refused(act("type", new Typing("")));

            assertRefusal(error, ErrorCode.INVALID_ARGUMENT, "text");
            assertThat(driver.observationBytes(AGENT)).as("nothing was observed").isZero();
        }

        @Test
        void theKillSwitchRefusesEveryForward() {
            formOnTop();
            driver.pauseAll();

            CountersignError error = refused(click(ON_USER));

            assertRefusal(error, ErrorCode.AGENT_PAUSED, null);
            assertThat(driver.observationBytes(AGENT)).isZero();
        }

        @Test
        void aLockedSessionIsRefusedBeforeTheWindowStackIsAsked() {
            // No window is at the point either: the session's refusal comes first.
            desktop.session = SessionState.LOCKED;

            CountersignError error = refused(click(ON_USER));

            assertRefusal(error, ErrorCode.SESSION_LOCKED, null);
            assertThat(driver.observationBytes(AGENT)).isZero();
        }

        @Test
        void withoutAWindowSystemWhereInputLandsCannotBeToldAndItIsRefused() {
            driver = driver(new SelfTargetGuard(desktop, null, () -> false));

            CountersignError error = refused(click(ON_USER));

            assertRefusal(error, ErrorCode.UNSUPPORTED_PLATFORM, null);
        }

        @Test
        void aPointWithNoWindowIsRefusedOnTheCoordinate() {
            formOnTop();

            CountersignError error = refused(click(new Rect(600, 600, 2, 2)));

            assertRefusal(error, ErrorCode.TARGET_CHANGED, "coordinate");
            assertThat(driver.observationBytes(AGENT)).isZero();
        }

        @Test
        void aPointWhoseCornersLandOnTwoWindowsIsRefusedOnTheCoordinate() {
            formOnTop();
            desktop.stack.add(new ScreenWindow(30, 77, "Notes", new Rect(400, 0, 300, 300)));

            // (398, 50) is on the form; the server may round it to (401, 50), on Notes.
            CountersignError error = refused(click(new Rect(398, 50, 4, 4)));

            assertRefusal(error, ErrorCode.TARGET_CHANGED, "coordinate");
            assertThat(error.message()).contains("(401, 50)").contains("not on the same window");
        }

        @Test
        void aDragThatEndsOnAnotherWindowIsRefusedOnItsEnd() {
            formOnTop();
            desktop.stack.add(new ScreenWindow(30, 77, "Notes", new Rect(400, 0, 300, 300)));

            CountersignError error = refused(act("left_click_drag",
                    new Pointer(Gesture.DRAG, ON_USER, new Rect(500, 50, 2, 2), null)));

            assertRefusal(error, ErrorCode.TARGET_CHANGED, "to");
            assertThat(error.message()).contains("(500, 50) is not on the same window");
        }

        @Test
        void countersignsOwnWindowAtThePointIsRefused() {
            formOnTop();
            desktop.stack.add(0, new ScreenWindow(12, OWN_PID, "Countersign", MemoryDesktop.FRAME));

            CountersignError error = refused(click(ON_USER));

            assertRefusal(error, ErrorCode.TARGET_IS_COUNTERSIGN, null);
            assertThat(error.message()).contains("Countersign's own window 'Countersign'");
            assertThat(driver.observationBytes(AGENT)).isZero();
        }

        @Test
        void keysWhileCountersignsOwnWindowHasFocusAreRefused() {
            formOnTop();
            desktop.focusedWindow = new ScreenWindow(12, OWN_PID, "Countersign", MemoryDesktop.FRAME);

            CountersignError error = refused(act("key", new Keys("Return")));

            assertRefusal(error, ErrorCode.TARGET_IS_COUNTERSIGN, null);
            assertThat(error.message()).contains("Countersign's own window 'Countersign'");
        }

        @Test
        void aWindowThatNamesNoOwningProcessIsRefused() {
            formOnTop();
            desktop.stack.add(0, new ScreenWindow(13, 0, "Untitled", MemoryDesktop.FRAME));

            CountersignError error = refused(click(ON_USER));

            assertRefusal(error, ErrorCode.TARGET_CHANGED, null);
            assertThat(error.message()).contains("does not say which process owns it");
        }

        @Test
        void aWindowTheAccessibilityTreeDoesNotShowIsRefused() {
            formOnTop();
            desktop.windowOpen = false;

            CountersignError error = refused(click(ON_USER));

            assertRefusal(error, ErrorCode.TARGET_CHANGED, null);
            assertThat(error.message()).contains("shows no window where the window system has 'Login Form'");
        }

        @Test
        void aWindowTooLargeToReadWholeIsRefused() {
            formOnTop();
            for (int i = 0; i < SnapshotLimits.MAX_NODES; i++) {
                desktop.add("label" + i, new MemoryDesktop.Element("label", "Line " + i, null,
                        new Rect(250, 150, 100, 10), Set.of("showing", "visible"), List.of(), false));
            }

            CountersignError error = refused(click(ON_USER));

            assertRefusal(error, ErrorCode.TARGET_CHANGED, null);
            assertThat(error.message()).contains("too large to read whole");
        }

        @Test
        void keyboardInputWithNoFocusedWindowIsRefusedOnTheText() {
            formOnTop();
            desktop.focusedWindow = null;

            CountersignError error = refused(act("type", new Typing("alice")));

            assertRefusal(error, ErrorCode.TARGET_CHANGED, "text");
            assertThat(error.message()).contains("no window has keyboard focus");
        }

        @Test
        void aPointOnTheEdgeBetweenTwoElementsIsRefusedOnTheCoordinate() {
            formOnTop();

            // The field ends at y = 33: (50, 32) is on it, (50, 35) on the window around it.
            CountersignError error = refused(click(new Rect(50, 32, 4, 4)));

            assertRefusal(error, ErrorCode.TARGET_CHANGED, "coordinate");
            assertThat(error.message()).contains("edge between two elements");
        }

        @Test
        void keyboardInputWithNoFocusedElementIsRefusedOnTheText() {
            formOnTop();

            CountersignError error = refused(act("type", new Typing("alice")));

            assertRefusal(error, ErrorCode.TARGET_CHANGED, "text");
            assertThat(error.message()).contains("no element of 'Login Form' has keyboard focus");
        }

        @Test
        void aPointOnASecureFieldIsRefused() {
            formOnTop();

            CountersignError error = refused(click(ON_PASSWORD));

            assertRefusal(error, ErrorCode.SECURE_FIELD_REFUSED, "coordinate");
        }

        @Test
        void aDragThatEndsOnASecureFieldIsRefused() {
            formOnTop();

            CountersignError error = refused(act("left_click_drag",
                    new Pointer(Gesture.DRAG, ON_USER, ON_PASSWORD, null)));

            assertRefusal(error, ErrorCode.SECURE_FIELD_REFUSED, "coordinate");
        }

        @Test
        void typingIntoAFocusedSecureFieldIsRefused() {
            formOnTop();
            MemoryDesktop.Element password = desktop.elements.get("password");
            password.states = MemoryDesktop.toggled(password.states, "focused");

            CountersignError error = refused(act("type", new Typing("hunter2")));

            assertRefusal(error, ErrorCode.SECURE_FIELD_REFUSED, "text");
        }

        /**
         * A hostile agent tabs to "Delete" (navigation, never asked) and types a space: on a button
         * typed text is a key press. The forwarded type is refused before anything reaches the
         * server; the same agent's key action would be judged as space on "Delete" and asked.
         */
        @Test
        void typingWhereFocusIsOnAButtonIsRefusedBecauseTheTextWouldActAsKeys() {
            formOnTop();
            MemoryDesktop.Element delete = desktop.elements.get("delete");
            delete.states = MemoryDesktop.toggled(delete.states, "focused");

            CountersignError error = refused(act("type", new Typing(" ")));

            assertRefusal(error, ErrorCode.INVALID_ARGUMENT, "text");
            assertThat(error.message()).contains("takes no text");
            assertThat(person.asked).isEmpty();
        }

        @Test
        void aPointAnotherWindowOfTheAppCoversIsRefused() {
            // The form as a window manager frames it (its title bar above), and a window of the same
            // app titled otherwise laid exactly over it: the window at the point is not the form's.
            desktop.stack.add(new ScreenWindow(11, MemoryDesktop.PID, MemoryDesktop.TITLE, new Rect(0, -30, 400, 330)));
            desktop.stack.add(0, new ScreenWindow(12, MemoryDesktop.PID, "Palette", MemoryDesktop.FRAME));

            CountersignError error = refused(click(ON_USER));

            assertRefusal(error, ErrorCode.TARGET_CHANGED, "point");
            assertThat(error.message()).contains("covered by the window 'Palette'");
        }
    }

    @Nested
    class WhatPassesTheChecks {
        @Test
        void anAllowedActReachesTheServerOnceAndItsReceiptIsUnknown() {
            formOnTop();

            Forwarded forwarded = ok(forward(click(ON_USER)));

            assertThat(serverCalls).hasValue(1);
            assertThat(forwarded.receipt().status()).isEqualTo("unknown");
            assertThat(forwarded.receipt().strategy()).isEqualTo("desk.left_click");
            assertThat(forwarded.target())
                    .isEqualTo("text \u2018User name\u2019 in yad \u2014 window \u2018Login Form\u2019");
            assertThat(person.asked).as("the policy does not ask for a click on a text field").isEmpty();
            assertThat(leaseUsed()).isEqualTo(1);
        }

        @Test
        void typingIntoTheFocusedFieldReachesTheServerOnce() {
            formOnTop();
            MemoryDesktop.Element user = desktop.elements.get("user");
            user.states = MemoryDesktop.toggled(user.states, "focused");

            Forwarded forwarded = ok(forward(act("type", new Typing("alice"))));

            assertThat(serverCalls).hasValue(1);
            assertThat(forwarded.receipt().status()).isEqualTo("unknown");
            assertThat(leaseUsed()).isEqualTo(1);
        }

        @Test
        void aDeniedActNeverCallsTheServer() {
            formOnTop();

            Forwarded forwarded = ok(forward(click(ON_DELETE)));

            assertThat(person.asked).hasSize(1);
            assertThat(forwarded.receipt().status()).isEqualTo("rejected");
            assertThat(forwarded.receipt().code()).isEqualTo(ErrorCode.APPROVAL_DENIED.name());
            assertThat(serverCalls).hasValue(0);
            assertThat(leaseUsed()).isZero();
        }

        @Test
        void anApprovedActReachesTheServerOnce() {
            formOnTop();
            person.answer = r -> CompletableFuture.completedFuture(Decision.ALLOW_ONCE);

            Forwarded forwarded = ok(forward(click(ON_DELETE)));

            assertThat(person.asked).hasSize(1);
            assertThat(forwarded.receipt().status()).isEqualTo("unknown");
            assertThat(serverCalls).hasValue(1);
            assertThat(leaseUsed()).isEqualTo(1);
        }

        @Test
        void aBackendWithoutAnInputGuardNeverCallsTheServer() {
            // The in-memory desktop keeps the interface's asInput: no guard to run the server's input under.
            formOnTop();
            driver = driver(desktop);

            Forwarded forwarded = ok(forward(click(ON_USER)));

            assertThat(forwarded.receipt().status()).isEqualTo("rejected");
            assertThat(forwarded.receipt().code()).isEqualTo(ErrorCode.UNSUPPORTED_PLATFORM.name());
            assertThat(serverCalls).hasValue(0);
            assertThat(leaseUsed()).isZero();
        }
    }

    /**
     * A click is judged by every element that holds its point, not by the deepest one alone: the
     * tree says nothing of stacking inside a window, so an element laid over another in another
     * branch may be the one that takes it.
     */
    @Nested
    class WhatAClickIsJudgedBy {
        /** An element laid over the "User name" field, in a branch of its own, larger than the field. */
        private void laidOverTheUserField(String role, String name, List<String> actions) {
            laidOver(new Rect(5, 5, 250, 40), role, name, actions);
        }

        private void laidOver(Rect frame, String role, String name, List<String> actions) {
            desktop.add("overlay", new MemoryDesktop.Element(role, name, null, frame,
                    Set.of("enabled", "showing", "visible"), actions, false));
        }

        @Test
        void aDeleteLaidOverAHarmlessFieldMakesTheClickAskAsDeleteNamingIt() {
            formOnTop();
            laidOverTheUserField("push button", "Delete", List.of("click"));

            Forwarded forwarded = ok(forward(click(ON_USER)));

            assertThat(person.asked).singleElement().satisfies(r -> {
                assertThat(r.category()).isEqualTo("delete");
                assertThat(r.summary()).startsWith("click at (51, 21) on push button \u2018Delete\u2019")
                        .contains("elements overlap there (text \u2018User name\u2019, push button "
                                + "\u2018Delete\u2019)");
            });
            assertThat(forwarded.receipt().code()).isEqualTo(ErrorCode.APPROVAL_DENIED.name());
            assertThat(serverCalls).hasValue(0);
        }

        @Test
        void harmlessElementsThatOverlapAskWhenTheApplicationsOwnHitTestFindsAnotherThere() {
            formOnTop();
            // The label is on top where the field is: the app hands it the click, not the field.
            laidOverTheUserField("label", "Tip", List.of());

            Forwarded forwarded = ok(forward(click(ON_USER)));

            assertThat(person.asked).singleElement().satisfies(r -> {
                assertThat(r.category()).isEqualTo("unknown_target");
                assertThat(r.matchedWords()).containsExactly("label 'Tip'");
                assertThat(r.summary()).contains("the application's own hit test finds label 'Tip' there");
            });
            assertThat(forwarded.receipt().status()).isEqualTo("rejected");
            assertThat(serverCalls).hasValue(0);
        }

        @Test
        void anElementLaidOverTheTargetAfterThePersonAllowedStopsTheAct() {
            formOnTop();
            person.answer = r -> {
                laidOver(new Rect(5, 95, 100, 40), "label", "Tip", List.of());
                return CompletableFuture.completedFuture(Decision.ALLOW_ONCE);
            };

            Forwarded forwarded = ok(forward(click(ON_DELETE)));

            assertThat(forwarded.receipt().status()).isEqualTo("rejected");
            assertThat(forwarded.receipt().code()).isEqualTo(ErrorCode.TARGET_CHANGED.name());
            assertThat(serverCalls).hasValue(0);
        }

        @Test
        void theApplicationsHitTestIsAskedAgainRightBeforeTheServer() {
            formOnTop();
            AtomicInteger asks = new AtomicInteger();
            // The app agrees when the act is judged; by the dispatch something else is on top there.
            desktop.hits = (id, p) -> asks.incrementAndGet() == 1 ? PointHit.on("text 'User name'")
                    : PointHit.elsewhere("push button 'Delete'");

            Forwarded forwarded = ok(forward(click(ON_USER)));

            assertThat(person.asked).isEmpty();
            assertThat(forwarded.receipt().code()).isEqualTo(ErrorCode.TARGET_CHANGED.name());
            assertThat(forwarded.receipt().detail()).contains("finds push button 'Delete' at the point now");
            assertThat(serverCalls).hasValue(0);
        }

        @Test
        void aDoubleClickIsJudgedAsOneOpeningWhatItLandsOnAndSaysSo() {
            formOnTop();
            driver = new ComputerDriver(guarded(desktop), new PolicyApprovals(RiskPolicy.defaults()), person, leases,
                    clock, new SequentialIds(), new Random(7), settings);
            desktop.add("file", new MemoryDesktop.Element("table cell", "report.sh", null, new Rect(250, 150, 100, 20),
                    Set.of("enabled", "showing", "visible", "selectable"), List.of("activate"), false));

            ok(forward(act("double_click", new Pointer(Gesture.DOUBLE_CLICK, new Rect(300, 160, 2, 2), null, null))));
            ok(forward(act("double_click", new Pointer(Gesture.DOUBLE_CLICK, ON_USER, null, null))));

            assertThat(person.asked).as("a click on the file asks nobody; a double click opens or runs it")
                    .singleElement().satisfies(r -> {
                        assertThat(r.category()).isEqualTo("run");
                        assertThat(r.summary())
                                .startsWith("double-click at (301, 161) on table cell \u2018report.sh\u2019");
                    });
            assertThat(serverCalls).as("the double click in the text field selects a word, unasked").hasValue(1);
        }
    }

    /** What is forwarded is what was judged and shown: the chord as this desktop presses it, the scroll's steps. */
    @Nested
    class ForwardedAsJudged {
        @Test
        void cmdIsJudgedAndForwardedAsTheControlItIsPressedAs() {
            formOnTop();
            MemoryDesktop.Element user = desktop.elements.get("user");
            user.states = MemoryDesktop.toggled(user.states, "focused");

            ok(forward(act("key", new Keys("Command+a"))));

            assertThat(sent).containsExactly(new Keys("ctrl+a"));
        }

        @Test
        void theScrollsStepsAreInThePersonsWords() {
            formOnTop();

            ok(forward(act("scroll", new Pointer(Gesture.SCROLL, ON_USER, null, "down:300"))));

            assertThat(person.asked).singleElement().satisfies(r -> assertThat(r.summary())
                    .startsWith("scroll down 300 steps at (51, 21) on text \u2018User name\u2019"));
        }

        @Test
        void aScrollPastTheBoundIsRefusedOnItsText() {
            formOnTop();

            CountersignError error = refused(act("scroll", new Pointer(Gesture.SCROLL, ON_USER, null, "down:99999")));

            assertRefusal(error, ErrorCode.INVALID_ARGUMENT, "text");
            assertThat(error.message()).contains("at most 300 steps");
        }
    }

    @Nested
    class TheLeaseIsChargedOnlyWhenTheServerIsCalled {
        @Test
        void anElementThatChangesWhileThePersonDecidesStopsTheActUncharged() {
            formOnTop();
            person.answer = r -> {
                desktop.elements.get("delete").name = "Delete everything";
                return CompletableFuture.completedFuture(Decision.ALLOW_ONCE);
            };

            Forwarded forwarded = ok(forward(click(ON_DELETE)));

            assertThat(forwarded.receipt().status()).isEqualTo("rejected");
            assertThat(forwarded.receipt().code()).isEqualTo(ErrorCode.TARGET_CHANGED.name());
            assertThat(serverCalls).hasValue(0);
            assertThat(leaseUsed()).isZero();
        }

        @Test
        void aSpentLeaseStopsTheActBeforeTheServer() {
            formOnTop();
            leases.grant(AGENT, new LeaseBook.Terms(1, Duration.ofMinutes(5), LeaseBoundaries.unscoped()));

            assertThat(ok(forward(click(ON_USER))).receipt().status()).isEqualTo("unknown");
            assertThat(serverCalls).hasValue(1);
            assertThat(leaseUsed()).isEqualTo(1);

            Forwarded second = ok(forward(click(ON_USER)));

            assertThat(second.receipt().status()).isEqualTo("rejected");
            assertThat(second.receipt().code()).isEqualTo(ErrorCode.BUDGET_EXHAUSTED.name());
            assertThat(serverCalls).as("the second act never reached the server").hasValue(1);
            assertThat(leaseUsed()).isEqualTo(1);
        }
    }
}
