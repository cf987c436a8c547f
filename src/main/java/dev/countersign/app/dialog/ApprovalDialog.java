package dev.countersign.app.dialog;

import atlantafx.base.theme.Styles;
import dev.countersign.app.fx.Theme;
import dev.countersign.approval.ApprovalRequest;
import dev.countersign.approval.Decision;
import dev.countersign.vision.Png;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import javafx.animation.KeyFrame;
import javafx.animation.PauseTransition;
import javafx.animation.Timeline;
import javafx.css.PseudoClass;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.geometry.Rectangle2D;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.image.Image;
import javafx.scene.image.ImageView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.robot.Robot;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.util.Duration;

/**
 * The approval window: one request at a time, the head of the {@link ApprovalQueue}. It only
 * forwards the person's answer for the request it shows; everything else (ordering, expiry,
 * exactly-once) is the queue's. Lives on the FX thread.
 */
final class ApprovalDialog {
    static final double SHOT_WIDTH = 560;
    static final double SHOT_HEIGHT = 320;
    /** The grant button wraps its scope onto lines no wider than this. */
    static final double GRANT_WIDTH = 250;
    /** How long after another app let the keyboard go this window takes it back from that app. */
    static final java.time.Duration RECLAIM = java.time.Duration.ofSeconds(1);

    private final ApprovalQueue queue;
    private final Clock clock;
    private final Stage stage = new Stage();
    private final Label agent = label("agent", "cs-dialog-agent");
    /** Which machine: "wants to act on your computer", or the other machine a governed Countersign runs it on. */
    private final Label heading = label("where", "cs-dialog-where");
    private final Label action = label("action", "cs-dialog-action");
    private final Label category = label("category", Styles.DANGER);
    private final Label why = label("why", Styles.TEXT_MUTED);
    private final Label countdown = label("countdown", "cs-dialog-countdown");
    private final Label queueLine = label("queue", Styles.TEXT_MUTED);
    /** Shown while another app's open menu or list holds the keyboard: no key reaches this window then. */
    private final Label grabNotice = label("grab", Styles.WARNING);
    private final ImageView shot = new ImageView();
    private final Label noShot = label("no-screenshot", Styles.TEXT_MUTED);
    private final Button allow = new Button("Allow once");
    private final Button deny = new Button("Deny");
    /** "Allow for N min": shown only for a request that offers a grant; its text says the grant's whole scope. */
    private final Button allowForAWhile = new Button();
    private final Timeline ticker;
    private final PauseTransition guard = new PauseTransition(Duration.millis(ApprovalView.INPUT_GUARD.toMillis()));
    private String shownNonce;
    private Instant shownAt = Instant.EPOCH;
    /** Whether another app holds the keyboard grab (desktop.linux.X11Grabs on X11). */
    private final BooleanSupplier foreignGrab;
    /** Gives this process's window of a title X input focus directly: JavaFX may believe it has it when it does not. */
    private final Predicate<String> focusOwn;
    /** Another app held the keyboard when last probed: probed every tick until it lets go. */
    private boolean grabHeld;
    /**
     * Until when, after another app let the keyboard go, this window takes it back if that app
     * refocused itself (LibreOffice does as its list closes): the person closed the menu to answer here.
     */
    private Instant reclaimUntil = Instant.EPOCH;

    ApprovalDialog(ApprovalQueue queue, Clock clock) {
        this(queue, clock, () -> false, title -> false);
    }

    ApprovalDialog(ApprovalQueue queue, Clock clock, BooleanSupplier foreignGrab, Predicate<String> focusOwn) {
        this.queue = queue;
        this.clock = clock;
        this.foreignGrab = foreignGrab;
        this.focusOwn = focusOwn;
        ticker = new Timeline(new KeyFrame(Duration.millis(200), e -> tick()));
        ticker.setCycleCount(Timeline.INDEFINITE);
        guard.setOnFinished(e -> setButtonsEnabled(true));
        build();
    }

    private void build() {
        allow.setId("allow");
        deny.setId("deny");
        allowForAWhile.setId("allow-for-a-while");
        allowForAWhile.setDefaultButton(false);
        allowForAWhile.setCancelButton(false);
        allowForAWhile.setWrapText(true);
        // Its text names the app and window: an underscore there ("vte_terminal.py") is text, never
        // a mnemonic (as one, emptying the text later threw out of the label's layout and left the
        // window half laid out, its buttons away from where they are drawn).
        allowForAWhile.setMnemonicParsing(false);
        allowForAWhile.setMaxWidth(GRANT_WIDTH);
        allowForAWhile.setMinHeight(Region.USE_PREF_SIZE);
        allowForAWhile.setOnAction(e -> answer(Decision.ALLOW_FOR_A_WHILE));
        allowForAWhile.setVisible(false);
        allowForAWhile.setManaged(false);
        // No default and no cancel button: Enter must never allow, and Esc is handled below so
        // that it counts only after the input guard.
        allow.setDefaultButton(false);
        allow.setCancelButton(false);
        deny.setDefaultButton(false);
        deny.setCancelButton(false);
        allow.getStyleClass().add(Styles.ACCENT);
        allow.setOnAction(e -> answer(Decision.ALLOW_ONCE));
        deny.setOnAction(e -> answer(Decision.DENY));
        allow.setMinWidth(Region.USE_PREF_SIZE);
        deny.setMinWidth(Region.USE_PREF_SIZE);

        heading.getStyleClass().add(Styles.TEXT_MUTED);
        VBox who = new VBox(2, agent, heading);
        action.setWrapText(true);
        why.setWrapText(true);
        category.getStyleClass().add("cs-dialog-category");

        shot.setId("screenshot");
        shot.setPreserveRatio(true);
        shot.setSmooth(true);
        shot.setFitWidth(SHOT_WIDTH);
        shot.setFitHeight(SHOT_HEIGHT);
        noShot.setText("No screenshot could be taken of this window.");
        StackPane shotPane = new StackPane(shot, noShot);
        shotPane.getStyleClass().add("cs-dialog-shot");
        shotPane.setMinSize(SHOT_WIDTH + 2, 120);
        shotPane.setPrefWidth(SHOT_WIDTH + 2);

        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        VBox timing = new VBox(2, countdown, queueLine);
        HBox buttons = new HBox(8, timing, spacer, deny, allowForAWhile, allow);
        buttons.setAlignment(Pos.CENTER_LEFT);

        grabNotice.setWrapText(true);
        grabNotice.setText("Another app's open menu or list holds the keyboard, so no key reaches this window:"
                + " press Esc or click outside that menu to close it, then answer here.");
        showGrabNotice(false);
        VBox root = new VBox(12, who, action, new VBox(4, category, why), grabNotice, shotPane, buttons);
        root.setPadding(new Insets(20));
        root.setPrefWidth(SHOT_WIDTH + 42);
        root.getStyleClass().add("cs-dialog");

        Scene scene = new Scene(root);
        Theme.style(scene);
        scene.addEventFilter(KeyEvent.ANY, this::filterKeys);
        stage.setScene(scene);
        stage.setTitle("Countersign \u2014 approve an action?");
        stage.setAlwaysOnTop(true);
        stage.setResizable(false);
        // Whenever the dialog (re)gains focus, e.g. after another window was raised over it and it
        // came back to the front, input waits for the guard again: keys or clicks an agent aimed
        // at that moment must not land on Allow.
        stage.focusedProperty().addListener((o, was, focused) -> {
            if (focused && shownNonce != null) {
                rearmGuard();
            }
        });
        // Closing the window is a deny, like Esc.
        stage.setOnCloseRequest(e -> {
            e.consume();
            answer(Decision.DENY);
        });
    }

    /**
     * Styles and lays out the hidden window's content once, before any request: loads the
     * controls' skins and matches the theme's rules, and decodes a one-pixel PNG so the image
     * decoder is loaded, all of which the first showing would do otherwise.
     */
    void prepare() {
        Parent root = stage.getScene().getRoot();
        root.applyCss();
        root.layout();
        screenshot(Png.encode(new BufferedImage(1, 1, BufferedImage.TYPE_INT_ARGB)));
    }

    /** Shows the queue's head, moves to the next request, or hides when nothing waits. */
    void refresh() {
        Optional<ApprovalRequest> head = queue.head();
        if (head.isEmpty()) {
            shownNonce = null;
            grabHeld = false;
            reclaimUntil = Instant.EPOCH;
            showGrabNotice(false);
            ticker.stop();
            guard.stop();
            stage.hide();
            return;
        }
        ApprovalRequest request = head.get();
        if (!request.nonce().equals(shownNonce)) {
            show(request);
        }
        render(request);
    }

    private void show(ApprovalRequest request) {
        shownNonce = request.nonce();
        shownAt = clock.instant();
        Image image = request.screenshot().map(ApprovalDialog::screenshot).orElse(null);
        shot.setImage(image);
        shot.setVisible(image != null);
        noShot.setVisible(image == null);
        setButtonsEnabled(false);
        guard.playFromStart();
        if (!stage.isShowing()) {
            stage.show();
            placeOnActiveScreen();
        }
        stage.toFront();
        // Focus starts on Deny: a stray Space then denies, never allows.
        deny.requestFocus();
        probeGrab(true);
        ticker.play();
    }

    /**
     * Probes whether another app holds the keyboard grab: when a question shows ({@code now}) and
     * every tick while one is held. When the grab is let go (the person closed the menu), the window
     * takes the keyboard as a person's click on it would, and the input guard starts again. A probe
     * that finds no grab takes and drops one itself, which tells the focused window it lost and
     * regained focus: so it runs once per question, not on every tick. A menu opened in another app
     * after the question showed is not noticed (its grab holds the keys until it closes, as before).
     */
    private void probeGrab(boolean now) {
        if (!now && !grabHeld) {
            if (clock.instant().isBefore(reclaimUntil)) {
                // Whatever JavaFX believes: an app that refocuses itself may do so without this
                // window hearing of it, so the keyboard is taken again on every tick of the window.
                takeKeyboard();
            }
            return;
        }
        boolean held = foreignGrab.getAsBoolean();
        if (held == grabHeld) {
            return;
        }
        grabHeld = held;
        showGrabNotice(held);
        stage.sizeToScene();
        if (!held) {
            reclaimUntil = clock.instant().plus(RECLAIM);
            takeKeyboard();
        }
    }

    /** Takes X input focus as a click on this window would, on Deny, and starts the input guard again. */
    private void takeKeyboard() {
        stage.toFront();
        stage.requestFocus();
        focusOwn.test(stage.getTitle());
        deny.requestFocus();
        rearmGuard();
    }

    private void showGrabNotice(boolean shown) {
        grabNotice.setVisible(shown);
        grabNotice.setManaged(shown);
    }

    private void rearmGuard() {
        shownAt = clock.instant();
        setButtonsEnabled(false);
        guard.playFromStart();
    }

    private void render(ApprovalRequest request) {
        ApprovalView view = ApprovalView.of(request, clock.instant(), queue.waitingBehind());
        agent.setText(view.agent());
        heading.setText(view.where());
        boolean remote = !view.where().endsWith("your computer");
        // Another machine's act must not look like one on this computer: the line is a warning then.
        heading.getStyleClass().removeAll(Styles.TEXT_MUTED, Styles.WARNING);
        heading.getStyleClass().add(remote ? Styles.WARNING : Styles.TEXT_MUTED);
        noShot.setText(remote ? "No screenshot of the other machine's screen is shown."
                : "No screenshot could be taken of this window.");
        action.setText(view.action());
        category.setText(view.category());
        why.setText(view.why());
        countdown.setText(view.countdown());
        countdown.pseudoClassStateChanged(PseudoClass.getPseudoClass("urgent"), view.urgent());
        queueLine.setText(view.queue());
        queueLine.setVisible(!view.queue().isEmpty());
        boolean offered = !view.grant().isEmpty();
        if (offered) {
            allowForAWhile.setText(view.grant());
        }
        if (allowForAWhile.isManaged() != offered) {
            allowForAWhile.setVisible(offered);
            allowForAWhile.setManaged(offered);
            // The row grows by the button's wrapped lines: the window grows with it rather than squeezing the screenshot.
            stage.sizeToScene();
        }
    }

    private void tick() {
        // The queue also expires requests from its own timer; this keeps the text current.
        queue.expire(clock.instant());
        refresh();
        if (shownNonce != null) {
            probeGrab(false);
        }
    }

    private void answer(Decision decision) {
        if (shownNonce == null) {
            return;
        }
        if (decision.allows() && !ApprovalView.acceptsInput(shownAt, clock.instant())) {
            return;
        }
        queue.decideShown(shownNonce, decision);
    }

    private void filterKeys(KeyEvent event) {
        KeyCode code = event.getCode();
        if (code == KeyCode.ENTER || "\r".equals(event.getCharacter()) || "\n".equals(event.getCharacter())) {
            event.consume();
            return;
        }
        if (!ApprovalView.acceptsInput(shownAt, clock.instant())) {
            event.consume();
            return;
        }
        if (event.getEventType() == KeyEvent.KEY_PRESSED && code == KeyCode.ESCAPE) {
            event.consume();
            answer(Decision.DENY);
        }
    }

    private void setButtonsEnabled(boolean enabled) {
        allow.setDisable(!enabled);
        allowForAWhile.setDisable(!enabled);
        deny.setDisable(!enabled);
        if (enabled && !allow.isFocused() && !allowForAWhile.isFocused()) {
            deny.requestFocus();
        }
    }

    /** Centres the dialog on the screen that holds the pointer, where the person is looking. */
    private void placeOnActiveScreen() {
        Robot robot = new Robot();
        double x = robot.getMouseX();
        double y = robot.getMouseY();
        Screen screen = Screen.getScreensForRectangle(x, y, 1, 1).stream().findFirst().orElse(Screen.getPrimary());
        Rectangle2D area = screen.getVisualBounds();
        stage.setX(area.getMinX() + (area.getWidth() - stage.getWidth()) / 2);
        stage.setY(area.getMinY() + (area.getHeight() - stage.getHeight()) / 3);
    }

    private static Image screenshot(byte[] png) {
        return new Image(new ByteArrayInputStream(png));
    }

    Stage stage() {
        return stage;
    }

    /**
     * Brings the dialog in front of everything and gives it focus, for the question's notice; it
     * answers nothing, and the regained focus re-arms the input guard before any button works.
     */
    void bringForward() {
        if (shownNonce == null) {
            return;
        }
        if (!stage.isShowing()) {
            stage.show();
        }
        if (stage.isIconified()) {
            stage.setIconified(false);
        }
        stage.toFront();
        stage.requestFocus();
        rearmGuard();
    }

    private static Label label(String id, String styleClass) {
        Label l = new Label();
        l.setId(id);
        l.getStyleClass().add(styleClass);
        return l;
    }
}
