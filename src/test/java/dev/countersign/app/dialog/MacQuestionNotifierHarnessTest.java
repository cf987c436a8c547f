package dev.countersign.app.dialog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.app.FxTests;
import dev.countersign.approval.ApprovalRequest;
import dev.countersign.approval.Decision;
import dev.countersign.desktop.TestDesktopExtension;
import dev.countersign.testkit.NotifySim;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
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
 * The question as a macOS notification, through the notification shim's contract
 * ({@code native/macos/notify.m}) served by the harness's stand-in (the real dialog on the private
 * display): posted naming the agent and the act while the question waits, a click on it brings the
 * dialog forward and answers nothing, and it is removed once answered. Not run on a Mac: this is
 * what the harness can tell, not UNUserNotificationCenter's own behaviour.
 */
@Tag("desktop")
@Tag("macos-sim")
@ExtendWith(TestDesktopExtension.class)
class MacQuestionNotifierHarnessTest {
    static final String ACT = "Click \u2018Delete\u2019 in Finder \u2014 window \u2018Documents\u2019";
    final NotifySim center = NotifySim.load();
    FxRobot robot;
    FxApprover approver;
    Stage other;

    /** The notifier as TrayApp makes it on a Mac, with the shim looked for where the stand-in is built. */
    static Optional<QuestionNotifier> onThisMac() {
        System.setProperty("countersign.native.dir", NotifySim.DIR.toString());
        try {
            return MacQuestionNotifier.onThisMac();
        } finally {
            System.clearProperty("countersign.native.dir");
        }
    }

    @BeforeEach
    void open() throws Exception {
        robot = FxTests.start();
        center.sim_notify_reset(1);
        approver = new FxApprover(Clock.systemUTC(), onThisMac()
                .orElseThrow(() -> new AssertionError("the stand-in answers as an .app would")));
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

    CompletableFuture<Decision> ask(String nonce) throws InterruptedException {
        CompletableFuture<Decision> f = approver.request(new ApprovalRequest(nonce, "claude", "claude", ACT, "delete",
                List.of("delete"), "Finder", "Documents", Instant.now().plusSeconds(60), FxTests.png(420, 180)));
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> ApprovalDialogTest.dialogStage() != null)).isTrue();
        return f;
    }

    @Test
    void aWaitingQuestionIsPostedNamingTheAgentAndTheActAndRemovedOnceAnswered() throws Exception {
        CompletableFuture<Decision> decision = ask("n1");
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> center.sim_notify_shown() == 1)).isTrue();
        assertThat(center.sim_notify_events()).contains("post " + MacQuestionNotifier.PREFIX + "n1 | "
                + "claude waits for you to allow or deny | " + ACT);

        Thread.sleep(ApprovalView.INPUT_GUARD.toMillis() + 150);
        robot.clickOn("#deny");

        assertThat(decision.get(5, TimeUnit.SECONDS)).isEqualTo(Decision.DENY);
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> center.sim_notify_shown() == 0))
                .as("answering removes the notice").isTrue();
        assertThat(center.sim_notify_events()).contains("remove " + MacQuestionNotifier.PREFIX + "n1");
    }

    @Test
    void clickingTheNoticeBringsTheDialogForwardAndAnswersNothing() throws Exception {
        CompletableFuture<Decision> decision = ask("n2");
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> center.sim_notify_shown() == 1)).isTrue();
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

        assertThat(center.sim_notify_activate(MacQuestionNotifier.PREFIX + "n2")).isEqualTo(1);

        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> ApprovalDialogTest.dialogStage().isFocused()))
                .as("the notice's click brings the dialog forward").isTrue();
        Thread.sleep(500);
        assertThat(decision).as("a click never answers the question").isNotDone();
        assertThat(approver.pending()).isEqualTo(1);
        assertThat(FxTests.onFx(() -> robot.lookup("#allow").query().isDisabled()))
                .as("the dialog's input guard is re-armed").isTrue();
    }

    @Test
    void withoutAnAppBundleThereIsNoNotifierAndTheDialogStillAsks() {
        center.sim_notify_reset(0);
        assertThat(onThisMac()).isEmpty();
        assertThat(center.sim_notify_events()).doesNotContain("start");
    }

    @Test
    void theNoticeIsPlainTextCleanedLikeTheDialog() {
        String hostile = "Click \u2018OK\u2019 in Mail \u2014 window \u2018Allowed\n\u202Eyfirev\u2019";
        ApprovalRequest r = new ApprovalRequest("n", "claude", "claude", hostile, "send", List.of("send"), "Mail",
                "w", Instant.now().plusSeconds(60), null);
        assertThat(MacQuestionNotifier.body(r)).doesNotContain("\n", "\u202E").contains("Allowed");
        assertThat(MacQuestionNotifier.title(r)).isEqualTo("claude waits for you to allow or deny");
    }
}
