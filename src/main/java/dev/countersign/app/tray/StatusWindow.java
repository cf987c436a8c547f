package dev.countersign.app.tray;

import atlantafx.base.theme.Styles;
import dev.countersign.app.fx.FxPlatform;
import dev.countersign.app.fx.IdlePulse;
import dev.countersign.app.fx.Theme;
import javafx.application.Platform;
import javafx.embed.swing.SwingFXUtils;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Separator;
import javafx.scene.image.ImageView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.Screen;
import javafx.stage.Stage;

/**
 * The compact status window shown where the desktop has no system tray (GNOME without an
 * extension, a bare X server): the tray menu's actions as buttons, so the app never runs
 * invisibly. Closing it does not quit; Quit does.
 */
final class StatusWindow implements TrayView {
    private final Stage stage = new Stage();
    private final ImageView icon = new ImageView();
    private final Label state = new Label("Idle");
    private final Label line = new Label();
    private final Button pause = new Button("Pause all agents");
    /** The status last drawn; the tray's readings come on its scheduler thread. */
    private volatile TrayStatus shown;

    private StatusWindow(MenuActions actions) {
        state.setId("tray-state");
        state.getStyleClass().add("cs-title");
        line.setId("tray-line");
        line.getStyleClass().add(Styles.TEXT_MUTED);
        pause.setId("pause");
        pause.getStyleClass().add(Styles.DANGER);
        pause.setMaxWidth(Double.MAX_VALUE);
        pause.setOnAction(e -> actions.togglePause());
        HBox head = new HBox(10, icon, new VBox(2, state, line));
        head.setAlignment(Pos.CENTER_LEFT);
        VBox root = new VBox(8, head, pause, new Separator(),
                button("open-agents", "Agents & leases\u2026", actions::agents),
                button("open-activity", "Activity\u2026", actions::activity),
                button("open-since-away", "Since I was away\u2026", actions::sinceAway),
                button("open-connect", "Connect an agent\u2026", actions::connect),
                button("open-permissions", "Permissions\u2026", actions::permissions),
                button("open-settings", "Settings\u2026", actions::settings),
                new Separator(),
                button("quit", "Quit Countersign", actions::quit));
        root.setPadding(new Insets(14));
        root.setPrefWidth(300);
        Scene scene = new Scene(root);
        Theme.style(scene);
        stage.setScene(scene);
        stage.setTitle("Countersign");
        stage.setResizable(false);
        // Closing hides the window to the task bar instead of leaving the app without any handle.
        stage.setOnCloseRequest(e -> {
            e.consume();
            stage.setIconified(true);
        });
        render(new TrayStatus(false, 0, 0, false));
    }

    /** Creates and shows the window; call on the FX thread. */
    static StatusWindow show(MenuActions actions) {
        StatusWindow w = new StatusWindow(actions);
        w.stage.getProperties().put(IdlePulse.QUIET, Boolean.TRUE);
        w.stage.show();
        // Top right, where a tray popover would be, and clear of the centred windows it opens.
        Rectangle2D area = Screen.getPrimary().getVisualBounds();
        w.stage.setX(area.getMaxX() - w.stage.getWidth() - 16);
        w.stage.setY(area.getMinY() + 16);
        return w;
    }

    @Override
    public void update(TrayStatus status) {
        // The tray's periodic reading mostly finds nothing new: then nothing is drawn, nothing woken.
        if (status.equals(shown)) {
            return;
        }
        shown = status;
        Platform.runLater(() -> {
            render(status);
            // The window is quiet (IdlePulse): its pulses run only while something changes.
            FxPlatform.idlePulse().ifPresent(IdlePulse::wake);
        });
    }

    private void render(TrayStatus status) {
        icon.setImage(SwingFXUtils.toFXImage(TrayIcons.paint(status.state(), 32), null));
        state.setText(status.state().words());
        line.setText(status.line());
        pause.setText(status.pauseLabel());
        pause.getStyleClass().removeAll(Styles.DANGER, Styles.SUCCESS);
        pause.getStyleClass().add(status.paused() ? Styles.SUCCESS : Styles.DANGER);
    }

    @Override
    public void remove() {
        Platform.runLater(stage::hide);
    }

    Stage stage() {
        return stage;
    }

    private static Button button(String id, String text, Runnable action) {
        Button b = new Button(text);
        b.setId(id);
        b.setMaxWidth(Double.MAX_VALUE);
        b.setAlignment(Pos.CENTER_LEFT);
        b.getStyleClass().add(Styles.FLAT);
        b.setOnAction(e -> action.run());
        return b;
    }
}
