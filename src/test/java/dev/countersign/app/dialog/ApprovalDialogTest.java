package dev.countersign.app.dialog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.app.FxTests;
import dev.countersign.approval.ApprovalRequest;
import dev.countersign.approval.Decision;
import dev.countersign.approval.GrantOffer;
import dev.countersign.desktop.TestDesktopExtension;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.image.ImageView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.stage.WindowEvent;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;

/** The approval dialog in a real window on the private test desktop, driven by real X input. */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class ApprovalDialogTest {
    FxRobot robot;
    FxApprover approver;

    @BeforeEach
    void open() {
        robot = FxTests.start();
        approver = new FxApprover(Clock.systemUTC());
    }

    @AfterEach
    void close() throws Exception {
        approver.close();
        FxTests.eventually(Duration.ofSeconds(5), () -> dialogStage() == null);
    }

    static ApprovalRequest request(String nonce, String agent, Duration life) {
        return new ApprovalRequest(nonce, agent.toLowerCase(), agent,
                "Click \u2018Delete\u2019 in yad \u2014 window \u2018Cleanup\u2019", "delete", List.of("delete"),
                "yad", "Cleanup", Instant.now().plus(life), FxTests.png(420, 180));
    }

    CompletableFuture<Decision> ask(String nonce, String agent, Duration life) throws InterruptedException {
        CompletableFuture<Decision> f = approver.request(request(nonce, agent, life));
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> dialogStage() != null)).isTrue();
        return f;
    }

    void waitOutTheGuard() throws InterruptedException {
        Thread.sleep(ApprovalView.INPUT_GUARD.toMillis() + 150);
    }

    static Stage dialogStage() {
        return Window.getWindows().stream()
                .filter(w -> w instanceof Stage && w.isShowing()
                        && ((Stage) w).getTitle() != null && ((Stage) w).getTitle().startsWith("Countersign \u2014 approve"))
                .map(w -> (Stage) w).findFirst().orElse(null);
    }

    String text(String id) {
        return FxTests.onFx(() -> robot.lookup(id).queryAs(Label.class).getText());
    }

    @Test
    void rendersAgentActionCategoryScreenshotAndCountdown() throws Exception {
        ask("n1", "Claude", Duration.ofSeconds(30));
        assertThat(text("#agent")).isEqualTo("Claude");
        assertThat(text("#action")).isEqualTo("Click \u2018Delete\u2019 in yad \u2014 window \u2018Cleanup\u2019");
        assertThat(text("#category")).isEqualTo("Deletes something");
        assertThat(text("#why")).contains("\u201Cdelete\u201D");
        assertThat(text("#countdown")).matches("0:(29|30) left");
        ImageView shot = robot.lookup("#screenshot").queryAs(ImageView.class);
        assertThat(FxTests.onFx(() -> shot.getImage() != null && shot.isVisible())).isTrue();
        assertThat(FxTests.onFx(() -> shot.getImage().getWidth())).isEqualTo(420);
        assertThat(FxTests.onFx(() -> dialogStage().isAlwaysOnTop())).isTrue();
        // It runs: within a few seconds (a loaded machine may delay a tick) it counts down from 0:30.
        long until = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        String countdown = text("#countdown");
        while (!countdown.matches("0:2[5-9] left") && System.nanoTime() < until) {
            Thread.sleep(100);
            countdown = text("#countdown");
        }
        assertThat(countdown).as("the countdown runs").matches("0:2[5-9] left");
    }

    @Test
    void aRequestFromAGovernedMachineNamesThatMachine() throws Exception {
        ApprovalRequest local = request("n1", "Claude", Duration.ofSeconds(30));
        ApprovalRequest remote = new ApprovalRequest("n2", "claude", "Claude", local.summary(), local.category(),
                local.matchedWords(), local.appName(), local.windowTitle(), local.expiresAt(), null, "build-box");
        approver.request(local);
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> dialogStage() != null)).isTrue();
        assertThat(text("#where")).isEqualTo("wants to act on your computer");
        approver.request(remote);
        approver.withdraw("n1");
        assertThat(FxTests.eventually(Duration.ofSeconds(5),
                () -> robot.lookup("#where").queryAs(Label.class).getText().contains("build-box")))
                .isTrue();
        assertThat(text("#where")).isEqualTo("wants to act on the machine \u2018build-box\u2019, not this computer");
        assertThat(text("#why")).startsWith("The policy on that machine asks");
        // For the person (and the reviewer): what the dialog looks like for another machine.
        java.nio.file.Path shot = java.nio.file.Path.of("target", "approval-dialog-remote.png");
        javafx.scene.image.WritableImage image = FxTests.onFx(() -> dialogStage().getScene().snapshot(null));
        javax.imageio.ImageIO.write(javafx.embed.swing.SwingFXUtils.fromFXImage(image, null), "png", shot.toFile());
        approver.withdraw("n2");
    }

    @Test
    void allowOnceCompletesWithAllowExactlyOnce() throws Exception {
        CompletableFuture<Decision> first = ask("n1", "Claude", Duration.ofSeconds(30));
        CompletableFuture<Decision> second = approver.request(request("n2", "Claude", Duration.ofSeconds(30)));
        AtomicInteger allows = new AtomicInteger();
        first.thenAccept(d -> allows.incrementAndGet());
        waitOutTheGuard();

        robot.clickOn("#allow");
        assertThat(first.get(5, TimeUnit.SECONDS)).isEqualTo(Decision.ALLOW_ONCE);
        // A second click right away lands on the next request's guarded button and decides nothing.
        robot.clickOn("#allow");
        Thread.sleep(200);
        assertThat(second).isNotDone();
        assertThat(allows).hasValue(1);
        assertThat(text("#agent")).isEqualTo("Claude");
    }

    @Test
    void regainingFocusReArmsTheInputGuard() throws Exception {
        // A window raised over the dialog and gone again must not leave Allow
        // live for input that was aimed at that moment.
        CompletableFuture<Decision> f = ask("n1", "Claude", Duration.ofSeconds(30));
        waitOutTheGuard();
        Stage other = FxTests.onFx(() -> {
            Stage s = new Stage();
            s.setScene(new javafx.scene.Scene(new javafx.scene.layout.StackPane(), 200, 100));
            s.show();
            s.requestFocus();
            return s;
        });
        assertThat(FxTests.eventually(Duration.ofSeconds(3), () -> !dialogStage().isFocused())).isTrue();
        FxTests.onFx(() -> {
            other.close();
            dialogStage().toFront();
            dialogStage().requestFocus();
            return null;
        });
        assertThat(FxTests.eventually(Duration.ofSeconds(3), () -> dialogStage().isFocused())).isTrue();

        robot.clickOn("#allow");
        Thread.sleep(100);
        assertThat(f).as("a click right after the dialog came back decides nothing").isNotDone();
        waitOutTheGuard();
        robot.clickOn("#allow");
        assertThat(f.get(5, TimeUnit.SECONDS)).isEqualTo(Decision.ALLOW_ONCE);
    }

    @Test
    void aRequestThatOffersAGrantShowsItsScopeOnAThirdButtonThatAllowsForAWhile() throws Exception {
        ApprovalRequest plain = request("n1", "Claude", Duration.ofSeconds(30));
        ApprovalRequest offering = new ApprovalRequest("n2", "claude", "Claude",
                "Click \u2018Send\u2019 in yad \u2014 window \u2018Compose\u2019", "send", List.of("send"), "yad",
                "Compose", Instant.now().plusSeconds(30), FxTests.png(420, 180), null,
                new GrantOffer("claude", "yad", 4242, "Compose", "send", "click", Duration.ofMinutes(10), 20));
        CompletableFuture<Decision> first = approver.request(plain);
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> dialogStage() != null)).isTrue();
        Button grant = robot.lookup("#allow-for-a-while").queryAs(Button.class);
        assertThat(FxTests.onFx(grant::isVisible)).as("no offer, no grant button").isFalse();
        CompletableFuture<Decision> second = approver.request(offering);
        waitOutTheGuard();
        robot.clickOn("#deny");
        assertThat(first.get(5, TimeUnit.SECONDS)).isEqualTo(Decision.DENY);
        assertThat(FxTests.eventually(Duration.ofSeconds(3), grant::isVisible)).isTrue();
        assertThat(FxTests.onFx(grant::getText))
                .isEqualTo("Allow for 10 min\nClaude: send clicks in yad, window \u2018Compose\u2019, at most 20");
        assertThat(FxTests.onFx(grant::isDisabled)).as("guarded like Allow once").isTrue();
        assertThat(FxTests.onFx(grant::isDefaultButton)).isFalse();
        // For the person (and the reviewer): what the dialog looks like with a grant offered.
        waitOutTheGuard();
        java.nio.file.Path shot = java.nio.file.Path.of("target", "approval-dialog-grant.png");
        javafx.scene.image.WritableImage image = FxTests.onFx(() -> dialogStage().getScene().snapshot(null));
        javax.imageio.ImageIO.write(javafx.embed.swing.SwingFXUtils.fromFXImage(image, null), "png", shot.toFile());
        robot.clickOn("#allow-for-a-while");
        assertThat(second.get(5, TimeUnit.SECONDS)).isEqualTo(Decision.ALLOW_FOR_A_WHILE);
    }

    @Test
    void aRequestWithoutAnOfferAfterOneWithAnOfferLaysOutWholeWithItsButtonsInsideTheWindow() throws Exception {
        FxTests.onFx(() -> {
            Thread.currentThread().setUncaughtExceptionHandler((t, e) -> failures.add(e));
            return null;
        });
        // An app name with an underscore, as a script's is: on a button it was read as a mnemonic.
        ApprovalRequest offering = new ApprovalRequest("n1", "claude", "Claude",
                "Press Return in \u2018Terminal\u2019 in vte_terminal.py \u2014 window \u2018Terminal\u2019", "run",
                List.of("Return"), "vte_terminal.py", "Terminal", Instant.now().plusSeconds(30), FxTests.png(420, 180),
                null, new GrantOffer("claude", "vte_terminal.py", 4242, "Terminal", "run", "key",
                        Duration.ofMinutes(10), 20));
        ApprovalRequest carry = new ApprovalRequest("n2", "claude", "Claude",
                "Type into \u2018Message\u2019 in chat \u2014 window \u2018Support\u2019 \u2014 text this agent read in"
                        + " Terminal", "carry", List.of("Terminal \u2018bash\u2019"), "chat", "Support",
                Instant.now().plusSeconds(30), FxTests.png(420, 180));
        CompletableFuture<Decision> first = approver.request(offering);
        CompletableFuture<Decision> second = approver.request(carry);
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> dialogStage() != null)).isTrue();
        waitOutTheGuard();
        robot.clickOn("#deny");
        assertThat(first.get(5, TimeUnit.SECONDS)).isEqualTo(Decision.DENY);
        assertThat(FxTests.eventually(Duration.ofSeconds(3), () -> "Carries text from another app".equals(
                robot.lookup("#category").queryAs(Label.class).getText()))).isTrue();
        waitOutTheGuard();

        // The window is laid out whole (a label's layout that threw left it half laid out before)
        // and Deny lies inside it, where the person's pointer goes.
        javafx.geometry.Bounds deny = FxTests.onFx(() -> {
            dialogStage().getScene().snapshot(null);
            Button b = robot.lookup("#deny").queryAs(Button.class);
            return b.localToScreen(b.getBoundsInLocal());
        });
        Stage stage = FxTests.onFx(ApprovalDialogTest::dialogStage);
        assertThat(deny.getMinX()).isBetween(stage.getX(), stage.getX() + stage.getWidth());
        assertThat(deny.getMaxY()).isBetween(stage.getY(), stage.getY() + stage.getHeight());
        assertThat(deny.getWidth()).isPositive();
        assertThat(failures).as("what the dialog's layout threw").isEmpty();
        robot.clickOn("#deny");
        assertThat(second.get(5, TimeUnit.SECONDS)).isEqualTo(Decision.DENY);
    }

    private final List<Throwable> failures = new java.util.concurrent.CopyOnWriteArrayList<>();

    @Test
    void denyButtonDenies() throws Exception {
        CompletableFuture<Decision> f = ask("n1", "Claude", Duration.ofSeconds(30));
        waitOutTheGuard();
        robot.clickOn("#deny");
        assertThat(f.get(5, TimeUnit.SECONDS)).isEqualTo(Decision.DENY);
        assertThat(FxTests.eventually(Duration.ofSeconds(3), () -> dialogStage() == null)).isTrue();
    }

    @Test
    void escapeDenies() throws Exception {
        CompletableFuture<Decision> f = ask("n1", "Claude", Duration.ofSeconds(30));
        waitOutTheGuard();
        robot.moveTo("#action");
        robot.type(KeyCode.ESCAPE);
        assertThat(f.get(5, TimeUnit.SECONDS)).isEqualTo(Decision.DENY);
    }

    @Test
    void closingTheWindowDenies() throws Exception {
        CompletableFuture<Decision> f = ask("n1", "Claude", Duration.ofSeconds(30));
        FxTests.onFx(() -> {
            Stage stage = dialogStage();
            stage.fireEvent(new WindowEvent(stage, WindowEvent.WINDOW_CLOSE_REQUEST));
            return null;
        });
        assertThat(f.get(5, TimeUnit.SECONDS)).isEqualTo(Decision.DENY);
    }

    @Test
    void timeoutDeniesAndHidesTheDialog() throws Exception {
        CompletableFuture<Decision> f = ask("n1", "Claude", Duration.ofMillis(1500));
        assertThat(f.get(5, TimeUnit.SECONDS)).isEqualTo(Decision.TIMEOUT);
        assertThat(FxTests.eventually(Duration.ofSeconds(3), () -> dialogStage() == null)).isTrue();
    }

    @Test
    void enterRightAfterOpeningDoesNotAllowAndNeitherDoesEnterLater() throws Exception {
        // The pointer waits where the dialog will appear (centred), so X gives it the keys at once.
        robot.moveTo(new javafx.geometry.Point2D(800, 420));
        CompletableFuture<Decision> f = null;
        // The keys must reach the dialog inside its guard, or this test would prove nothing; on a
        // loaded machine they sometimes take longer, so a late attempt is withdrawn and tried again.
        for (int attempt = 1; f == null; attempt++) {
            long opened = System.nanoTime();
            CompletableFuture<Decision> tried = ask("n" + attempt, "Claude", Duration.ofSeconds(30));
            robot.type(KeyCode.ENTER);
            robot.type(KeyCode.SPACE);
            robot.type(KeyCode.ESCAPE);
            if (Duration.ofNanos(System.nanoTime() - opened).compareTo(ApprovalView.INPUT_GUARD) < 0) {
                f = tried;
            } else {
                assertThat(attempt).as("the keys arrived within the guard in one of three attempts").isLessThan(3);
                approver.withdraw("n" + attempt);
                assertThat(FxTests.eventually(Duration.ofSeconds(3), () -> dialogStage() == null)).isTrue();
            }
        }
        Thread.sleep(300);
        assertThat(f).as("keys during the guard decide nothing").isNotDone();
        waitOutTheGuard();
        robot.type(KeyCode.ENTER);
        Thread.sleep(300);
        assertThat(f).as("Enter never allows").isNotDone();
        robot.type(KeyCode.SPACE);
        assertThat(f.get(5, TimeUnit.SECONDS)).as("Space acts on the focused Deny").isEqualTo(Decision.DENY);
    }

    @Test
    void twoAgentsRequestsQueueInOrderAndTheQueueIsVisible() throws Exception {
        CompletableFuture<Decision> a = ask("n1", "Claude", Duration.ofSeconds(30));
        CompletableFuture<Decision> b = approver.request(request("n2", "Cursor", Duration.ofSeconds(30)));
        assertThat(FxTests.eventually(Duration.ofSeconds(3),
                () -> "1 more request waiting".equals(robot.lookup("#queue").queryAs(Label.class).getText()))).isTrue();
        assertThat(text("#agent")).isEqualTo("Claude");
        waitOutTheGuard();
        robot.clickOn("#deny");
        assertThat(a.get(5, TimeUnit.SECONDS)).isEqualTo(Decision.DENY);
        assertThat(FxTests.eventually(Duration.ofSeconds(3), () -> "Cursor".equals(
                robot.lookup("#agent").queryAs(Label.class).getText()))).isTrue();
        assertThat(text("#queue")).isEmpty();
        waitOutTheGuard();
        robot.clickOn("#allow");
        assertThat(b.get(5, TimeUnit.SECONDS)).isEqualTo(Decision.ALLOW_ONCE);
    }

    @Test
    void withdrawRemovesTheShownRequest() throws Exception {
        CompletableFuture<Decision> a = ask("n1", "Claude", Duration.ofSeconds(30));
        approver.withdraw("n1");
        assertThat(a.get(5, TimeUnit.SECONDS)).isEqualTo(Decision.UNAVAILABLE);
        assertThat(FxTests.eventually(Duration.ofSeconds(3), () -> dialogStage() == null)).isTrue();
    }

    @Test
    void aDialogPreparedAtStartShowsNothingUntilARequestAndThenGuardsItsButtonsAsAlways() throws Exception {
        approver.prepare();
        // The FX thread runs what is queued in order: once this returns, the dialog was prepared.
        FxTests.onFx(() -> null);
        assertThat(dialogStage()).as("preparing builds the window hidden").isNull();
        CompletableFuture<Decision> f = ask("n1", "Claude", Duration.ofSeconds(30));
        assertThat(text("#agent")).isEqualTo("Claude");
        Button allow = robot.lookup("#allow").queryAs(Button.class);
        assertThat(FxTests.onFx(allow::isDisabled)).as("the prepared window still starts guarded").isTrue();
        FxTests.onFx(() -> {
            allow.fire();
            return null;
        });
        assertThat(f).isNotDone();
        ImageView shot = robot.lookup("#screenshot").queryAs(ImageView.class);
        assertThat(FxTests.onFx(() -> shot.getImage().getWidth())).as("the request's own screenshot").isEqualTo(420);
    }

    @Test
    void buttonsAreDisabledDuringTheGuard() throws Exception {
        ask("n1", "Claude", Duration.ofSeconds(30));
        Node allow = robot.lookup("#allow").queryAs(Button.class);
        assertThat(FxTests.onFx(allow::isDisabled)).isTrue();
        assertThat(FxTests.eventually(Duration.ofSeconds(2), () -> !allow.isDisabled())).isTrue();
        assertThat(FxTests.onFx(() -> ((Button) allow).isDefaultButton())).isFalse();
    }
}
