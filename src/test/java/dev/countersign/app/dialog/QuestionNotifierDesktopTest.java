package dev.countersign.app.dialog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.app.FxTests;
import dev.countersign.approval.ApprovalRequest;
import dev.countersign.approval.Decision;
import dev.countersign.desktop.TestDesktopExtension;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Point2D;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;

/**
 * The question as a desktop notification on the private test desktop: a real notification service
 * (dunst, on the private session bus and display) shows it while the question waits, a real click
 * on it brings the dialog forward without answering it, and answering closes it.
 */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class QuestionNotifierDesktopTest {
    FxRobot robot;
    FxApprover approver;
    Stage other;

    @BeforeEach
    void open() throws Exception {
        robot = FxTests.start();
        // Notices an earlier test left on the private desktop's service are not this test's.
        dunstctl("close-all");
        QuestionNotifier notifier = FreedesktopNotifier.onSessionBus(System.getenv("DBUS_SESSION_BUS_ADDRESS"))
                .orElseThrow(() -> new AssertionError("the private desktop has a session bus"));
        approver = new FxApprover(Clock.systemUTC(), notifier);
    }

    @AfterEach
    void close() throws Exception {
        approver.close();
        FxTests.onFx(() -> {
            if (other != null) {
                other.hide();
            }
            return null;
        });
        FxTests.eventually(Duration.ofSeconds(5), () -> ApprovalDialogTest.dialogStage() == null);
    }

    CompletableFuture<Decision> ask() throws InterruptedException {
        CompletableFuture<Decision> f = approver.request(new ApprovalRequest("n1", "claude", "claude",
                "Click \u2018Delete\u2019 in yad \u2014 window \u2018Cleanup\u2019", "delete", List.of("delete"), "yad",
                "Cleanup", Instant.now().plusSeconds(60), FxTests.png(420, 180)));
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> ApprovalDialogTest.dialogStage() != null)).isTrue();
        return f;
    }

    static String dunstctl(String... args) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of("dunstctl"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        p.waitFor(10, TimeUnit.SECONDS);
        return out;
    }

    static boolean displayed(int n) {
        try {
            return String.valueOf(n).equals(dunstctl("count", "displayed"));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** The centre of the notification service's window on the private display, as xdotool finds it. */
    static Point2D noticeCentre() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("sh", "-c",
                "for w in $(xdotool search --class Dunst); do xdotool getwindowgeometry --shell $w; done")
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(10, TimeUnit.SECONDS);
        int x = value(out, "X");
        int y = value(out, "Y");
        int w = value(out, "WIDTH");
        int h = value(out, "HEIGHT");
        return new Point2D(x + w / 2.0, y + h / 2.0);
    }

    private static int value(String shell, String key) {
        for (String line : shell.split("\n")) {
            if (line.startsWith(key + "=")) {
                return Integer.parseInt(line.substring(key.length() + 1).strip());
            }
        }
        throw new AssertionError("no " + key + " in " + shell);
    }

    @Test
    void aWaitingQuestionIsANoticeUntilItIsAnswered() throws Exception {
        CompletableFuture<Decision> decision = ask();
        assertThat(waitFor(() -> displayed(1))).as("the notice is shown while the question waits").isTrue();

        Thread.sleep(ApprovalView.INPUT_GUARD.toMillis() + 150);
        robot.clickOn("#deny");

        assertThat(decision.get(5, TimeUnit.SECONDS)).isEqualTo(Decision.DENY);
        assertThat(waitFor(() -> displayed(0))).as("answering closes the notice").isTrue();
    }

    @Test
    void clickingTheNoticeBringsTheDialogForwardAndAnswersNothing() throws Exception {
        CompletableFuture<Decision> decision = ask();
        assertThat(waitFor(() -> displayed(1))).isTrue();
        // The person is elsewhere: another window has the focus.
        other = FxTests.onFx(() -> {
            Stage s = new Stage();
            s.setTitle("elsewhere");
            s.setScene(new Scene(new Label("another window"), 300, 200));
            s.show();
            s.toFront();
            s.requestFocus();
            return s;
        });
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> other.isFocused()
                && !ApprovalDialogTest.dialogStage().isFocused())).isTrue();

        robot.clickOn(noticeCentre());

        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> ApprovalDialogTest.dialogStage().isFocused()))
                .as("the notice's activation brings the dialog forward").isTrue();
        Thread.sleep(500);
        assertThat(decision).as("activation never answers the question").isNotDone();
        assertThat(approver.pending()).isEqualTo(1);
        // The dialog's guard was re-armed by the activation: Allow is off for a moment.
        assertThat(FxTests.onFx(() -> robot.lookup("#allow").query().isDisabled())).isTrue();
    }

    private static boolean waitFor(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (System.nanoTime() < end) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(50);
        }
        return condition.getAsBoolean();
    }
}
