package dev.countersign.driver;

import static dev.countersign.driver.DriverHarness.err;
import static dev.countersign.driver.DriverHarness.ok;
import static dev.countersign.driver.DriverHarness.ref;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.countersign.approval.ApprovalRequest;
import dev.countersign.approval.Decision;
import dev.countersign.core.ActionRequest;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ElementEvidence;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import dev.countersign.core.Rect;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.MouseButton;
import dev.countersign.desktop.PointerInput;
import dev.countersign.desktop.ScreenWindows;
import dev.countersign.desktop.WindowInfo;
import dev.countersign.graph.ActionDigests;
import dev.countersign.graph.SequentialIds;
import dev.countersign.graph.TestClock;
import dev.countersign.policy.RiskPolicy;
import dev.countersign.testkit.MemoryDesktop;
import dev.countersign.testkit.ScriptedApprover;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * {@code computer_act menu} and {@code drag} over the in-memory desktop, with the person's default
 * policy: which input goes out (an element's own menu action, or pointer input only where it is
 * proven to land on its element), what the person is asked, and what a hostile agent's second ref,
 * a covering window or an element laid over the point get (refused, nothing sent).
 */
class MenuAndDragTest {
    private static final Set<String> SHOWN = Set.of("enabled", "showing", "visible");
    private static final Rect MENU_FRAME = new Rect(120, 130, 100, 60);

    private final MemoryDesktop desktop = files();
    private final ScriptedApprover approver = new ScriptedApprover();
    private final TestClock clock = new TestClock(Instant.parse("2026-11-29T12:00:00Z"));
    private final DriverSettings settings = DriverSettings.defaults("sess-test");
    private final ComputerDriver driver = new ComputerDriver(desktop, new PolicyApprovals(RiskPolicy.defaults()),
            approver, new LeaseBook(clock, settings.sessionId(), settings.principalId(), LeaseBook.Terms.defaults()),
            clock, new SequentialIds(), new Random(7), settings);

    /**
     * A file manager's window on a window system: a file "a.txt", a folder "Documents", "Trash", a
     * notes area whose right click opens a menu, an "Options" button whose own action does, an
     * unlabelled area that opens one too, and a password field.
     */
    private static MemoryDesktop files() {
        MemoryDesktop d = new MemoryDesktop().withWindowSystem();
        d.stack.add(MemoryDesktop.screenWindow(1));
        d.add("file", element("push button", "a.txt", new Rect(10, 10, 80, 30), List.of("click")));
        d.add("folder", element("push button", "Documents", new Rect(100, 10, 80, 30), List.of("click")));
        d.add("trash", element("push button", "Trash", new Rect(200, 10, 80, 30), List.of("click")));
        d.add("notes", element("label", "Notes", new Rect(10, 100, 200, 50), List.of()));
        d.add("options", element("push button", "Options", new Rect(10, 200, 80, 30), List.of("ShowMenu", "SetFocus")));
        d.add("blank", element("panel", "", new Rect(250, 100, 100, 50), List.of()));
        d.add("password", new MemoryDesktop.Element("password text", "Password", null, new Rect(10, 250, 200, 24),
                SHOWN, List.of(), true));
        for (String id : List.of("notes", "options", "blank")) {
            d.elements.get(id).onMenu = e -> d.menus.add(new WindowInfo(new MemoryDesktop.Handle("menu-" + id), "",
                    MENU_FRAME, false));
        }
        return d;
    }

    private static MemoryDesktop.Element element(String role, String name, Rect frame, List<String> actions) {
        return new MemoryDesktop.Element(role, name, null, frame, SHOWN, actions, false);
    }

    private ObservationView observe(String agent) {
        return ok(driver.observe(agent, new ObserveArgs(null, null, null, null, null)));
    }

    private static String refOf(ObservationView view, String name) {
        return ref(view, name);
    }

    private static String blank(ObservationView view) {
        return view.nodes().stream().filter(n -> "panel".equals(n.role())).findFirst().orElseThrow().ref();
    }

    /** Lays another element over the element's centre: last in tree order, so on top. */
    private void coverCentreOf(String id, String coverName) {
        Rect f = desktop.elements.get(id).frame;
        desktop.add("cover", element("push button", coverName, new Rect(f.centerX() - 5, f.centerY() - 5, 10, 10),
                List.of("click")));
    }

    /** The person allows, but only after {@code meanwhile} changed the desktop. */
    private void allowAfter(Runnable meanwhile) {
        approver.answer = request -> {
            meanwhile.run();
            return CompletableFuture.completedFuture(Decision.ALLOW_ONCE);
        };
    }

    @Nested
    class Menu {
        @Test
        void anElementsOwnMenuActionIsPerformedWithoutPointerInputAndTheMenuIsTheEvidence() {
            Receipt receipt = ok(driver.act("agent-a", new MenuArgs(refOf(observe("agent-a"), "Options"), null)));

            assertThat(desktop.dispatched).containsExactly("menu:options");
            assertThat(desktop.pointed).isEmpty();
            assertThat(receipt.status()).isEqualTo("confirmed");
            assertThat(receipt.verification().detail()).matches(".*a menu opened in window w_\\S+; observe that window "
                    + "to read its items\\)");
            assertThat(approver.asked).as("an ordinary label asks nobody, as a click on it would not").isEmpty();
        }

        @Test
        void withoutAMenuActionItIsOneRightClickAtTheElementsCentre() {
            Receipt receipt = ok(driver.act("agent-a", new MenuArgs(refOf(observe("agent-a"), "Notes"), null)));

            assertThat(desktop.pointed).containsExactly(new PointerInput.Click(110, 125, MouseButton.RIGHT, 1));
            assertThat(receipt.status()).isEqualTo("confirmed");
            assertThat(receipt.strategy()).isEqualTo("memory.pointer");
        }

        @Test
        void noMenuShowingAfterwardsLeavesItUnknown() {
            desktop.elements.get("notes").onMenu = e -> {
            };
            Receipt receipt = ok(driver.act("agent-a", new MenuArgs(refOf(observe("agent-a"), "Notes"), null)));

            assertThat(desktop.pointed).hasSize(1);
            assertThat(receipt.status()).isEqualTo("unknown");
        }

        @Test
        void aMenuThatAlreadyShowedIsNoEvidence() {
            desktop.menus.add(new WindowInfo(new MemoryDesktop.Handle("menu-notes"), "", MENU_FRAME, false));
            desktop.elements.get("notes").onMenu = e -> {
            };
            Receipt receipt = ok(driver.act("agent-a", new MenuArgs(refOf(observe("agent-a"), "Notes"), null)));

            assertThat(receipt.status()).isEqualTo("unknown");
        }

        @Test
        void aMenuOnAnElementAClickWouldAskAboutAsksTheSame() {
            approver.answer = r -> CompletableFuture.completedFuture(Decision.DENY);
            Receipt receipt = ok(driver.act("agent-a", new MenuArgs(blank(observe("agent-a")), null)));

            assertThat(receipt.code()).isEqualTo("APPROVAL_DENIED");
            assertThat(approver.asked).singleElement().satisfies(r -> {
                assertThat(r.category()).isEqualTo("unknown_target");
                assertThat(r.summary()).startsWith("Open the context menu of the unnamed panel")
                        .contains("(marked on the screenshot) in yad");
            });
            assertThat(desktop.pointed).isEmpty();
        }

        @Test
        void aRightClickWhoseCentreLandsOnAnotherElementIsRefusedAndNothingIsSent() {
            ObservationView view = observe("agent-a");
            coverCentreOf("notes", "Delete all");

            CountersignError e = err(driver.act("agent-a", new MenuArgs(refOf(view, "Notes"), null)));

            assertThat(e.code()).isEqualTo(ErrorCode.TARGET_CHANGED);
            assertThat(e.fieldName()).contains("ref");
            assertThat(e.message()).contains("lands on push button 'Delete all'");
            assertThat(desktop.dispatched).isEmpty();
        }

        @Test
        void anElementLaidOverThePointWhileThePersonDecidesIsRefusedRightBeforeDispatch() {
            allowAfter(() -> coverCentreOf("blank", "Delete all"));

            Receipt receipt = ok(driver.act("agent-a", new MenuArgs(blank(observe("agent-a")), null)));

            assertThat(approver.asked).hasSize(1);
            assertThat(receipt.status()).isEqualTo("rejected");
            assertThat(receipt.code()).isEqualTo("TARGET_CHANGED");
            assertThat(receipt.detail()).contains("'Delete all'");
            assertThat(desktop.dispatched).isEmpty();
        }

        @Test
        void aRightClickOnAPointAnotherWindowCoversIsRefusedNamingThatWindow() {
            ObservationView view = observe("agent-a");
            desktop.stack.add(0, new ScreenWindows.ScreenWindow(9, 777, "Mail: unlock", new Rect(0, 90, 300, 100)));

            CountersignError e = err(driver.act("agent-a", new MenuArgs(refOf(view, "Notes"), null)));

            assertThat(e.code()).isEqualTo(ErrorCode.TARGET_CHANGED);
            assertThat(e.message()).contains("covered by the window 'Mail: unlock'");
            assertThat(desktop.dispatched).isEmpty();
        }

        @Test
        void anElementWithNeitherAMenuActionNorAFrameIsRefused() {
            desktop.elements.get("notes").frame = null;
            CountersignError e = err(driver.act("agent-a", new MenuArgs(refOf(observe("agent-a"), "Notes"), null)));

            assertThat(e.code()).isEqualTo(ErrorCode.TARGET_CHANGED);
            assertThat(e.message()).contains("no frame on screen");
            assertThat(desktop.dispatched).isEmpty();
        }

        @Test
        void aSecureFieldsMenuIsRefusedBeforeAnyone() {
            CountersignError e = err(driver.act("agent-a", new MenuArgs(refOf(observe("agent-a"), "Password"),
                    null)));

            assertThat(e.code()).isEqualTo(ErrorCode.SECURE_FIELD_REFUSED);
            assertThat(desktop.dispatched).isEmpty();
        }
    }

    @Nested
    class Drag {
        private ActArgs drag(ObservationView view, String from, String onto) {
            return new DragArgs(refOf(view, from), refOf(view, onto), null);
        }

        @Test
        void itPressesAtOneCentreAndReleasesAtTheOtherAndStaysUnknown() {
            Receipt receipt = ok(driver.act("agent-a", drag(observe("agent-a"), "a.txt", "Documents")));

            assertThat(desktop.pointed).containsExactly(new PointerInput.Drag(50, 25, 140, 25));
            assertThat(receipt.status()).isEqualTo("unknown");
            assertThat(approver.asked).as("a move into a folder asks nobody").isEmpty();
        }

        @Test
        void aDropOntoTrashAsksAsDeleteNamingBothEndsAndADenialSendsNothing() {
            Receipt receipt = ok(driver.act("agent-a", drag(observe("agent-a"), "a.txt", "Trash")));

            assertThat(receipt.code()).isEqualTo("APPROVAL_DENIED");
            ApprovalRequest asked = approver.asked.get(0);
            assertThat(asked.summary()).isEqualTo("Drag \u2018a.txt\u2019 onto \u2018Trash\u2019 in yad \u2014 window "
                    + "\u2018Login Form\u2019");
            assertThat(asked.category()).isEqualTo("delete");
            assertThat(asked.matchedWords()).containsExactly("trash");
            assertThat(desktop.pointed).isEmpty();
        }

        @Test
        void anAllowedDropOntoTrashIsSent() {
            approver.answer = r -> CompletableFuture.completedFuture(Decision.ALLOW_ONCE);
            Receipt receipt = ok(driver.act("agent-a", drag(observe("agent-a"), "a.txt", "Trash")));

            assertThat(receipt.approval().decision()).isEqualTo("allowed_once");
            assertThat(desktop.pointed).containsExactly(new PointerInput.Drag(50, 25, 240, 25));
        }

        @Test
        void aToRefOfAnotherObservationIsRefusedAndTheActsObservationStaysUsable() {
            ObservationView first = observe("agent-a");
            ObservationView second = observe("agent-a");

            CountersignError e = err(driver.act("agent-a",
                    new DragArgs(refOf(second, "a.txt"), refOf(first, "Trash"), null)));

            assertThat(e.code()).isEqualTo(ErrorCode.REF_UNKNOWN);
            assertThat(e.fieldName()).contains("to");
            assertThat(desktop.dispatched).isEmpty();
            ok(driver.act("agent-a", drag(second, "a.txt", "Documents")));
        }

        @Test
        void anotherAgentsRefAsToIsUnknownExactlyLikeARefNeverIssued() {
            ObservationView mine = observe("agent-a");
            ObservationView theirs = observe("agent-b");

            CountersignError foreign = err(driver.act("agent-a",
                    new DragArgs(refOf(mine, "a.txt"), refOf(theirs, "Trash"), null)));
            CountersignError made = err(driver.act("agent-a",
                    new DragArgs(refOf(mine, "a.txt"), "rAAAAAAAAAAA", null)));

            assertThat(foreign.code()).isEqualTo(ErrorCode.REF_UNKNOWN);
            assertThat(foreign.message()).isEqualTo(made.message());
            assertThat(desktop.dispatched).isEmpty();
        }

        @Test
        void aSecureDropTargetIsRefusedBeforeThePersonIsAsked() {
            CountersignError e = err(driver.act("agent-a", drag(observe("agent-a"), "a.txt", "Password")));

            assertThat(e.code()).isEqualTo(ErrorCode.SECURE_FIELD_REFUSED);
            assertThat(e.fieldName()).contains("to");
            assertThat(approver.asked).isEmpty();
            assertThat(desktop.dispatched).isEmpty();
        }

        @Test
        void aDropTargetThatChangedSinceTheObservationIsRefusedNamingTo() {
            ObservationView view = observe("agent-a");
            desktop.elements.get("folder").name = "Trash (2)";

            CountersignError e = err(driver.act("agent-a", drag(view, "a.txt", "Documents")));

            assertThat(e.code()).isEqualTo(ErrorCode.TARGET_CHANGED);
            assertThat(e.fieldName()).contains("to");
            assertThat(desktop.dispatched).isEmpty();
        }

        @Test
        void aDropPointAnotherWindowCoversIsRefusedNamingToAndNothingIsSent() {
            ObservationView view = observe("agent-a");
            desktop.stack.add(0, new ScreenWindows.ScreenWindow(9, 777, "Shredder", new Rect(130, 0, 20, 40)));

            CountersignError e = err(driver.act("agent-a", drag(view, "a.txt", "Documents")));

            assertThat(e.code()).isEqualTo(ErrorCode.TARGET_CHANGED);
            assertThat(e.fieldName()).contains("to");
            assertThat(e.message()).contains("'Shredder'");
            assertThat(desktop.dispatched).isEmpty();
        }

        @Test
        void aWindowRaisedOverTheDropPointAfterTheAllowIsRefusedRightBeforeDispatch() {
            allowAfter(() -> desktop.stack.add(0,
                    new ScreenWindows.ScreenWindow(9, 777, "Shredder", new Rect(230, 0, 20, 40))));

            Receipt receipt = ok(driver.act("agent-a", drag(observe("agent-a"), "a.txt", "Trash")));

            assertThat(approver.asked).hasSize(1);
            assertThat(receipt.status()).isEqualTo("rejected");
            assertThat(receipt.detail()).contains("'Shredder'");
            assertThat(desktop.dispatched).isEmpty();
        }

        @Test
        void theDigestBindsTheDropTargetAsTheAgentSawIt() {
            ObservationView view = observe("agent-a");
            ElementNode file = node("file");
            ActArgs args = new DragArgs(refOf(view, "a.txt"), refOf(view, "Documents"), null);
            ActionRequest toFolder = ActFlow.request(settings, "agent-a", args, "yad", "w1", "fp", file, null,
                    node("folder"), 15_000);
            ActionRequest toTrash = ActFlow.request(settings, "agent-a", args, "yad", "w1", "fp", file, null,
                    node("trash"), 15_000);

            assertThat(toFolder.arguments().get("to")).isInstanceOfSatisfying(ElementEvidence.class, to -> {
                assertThat(to.name()).isEqualTo("Documents");
                assertThat(to.refDigest()).hasSize(64).isNotEqualTo(refOf(view, "Documents"));
            });
            assertThat(ActionDigests.argsDigest(toFolder)).isNotEqualTo(ActionDigests.argsDigest(toTrash));
        }

        private ElementNode node(String id) {
            return ((dev.countersign.desktop.Recheck.Present) desktop.recheck(new MemoryDesktop.Handle(id))).current();
        }
    }

    @Nested
    class Arguments {
        private CountersignError bind(String json) {
            ObjectNode node;
            try {
                node = (ObjectNode) Json.mapper().readTree(json);
                Json.bind(node, ActArgs.class).validate().ifPresent(error -> {
                    throw new CountersignException(error);
                });
            } catch (CountersignException e) {
                return e.error();
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new AssertionError(e);
            }
            throw new AssertionError("bound: " + json);
        }

        @Test
        void aDragWithoutToIsInvalidNamingTo() {
            CountersignError e = bind("{\"ref\": \"r1\", \"op\": \"drag\"}");
            assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
            assertThat(e.fieldName()).contains("to");
        }

        @Test
        void aDragOntoItselfIsInvalid() {
            assertThat(bind("{\"ref\": \"r1\", \"op\": \"drag\", \"to\": \"r1\"}").fieldName()).contains("to");
        }

        @Test
        void toOnAnyOtherOperationIsAnUnknownArgument() {
            for (String op : List.of("click", "menu", "scroll")) {
                CountersignError e = bind("{\"ref\": \"r1\", \"op\": \"" + op + "\", \"to\": \"r2\"}");
                assertThat(e.code()).as(op).isEqualTo(ErrorCode.INVALID_ARGUMENT);
                assertThat(e.fieldName()).as(op).contains("to");
            }
        }
    }

    /**
     * A policy that knows nothing of second elements (the interface's default) still never judges a
     * drag by what is dragged alone: each end is judged, and the act asks when either would.
     */
    @Nested
    class APolicyWithoutSecondElements {
        private final ApprovalPolicy trashAsks = new ApprovalPolicy() {
            @Override
            public dev.countersign.core.ApprovalRequirement requirementFor(ActArgs op, ElementNode target) {
                return "Trash".equals(target.name())
                        ? dev.countersign.core.ApprovalRequirement.required("delete", List.of("trash"), "p")
                        : dev.countersign.core.ApprovalRequirement.notRequired("p");
            }

            @Override
            public dev.countersign.core.ApprovalRequirement requirementForVisual(VisualArgs.Act op) {
                return dev.countersign.core.ApprovalRequirement.required("unknown_target", List.of(), "p");
            }

            @Override
            public String currentDigest() {
                return "p";
            }
        };

        private ElementNode node(String id) {
            return ((dev.countersign.desktop.Recheck.Present) desktop.recheck(new MemoryDesktop.Handle(id))).current();
        }

        @Test
        void asksWhenEitherEndWouldAndNotOtherwise() {
            ActArgs drag = new DragArgs("r1", "r2", null);
            assertThat(trashAsks.requirementFor(drag, node("file"), node("trash")).category()).isEqualTo("delete");
            assertThat(trashAsks.requirementFor(drag, node("trash"), node("folder")).category()).isEqualTo("delete");
            assertThat(trashAsks.requirementFor(drag, node("file"), node("folder")).required()).isFalse();
            assertThat(trashAsks.requirementFor(drag, node("trash"), null).category()).isEqualTo("delete");
        }
    }
}
