package dev.countersign.driver;

import static dev.countersign.driver.DriverHarness.err;
import static dev.countersign.driver.DriverHarness.ok;
import static dev.countersign.driver.DriverHarness.ref;
import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.core.ErrorCode;
import dev.countersign.core.RandomIds;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.LibreOfficeCalc;
import dev.countersign.desktop.SelfTargetGuard;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import dev.countersign.desktop.linux.X11WindowStack;
import dev.countersign.policy.RiskPolicy;
import dev.countersign.testkit.ScriptedApprover;
import java.io.IOException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code select}, and {@code click}/{@code focus} on elements without an accessible action, through
 * the driver against real GTK 3 widgets (src/test/resources/dev/countersign/desktop/linux/selection.py)
 * with the person's default policy: what the app itself prints is the proof of what happened.
 */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class SelectDesktopTest {
    private static final String SCRIPT = "/dev/countersign/desktop/linux/selection.py";

    private static ComputerDriver driver(DesktopBackend backend, ScriptedApprover approver) {
        DriverSettings settings = DriverSettings.defaults("sess-desktop");
        Clock clock = Clock.systemUTC();
        return new ComputerDriver(backend, new PolicyApprovals(RiskPolicy.defaults()), approver,
                new LeaseBook(clock, settings.sessionId(), settings.principalId(), LeaseBook.Terms.defaults()),
                clock, new RandomIds(), new SecureRandom(), settings);
    }

    private static ObservationView observe(ComputerDriver driver, TestDesktop.TargetApp app) {
        return ok(driver.observe("agent-a", new ObserveArgs(String.valueOf(app.pid()), null, 400, 12, null)));
    }

    private static boolean says(TestDesktop.TargetApp app, String line) throws InterruptedException {
        return TestDesktop.eventually(Duration.ofSeconds(3), () -> output(app).lines().anyMatch(line::equals));
    }

    private static String output(TestDesktop.TargetApp app) {
        try {
            return app.output();
        } catch (IOException e) {
            return "";
        }
    }

    @Test
    void textIsSelectedByOffsetsByTextAndAllOfItAndEachReadsBack(TestDesktop desktop) {
        ComputerDriver driver = driver(desktop.backend(), new ScriptedApprover());
        TestDesktop.TargetApp app = launch(desktop);

        Receipt offsets = ok(driver.act("agent-a", SelectArgs.span(ref(observe(driver, app), "Title"), 4, 9)));
        assertThat(offsets.status()).isEqualTo("confirmed");
        assertThat(offsets.verification().detail()).contains("[4, 9)");
        assertThat(offsets.approval()).satisfiesAnyOf(a -> assertThat(a).isNull(),
                a -> assertThat(a.required()).isFalse());

        Receipt word = ok(driver.act("agent-a", SelectArgs.text(ref(observe(driver, app), "Body"), "Friday")));
        assertThat(word.status()).isEqualTo("confirmed");
        assertThat(word.verification().detail()).contains("[31, 37)");

        Receipt all = ok(driver.act("agent-a", SelectArgs.all(ref(observe(driver, app), "Title"))));
        assertThat(all.status()).isEqualTo("confirmed");
        assertThat(all.verification().detail()).contains("[0, 19)");
    }

    @Test
    void aTextTheFieldDoesNotHoldIsRefusedAndTheObservationStaysUsable(TestDesktop desktop) {
        ComputerDriver driver = driver(desktop.backend(), new ScriptedApprover());
        ObservationView view = observe(driver, launch(desktop));
        var error = err(driver.act("agent-a", SelectArgs.text(ref(view, "Title"), "lazy dog")));
        assertThat(error.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(error.field()).isEqualTo("text");
        var past = err(driver.act("agent-a", SelectArgs.span(ref(view, "Title"), 10, 25)));
        assertThat(past.field()).isEqualTo("end");
        assertThat(ok(driver.act("agent-a", SelectArgs.span(ref(view, "Title"), 0, 3))).status())
                .isEqualTo("confirmed");
    }

    @Test
    void selectingInThePasswordFieldIsRefusedAndItsSelectionNeverMoves(TestDesktop desktop) throws Exception {
        ComputerDriver driver = driver(desktop.backend(), new ScriptedApprover());
        TestDesktop.TargetApp app = launch(desktop);
        ObservationView view = observe(driver, app);
        String password = view.nodes().stream().filter(NodeView::secure).findFirst().orElseThrow().ref();

        assertThat(err(driver.act("agent-a", SelectArgs.all(password))).code())
                .isEqualTo(ErrorCode.SECURE_FIELD_REFUSED);
        assertThat(err(driver.act("agent-a", SelectArgs.text(password, "hunter2"))).code())
                .isEqualTo(ErrorCode.SECURE_FIELD_REFUSED);
        Thread.sleep(300);
        assertThat(output(app)).doesNotContain("password-selection");
    }

    @Test
    void treeRowsAreSelectedAndExtendedAndTheAppSaysSo(TestDesktop desktop) throws Exception {
        ComputerDriver driver = driver(desktop.backend(), new ScriptedApprover());
        TestDesktop.TargetApp app = launch(desktop);

        Receipt banana = ok(driver.act("agent-a", SelectArgs.item(ref(observe(driver, app), "banana"), false)));
        assertThat(banana.status()).isEqualTo("confirmed");
        assertThat(banana.strategy()).isEqualTo("atspi.Table.AddRowSelection");
        assertThat(says(app, "rows:banana")).as(output(app)).isTrue();

        ok(driver.act("agent-a", SelectArgs.item(ref(observe(driver, app), "cherry"), true)));
        assertThat(says(app, "rows:banana,cherry")).as(output(app)).isTrue();
    }

    @Test
    void aClickOnAListRowWithoutAnActionSelectsAndFocusesIt(TestDesktop desktop) throws Exception {
        ComputerDriver driver = driver(desktop.backend(), new ScriptedApprover());
        TestDesktop.TargetApp app = launch(desktop);
        ObservationView view = observe(driver, app);
        assertThat(view.nodes().stream().filter(n -> "Drafts".equals(n.name()) && "list item".equals(n.role()))
                .findFirst().orElseThrow().actions()).isNullOrEmpty();

        Receipt receipt = ok(driver.act("agent-a", ActArgs.click(ref(view, "Drafts"))));
        assertThat(receipt.status()).isEqualTo("confirmed");
        assertThat(receipt.strategy()).isEqualTo("atspi.Selection.SelectChild+atspi.Component.GrabFocus");
        assertThat(says(app, "folders:Drafts")).as(output(app)).isTrue();
        NodeView after = observe(driver, app).nodes().stream().filter(n -> "Drafts".equals(n.name())
                && "list item".equals(n.role())).findFirst().orElseThrow();
        assertThat(after.states()).contains("selected", "focused");
    }

    @Test
    void aFocusOnATextViewWithoutAnActionTakesFocus(TestDesktop desktop) {
        ComputerDriver driver = driver(desktop.backend(), new ScriptedApprover());
        TestDesktop.TargetApp app = launch(desktop);
        Receipt receipt = ok(driver.act("agent-a", new FocusArgs(ref(observe(driver, app), "Body"), null)));
        assertThat(receipt.status()).isEqualTo("confirmed");
        assertThat(receipt.verification().detail()).contains("keyboard focus");
    }

    @Test
    void aPlainAreaIsClickedAtItsCentreOnceThePointIsProvenOnIt(TestDesktop desktop) throws Exception {
        try (X11WindowStack stack = X11WindowStack.open(System.getenv("DISPLAY")).orElseThrow()) {
            ComputerDriver driver = driver(new SelfTargetGuard(desktop.backend(), stack, () -> false),
                    new ScriptedApprover());
            TestDesktop.TargetApp app = launch(desktop);
            Receipt receipt = ok(driver.act("agent-a", ActArgs.click(ref(observe(driver, app), "Tap area"))));
            assertThat(receipt.status()).isIn("unknown", "confirmed");
            assertThat(receipt.strategy()).startsWith("xtest");
            assertThat(says(app, "tapped")).as(output(app)).isTrue();
        }
    }

    /**
     * A hostile agent asks for a click on a panel whose centre a button of the same window covers
     * (GTK's own hit test names the panel there): refused, and neither the panel nor the button
     * got the click.
     */
    @Test
    void aClickOnAnAreaWhoseCentreAnOverlayCoversIsRefusedAndNothingIsSent(TestDesktop desktop) throws Exception {
        try (X11WindowStack stack = X11WindowStack.open(System.getenv("DISPLAY")).orElseThrow()) {
            ComputerDriver driver = driver(new SelfTargetGuard(desktop.backend(), stack, () -> false),
                    new ScriptedApprover());
            TestDesktop.TargetApp app = launch(desktop);
            var error = err(driver.act("agent-a", ActArgs.click(ref(observe(driver, app), "Covered"))));
            assertThat(error.code()).isEqualTo(ErrorCode.TARGET_CHANGED);
            assertThat(error.message()).contains("Badge");
            Thread.sleep(300);
            assertThat(output(app)).doesNotContain("badge").doesNotContain("covered");
        }
    }

    /**
     * A hostile agent observes the area, then a window with a Delete button is raised over the
     * area's centre: the click is refused naming that window, before anyone is asked, and the
     * Delete button's side effect never happens.
     */
    @Test
    void aClickOnAnAreaWhoseCentreAnotherWindowCoversIsRefusedNamingThatWindow(TestDesktop desktop) throws Exception {
        try (X11WindowStack stack = X11WindowStack.open(System.getenv("DISPLAY")).orElseThrow()) {
            ScriptedApprover approver = new ScriptedApprover();
            ComputerDriver driver = driver(new SelfTargetGuard(desktop.backend(), stack, () -> false), approver);
            TestDesktop.TargetApp app = launch(desktop);
            ObservationView view = observe(driver, app);
            NodeView tap = view.nodes().stream().filter(n -> "Tap area".equals(n.name())).findFirst().orElseThrow();
            int cx = tap.frame()[0] + tap.frame()[2] / 2;
            int cy = tap.frame()[1] + tap.frame()[3] / 2;

            TestDesktop.TargetApp cover = desktop.launchDeleteForm();
            String id = TestDesktop.run(List.of("xdotool", "search", "--onlyvisible", "--pid", "" + cover.pid()))
                    .lines().findFirst().orElseThrow();
            TestDesktop.run(List.of("xdotool", "windowmove", "--sync", id, "" + (cx - 60), "" + (cy - 40)));
            TestDesktop.run(List.of("xdotool", "windowraise", id));

            var error = err(driver.act("agent-a", ActArgs.click(tap.ref())));
            assertThat(error.code()).isEqualTo(ErrorCode.TARGET_CHANGED);
            assertThat(error.message()).contains("covered by the window 'Cleanup'");
            assertThat(approver.asked).isEmpty();
            Thread.sleep(300);
            assertThat(output(app)).doesNotContain("tapped");
            assertThat(cover.dir().resolve("deleted")).doesNotExist();
        }
    }

    /**
     * A hostile agent observes Calc only as deep as its document and asks for a click on the
     * document, which has no action and is in no selection: a pointer click at its centre, judged
     * by the document's labels. But the point is a cell's of the sheet inside it, which takes a
     * click of its own: refused, nothing sent.
     */
    @Test
    void aClickOnACalcDocumentWhoseCentreIsACellIsRefusedNamingTheCell(TestDesktop desktop) throws Exception {
        try (X11WindowStack stack = X11WindowStack.open(System.getenv("DISPLAY")).orElseThrow()) {
            ComputerDriver driver = driver(new SelfTargetGuard(desktop.backend(), stack, () -> false),
                    new ScriptedApprover());
            TestDesktop.TargetApp calc = LibreOfficeCalc.launch(desktop, 6, 4);
            ObservationView view = ok(driver.observe("agent-a", new ObserveArgs(String.valueOf(calc.pid()), null, 400,
                    6, null)));
            NodeView sheet = view.nodes().stream().filter(n -> "document spreadsheet".equals(n.role())).findFirst()
                    .orElseThrow(() -> new AssertionError(view.nodes().toString()));
            assertThat(sheet.actions()).isNullOrEmpty();
            assertThat(sheet.states()).doesNotContain("selectable", "focusable");

            var error = err(driver.act("agent-a", ActArgs.click(sheet.ref())));
            assertThat(error.code()).isEqualTo(ErrorCode.TARGET_CHANGED);
            assertThat(error.message()).containsPattern("table( cell)? '[^']+' inside it, which takes the click itself");
        }
    }

    /** Calc observed whole: its sheet's cells in view are read (docs/linux-backend.md). */
    private static ObservationView observeCalc(ComputerDriver driver, TestDesktop.TargetApp calc) {
        return ok(driver.observe("agent-a", new ObserveArgs(String.valueOf(calc.pid()), null, 2000, 32, null)));
    }

    private static NodeView cell(ObservationView view, String address) {
        return view.nodes().stream().filter(n -> "table cell".equals(n.role()) && address.equals(n.name())).findFirst()
                .orElseThrow(() -> new AssertionError("no cell " + address));
    }

    /**
     * A Calc cell has no accessible action: a click on it selects it alone in its sheet and moves
     * the cell cursor there, as a person's click does, through the accessibility API, with no
     * pointer input at all; the cell then reads selected and focused.
     */
    @Test
    void aClickOnACalcCellSelectsItAloneAndMovesTheCellCursorThere(TestDesktop desktop) throws Exception {
        ComputerDriver driver = driver(desktop.backend(), new ScriptedApprover());
        TestDesktop.TargetApp calc = LibreOfficeCalc.launch(desktop, 8, 6);
        NodeView c5 = cell(observeCalc(driver, calc), "C5");
        assertThat(c5.actions()).isNullOrEmpty();
        assertThat(c5.states()).contains("selectable", "focusable").doesNotContain("selected");

        Receipt receipt = ok(driver.act("agent-a", ActArgs.click(c5.ref())));

        assertThat(receipt.status()).as("%s", receipt).isEqualTo("confirmed");
        assertThat(receipt.strategy()).isEqualTo("atspi.Selection.SelectChild+atspi.Component.GrabFocus");
        assertThat(TestDesktop.eventually(Duration.ofSeconds(3),
                () -> cell(observeCalc(driver, calc), "C5").states().contains("focused"))).isTrue();
        ObservationView after = observeCalc(driver, calc);
        assertThat(cell(after, "C5").states()).contains("selected", "focused");
        assertThat(cell(after, "A1").states()).doesNotContain("focused");
    }

    @Test
    void aFocusOnACalcCellMovesTheCellCursorAndASelectExtendsTheSelection(TestDesktop desktop) throws Exception {
        ComputerDriver driver = driver(desktop.backend(), new ScriptedApprover());
        TestDesktop.TargetApp calc = LibreOfficeCalc.launch(desktop, 8, 6);

        Receipt focus = ok(driver.act("agent-a", new FocusArgs(cell(observeCalc(driver, calc), "D3").ref(), null)));
        assertThat(focus.status()).as("%s", focus).isEqualTo("confirmed");
        assertThat(focus.strategy()).isEqualTo("atspi.Component.GrabFocus");

        Receipt b2 = ok(driver.act("agent-a", SelectArgs.item(cell(observeCalc(driver, calc), "B2").ref(), false)));
        assertThat(b2.status()).as("%s", b2).isEqualTo("confirmed");
        Receipt e6 = ok(driver.act("agent-a", SelectArgs.item(cell(observeCalc(driver, calc), "E6").ref(), true)));
        assertThat(e6.status()).as("%s", e6).isEqualTo("confirmed");
        ObservationView after = observeCalc(driver, calc);
        assertThat(cell(after, "B2").states()).contains("selected");
        assertThat(cell(after, "E6").states()).contains("selected");
        assertThat(cell(after, "C4").states()).doesNotContain("selected");
    }

    private static TestDesktop.TargetApp launch(TestDesktop desktop) {
        try {
            return desktop.launchScript("Selection", SCRIPT);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
