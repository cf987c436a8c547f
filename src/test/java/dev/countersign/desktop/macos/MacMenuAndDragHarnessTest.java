package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.approval.Decision;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.ElementAction;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.MouseButton;
import dev.countersign.desktop.PointHit;
import dev.countersign.desktop.PointerInput;
import dev.countersign.desktop.TreeSnapshot;
import dev.countersign.desktop.WindowInfo;
import dev.countersign.driver.DragArgs;
import dev.countersign.driver.MenuArgs;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.DriverSettings;
import dev.countersign.driver.LeaseBook;
import dev.countersign.driver.NodeView;
import dev.countersign.driver.ObservationView;
import dev.countersign.driver.ObserveArgs;
import dev.countersign.driver.PolicyApprovals;
import dev.countersign.driver.Receipt;
import dev.countersign.driver.ToolResult;
import dev.countersign.core.RandomIds;
import dev.countersign.policy.RiskPolicy;
import dev.countersign.testkit.ScriptedApprover;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code menu} and {@code drag} on the macOS backend over the framework harness: {@code AXShowMenu}
 * under the pop-up's short timeout and the {@code AXMenu} it shows among the application's
 * children, the system-wide hit test ({@code AXUIElementCopyElementAtPosition}) that pointer input
 * aimed at an element must pass, the right-click and drag events posted, and the driver running both
 * operations end to end with the person's policy. Every CF object is released once (the fixture's
 * ledger check).
 */
@Tag("macos-sim")
class MacMenuAndDragHarnessTest extends HarnessBackendFixture {
    MacMenuAndDragHarnessTest() {
        super("context-menu.json", "Files", "com.example.files");
    }

    private static ElementNode named(TreeSnapshot snapshot, String name) {
        return snapshot.nodes().stream().filter(n -> name.equals(n.name())).findFirst()
                .orElseThrow(() -> new AssertionError("no node " + name + " in " + snapshot.nodes()));
    }

    @Nested
    class Backend {
        @Test
        void showMenuPerformsAxShowMenuUnderTheShortTimeoutAndTheMenuThenShows() {
            ElementNode notes = named(snapshot(), "Notes");
            assertThat(backend.openMenus(notes.handle())).isEmpty();

            backend.perform(notes.handle(), new ElementAction.ShowMenu());

            int id = desktop.node("0/3");
            assertThat(sim.calls()).contains("timeout " + id + " 0.500", "perform " + id + " AXShowMenu",
                    "menu shown " + desktop.node("menu"));
            List<WindowInfo> menus = backend.openMenus(notes.handle());
            assertThat(menus).singleElement().satisfies(m -> assertThat(m.frame())
                    .isEqualTo(new dev.countersign.core.Rect(250, 240, 160, 60)));
        }

        @Test
        void aMenuThatHoldsTheReplyCountsAsDispatched() {
            ElementNode notes = named(snapshot(), "Notes");
            sim.sim_fault("AXUIElementPerformAction:AXShowMenu", MacSim.F_TIMEOUT, 5_000, 1);

            long start = System.nanoTime();
            assertThat(backend.perform(notes.handle(), new ElementAction.ShowMenu()).detail())
                    .contains("kAXErrorCannotComplete, dispatched");
            assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(2_000);
        }

        @Test
        void anElementWithoutAxShowMenuIsRefusedAndNothingIsPerformed() {
            ElementNode save = named(snapshot(), "Documents");
            assertThatThrownBy(() -> backend.perform(save.handle(), new ElementAction.ShowMenu()))
                    .isInstanceOfSatisfying(CountersignException.class,
                            e -> assertThat(e.error().code()).isEqualTo(ErrorCode.INVALID_ARGUMENT));
            assertThat(sim.calls()).doesNotContain("AXShowMenu");
        }

        @Test
        void theHitTestLandsOnTheElementAtItsCentreAndNamesWhatIsElsewhere() {
            TreeSnapshot tree = snapshot();
            ElementNode trash = named(tree, "Trash");
            ElementNode documents = named(tree, "Documents");

            PointHit on = backend.hitTest(trash.handle(), trash.frame().centerX(), trash.frame().centerY());
            PointHit off = backend.hitTest(trash.handle(), documents.frame().centerX(), documents.frame().centerY());

            assertThat(on.onElement()).as(on.found()).isTrue();
            assertThat(off.onElement()).isFalse();
            assertThat(off.found()).isEqualTo("AXButton 'Documents'");
            assertThat(sim.calls()).contains("hit -2 340,135");
        }

        @Test
        void anOpenMenuOverTheElementTakesItsPoint() {
            ElementNode notes = named(snapshot(), "Notes");
            backend.perform(notes.handle(), new ElementAction.ShowMenu());

            PointHit hit = backend.hitTest(notes.handle(), notes.frame().centerX(), notes.frame().centerY());

            assertThat(hit.onElement()).isFalse();
            assertThat(hit.found()).isEqualTo("AXMenuItem 'Copy'");
        }

        @Test
        void aRightClickAndADragArePostedAsTheirQuartzEvents() {
            backend.pointer(new PointerInput.Click(260, 250, MouseButton.RIGHT, 1));
            backend.pointer(new PointerInput.Drag(150, 135, 340, 135));

            assertThat(sim.events()).contains("tap0 mouse type=3 at=260,250 button=1 field1=1",
                    "tap0 mouse type=4 at=260,250 button=1 field1=1", "tap0 mouse type=1 at=150,135 button=0 field1=1",
                    "tap0 mouse type=6 at=340,135 button=0 field1=1", "tap0 mouse type=2 at=340,135 button=0 field1=1");
        }
    }

    @Nested
    class Driver {
        private final ScriptedApprover approver = new ScriptedApprover();

        private ComputerDriver driver() {
            DriverSettings settings = DriverSettings.defaults("sess-mac");
            Clock clock = Clock.systemUTC();
            return new ComputerDriver(backend, new PolicyApprovals(RiskPolicy.defaults()), approver,
                    new LeaseBook(clock, settings.sessionId(), settings.principalId(), LeaseBook.Terms.defaults()),
                    clock, new RandomIds(), new SecureRandom(), settings);
        }

        private ObservationView observe(ComputerDriver driver) {
            return ok(driver.observe("agent-a", new ObserveArgs(null, null, null, null, null)));
        }

        private static String ref(ObservationView view, String name) {
            return view.nodes().stream().filter(n -> name.equals(n.name())).map(NodeView::ref).findFirst()
                    .orElseThrow(() -> new AssertionError("no " + name));
        }

        @SuppressWarnings("unchecked")
        private static <T> T ok(ToolResult<T> result) {
            assertThat(result).as("%s", result).isInstanceOf(ToolResult.Ok.class);
            return ((ToolResult.Ok<T>) result).value();
        }

        @Test
        void aMenuByAxShowMenuIsConfirmedByTheMenuThatShows() {
            ComputerDriver driver = driver();
            Receipt receipt = ok(driver.act("agent-a", new MenuArgs(ref(observe(driver), "Notes"), null)));

            assertThat(receipt.status()).as("%s", receipt).isEqualTo("confirmed");
            assertThat(receipt.strategy()).isEqualTo("ax.AXUIElementPerformAction");
            assertThat(sim.events()).isEmpty();
        }

        @Test
        void aDragIsPostedOnlyAfterBothEndsPassTheHitTest() {
            ComputerDriver driver = driver();
            ObservationView view = observe(driver);

            Receipt receipt = ok(driver.act("agent-a", new DragArgs(ref(view, "a.txt"), ref(view, "Documents"),
                    null)));

            assertThat(receipt.status()).isEqualTo("unknown");
            assertThat(sim.calls()).contains("hit -2 150,135", "hit -2 240,135");
            assertThat(sim.events()).contains("tap0 mouse type=1 at=150,135 button=0 field1=1",
                    "tap0 mouse type=2 at=240,135 button=0 field1=1");
        }

        @Test
        void aDragOntoTrashAsksAsDeleteAndADenialPostsNothing() {
            ComputerDriver driver = driver();
            ObservationView view = observe(driver);
            approver.answer = r -> java.util.concurrent.CompletableFuture.completedFuture(Decision.DENY);

            Receipt receipt = ok(driver.act("agent-a", new DragArgs(ref(view, "a.txt"), ref(view, "Trash"), null)));

            assertThat(receipt.code()).isEqualTo("APPROVAL_DENIED");
            assertThat(approver.asked).singleElement().satisfies(r -> {
                assertThat(r.category()).isEqualTo("delete");
                assertThat(r.summary()).isEqualTo("Drag \u2018a.txt\u2019 onto \u2018Trash\u2019 in Files \u2014 window "
                        + "\u2018Files\u2019");
            });
            assertThat(sim.events()).isEmpty();
        }

        @Test
        void aRightClickForAMenuIsPostedOnlyWhereTheSystemHitTestFindsTheElement() {
            ComputerDriver driver = driver();
            Receipt receipt = ok(driver.act("agent-a", new MenuArgs(ref(observe(driver), "Drop zone"), null)));

            assertThat(receipt.status()).as("%s", receipt).isIn("confirmed", "unknown");
            assertThat(sim.calls()).contains("hit -2 470,250");
            assertThat(sim.events()).contains("tap0 mouse type=3 at=470,250 button=1 field1=1");
        }

        @Test
        void whenTheSystemHitTestCannotAnswerNoRightClickIsPostedAndNobodyIsAsked() {
            ComputerDriver driver = driver();
            ObservationView view = observe(driver);
            // AXUIElementCopyElementAtPosition answers kAXErrorCannotComplete (a busy app at the point).
            sim.sim_fault("AXUIElementCopyElementAtPosition", MacSim.F_ERROR, -25204, 10);

            var result = driver.act("agent-a", new MenuArgs(ref(view, "Drop zone"), null));

            assertThat(result).isInstanceOf(ToolResult.Err.class);
            var error = ((ToolResult.Err<Receipt>) result).error();
            assertThat(error.code()).isEqualTo(ErrorCode.TARGET_CHANGED);
            assertThat(error.message()).contains("no element answers at (470, 250)");
            assertThat(approver.asked).isEmpty();
            assertThat(sim.events()).isEmpty();
        }

        @Test
        void aDropPointAnOpenMenuCoversIsRefusedAndNothingIsPosted() {
            ComputerDriver driver = driver();
            ObservationView view = observe(driver);
            ElementNode notes = named(snapshot(), "Notes");
            backend.perform(notes.handle(), new ElementAction.ShowMenu());

            var result = driver.act("agent-a", new DragArgs(ref(view, "a.txt"), ref(view, "Notes"), null));

            assertThat(result).isInstanceOf(ToolResult.Err.class);
            var error = ((ToolResult.Err<Receipt>) result).error();
            assertThat(error.code()).isEqualTo(ErrorCode.TARGET_CHANGED);
            assertThat(error.fieldName()).contains("to");
            assertThat(error.message()).contains("AXMenuItem 'Copy'");
            assertThat(sim.events()).isEmpty();
        }
    }
}
