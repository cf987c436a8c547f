package dev.countersign.app.dialog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.app.FxTests;
import dev.countersign.approval.Decision;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import dev.countersign.desktop.linux.X11Grabs;
import dev.countersign.desktop.linux.X11WindowStack;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import javafx.scene.control.Label;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;

/**
 * The person answers the approval dialog by keyboard while another app's drop-down list is open and
 * holds the X keyboard grab (src/test/resources/dev/countersign/app/dialog/combo_popup.py, which
 * takes focus back when its list closes, as LibreOffice does): the dialog says that the keyboard is
 * held elsewhere, the person closes the list with Esc as one would, the dialog takes the keyboard,
 * and Tab and Space reach it.
 */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class GrabbedKeyboardDesktopTest {
    FxRobot robot;
    FxApprover approver;
    X11Grabs grabs;
    X11WindowStack windows;

    @BeforeEach
    void open() {
        robot = FxTests.start();
        grabs = X11Grabs.open(System.getenv("DISPLAY")).orElseThrow();
        windows = X11WindowStack.open(System.getenv("DISPLAY")).orElseThrow();
        approver = new FxApprover(Clock.systemUTC(), QuestionNotifier.NONE, grabs, windows::focusOwn);
    }

    @AfterEach
    void close() throws Exception {
        approver.close();
        FxTests.eventually(Duration.ofSeconds(5), () -> ApprovalDialogTest.dialogStage() == null);
        grabs.close();
        windows.close();
    }

    static TestDesktop.TargetApp combo(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp app = desktop.launchCommand("Combo", dir -> {
            Path script = dir.resolve("combo_popup.py");
            try (var in = GrabbedKeyboardDesktopTest.class.getResourceAsStream("combo_popup.py")) {
                Files.copy(in, script);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            return List.of("/usr/bin/python3", script.toString(), "Combo", "refocus");
        });
        assertThat(TestDesktop.eventually(Duration.ofSeconds(10), () -> output(app).contains("xid:"))).isTrue();
        return app;
    }

    static String output(TestDesktop.TargetApp app) {
        try {
            return app.output();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static String x(String... command) throws Exception {
        return TestDesktop.run(List.of(command)).strip();
    }

    static String dialogXid() throws Exception {
        return x("xdotool", "search", "--name", "^Countersign .* approve").lines().findFirst().orElseThrow();
    }

    /** Whether the dialog shows its notice that another app holds the keyboard; on the FX thread. */
    static boolean grabNoticeShown() {
        return ApprovalDialogTest.dialogStage() != null
                && ApprovalDialogTest.dialogStage().getScene().lookup("#grab") instanceof Label l && l.isVisible();
    }

    @Test
    void tabAndSpaceAnswerTheDialogOnceThePersonClosesAnotherAppsOpenDropDown(TestDesktop desktop)
            throws Exception {
        TestDesktop.TargetApp app = combo(desktop);
        x("xdotool", "mousemove", "100", "15", "click", "1");
        assertThat(TestDesktop.eventually(Duration.ofSeconds(5), () -> output(app).contains("popup:True")))
                .as("the drop-down list is open").isTrue();
        assertThat(grabs.getAsBoolean()).as("the open list holds the keyboard").isTrue();

        CompletableFuture<Decision> asked = approver.request(ApprovalDialogTest.request("n1", "Claude",
                Duration.ofSeconds(60)));
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> ApprovalDialogTest.dialogStage() != null)).isTrue();
        assertThat(FxTests.eventually(Duration.ofSeconds(2), GrabbedKeyboardDesktopTest::grabNoticeShown))
                .as("the dialog says another app holds the keyboard").isTrue();

        // The person closes the list as one does, with Esc (it goes to the list, which holds the keys).
        x("xdotool", "key", "Escape");
        assertThat(TestDesktop.eventually(Duration.ofSeconds(5), () -> output(app).contains("popup:False"))).isTrue();
        assertThat(asked).as("the Esc closed the list, it did not reach the dialog").isNotDone();
        String dialog = dialogXid();
        assertThat(TestDesktop.eventually(Duration.ofSeconds(3), () -> {
            try {
                return dialog.equals(x("xdotool", "getwindowfocus"));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        })).as("the dialog took the keyboard back from the app that refocused itself").isTrue();
        assertThat(FxTests.eventually(Duration.ofSeconds(2), () -> !grabNoticeShown())).isTrue();
        // As a person waits for the buttons to come alive: the dialog keeps the keyboard for a while
        // after the list closed, re-arming its input guard each time it takes it.
        Thread.sleep(ApprovalDialog.RECLAIM.toMillis() + ApprovalView.INPUT_GUARD.toMillis() + 300);
        assertThat(FxTests.eventually(Duration.ofSeconds(2), () -> ApprovalDialogTest.dialogStage().getScene()
                .lookup("#deny") instanceof javafx.scene.control.Button b && !b.isDisabled())).isTrue();

        x("xdotool", "key", "Tab");
        x("xdotool", "key", "space");

        assertThat(FxTests.eventually(Duration.ofSeconds(5), asked::isDone))
                .as("Tab and Space answered; X focus on %s (dialog %s); the app saw: %s",
                        x("xdotool", "getwindowfocus"), dialog, output(app)).isTrue();
        assertThat(asked.get()).isEqualTo(Decision.ALLOW_ONCE);
        assertThat(output(app)).as("no key of the answer reached the other app").doesNotContain("key:Tab")
                .doesNotContain("key:space");
    }

    @Test
    void theNoticeShowsOnlyWhileTheGrabIsHeldAndLettingGoGivesTheDialogsOwnWindowTheKeyboard() throws Exception {
        java.util.concurrent.atomic.AtomicBoolean held = new java.util.concurrent.atomic.AtomicBoolean(true);
        List<String> focused = new java.util.concurrent.CopyOnWriteArrayList<>();
        FxApprover scripted = new FxApprover(Clock.systemUTC(), QuestionNotifier.NONE, held::get,
                title -> focused.add(title));
        try {
            CompletableFuture<Decision> asked = scripted.request(ApprovalDialogTest.request("n2", "Claude",
                    Duration.ofSeconds(60)));
            assertThat(FxTests.eventually(Duration.ofSeconds(5), GrabbedKeyboardDesktopTest::grabNoticeShown))
                    .isTrue();
            Thread.sleep(600);
            assertThat(focused).as("nothing is taken while the other app holds the keyboard").isEmpty();

            held.set(false);

            assertThat(FxTests.eventually(Duration.ofSeconds(2), () -> !grabNoticeShown())).isTrue();
            assertThat(TestDesktop.eventually(Duration.ofSeconds(2), () -> !focused.isEmpty())).isTrue();
            assertThat(focused).allMatch(title -> title.startsWith("Countersign \u2014 approve"));
            Thread.sleep(ApprovalDialog.RECLAIM.toMillis() + 300);
            int afterReclaim = focused.size();
            Thread.sleep(600);
            assertThat(focused).as("the keyboard is taken back only for a while after the grab ends")
                    .hasSize(afterReclaim);
            assertThat(asked).as("taking the keyboard answers nothing").isNotDone();
        } finally {
            scripted.close();
            FxTests.eventually(Duration.ofSeconds(5), () -> ApprovalDialogTest.dialogStage() == null);
        }
    }
}
