package dev.countersign.app.windows;

import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.PermissionState;
import dev.countersign.desktop.macos.MacDesktopBackend;
import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.VPos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Permissions: the doctor view, with what to do for each missing piece, and on a Mac a restart once
 * Screen Recording is granted or requested ({@link FirstRun#offersRestart}).
 */
final class PermissionsWindow {
    private static final Logger LOG = LoggerFactory.getLogger(PermissionsWindow.class);
    private final DesktopBackend backend;
    private final Supplier<Optional<URI>> endpoint;
    private final Executor background;
    private final Runnable quit;
    private final GridPane grid = new GridPane();
    private final Button restart = new Button("Restart Countersign");
    /** Screen Recording as this window first found it, and whether the person has requested it since. */
    private volatile PermissionState screenFirstSeen;
    private volatile boolean requested;
    final Stage stage;

    PermissionsWindow(DesktopBackend backend, Supplier<Optional<URI>> endpoint, Executor background, Runnable quit) {
        this.backend = backend;
        this.endpoint = endpoint;
        this.background = background;
        this.quit = quit;
        grid.setId("checks");
        grid.setHgap(16);
        grid.setVgap(10);
        ColumnConstraints name = new ColumnConstraints(150);
        ColumnConstraints state = new ColumnConstraints(200, 520, Double.MAX_VALUE);
        state.setHgrow(Priority.ALWAYS);
        grid.getColumnConstraints().addAll(name, state);
        Button recheck = new Button("Check again");
        recheck.setId("recheck");
        recheck.setOnAction(e -> reload());
        HBox buttons = new HBox(8, Ui.grow(), recheck);
        if (backend instanceof MacDesktopBackend mac) {
            // macOS asks once per app; after that only System Settings can grant, so this opens it too.
            Button request = new Button("Request access");
            request.setId("request-access");
            request.setOnAction(e -> background.execute(() -> {
                requested |= mac.requestAccess().contains(MacDesktopBackend.SCREEN_RECORDING_PANE);
                reload();
            }));
            buttons.getChildren().add(1, request);
        }
        // Screen Recording applies to a new process only: offered once it is granted or requested.
        restart.setId("restart");
        restart.setVisible(false);
        restart.managedProperty().bind(restart.visibleProperty());
        restart.setOnAction(e -> restart());
        buttons.getChildren().add(1, restart);
        VBox root = new VBox(14, Ui.title("Permissions"),
                Ui.muted("What Countersign needs on this computer. Checking never prompts; Request access does."),
                grid, buttons);
        root.getStyleClass().add("cs-window");
        root.setPadding(new Insets(16));
        stage = Ui.stage("Permissions", root, 760, 340);
        stage.setOnShown(e -> reload());
    }

    void reload() {
        background.execute(() -> {
            String os = System.getProperty("os.name", "");
            List<PermissionsModel.Check> checks = PermissionsModel.checks(backend, endpoint.get(), os);
            PermissionState screen = backend.permissions().screenRecording();
            if (screenFirstSeen == null) {
                screenFirstSeen = screen;
            }
            boolean offer = FirstRun.offersRestart(os.toLowerCase(Locale.ROOT).contains("mac"), screenFirstSeen, screen,
                    requested);
            Platform.runLater(() -> {
                show(checks);
                restart.setVisible(offer);
            });
        });
    }

    /** Starts the app again once this process has quit (packaged app); from source, only quits. */
    private void restart() {
        List<String> command = FirstRun.relaunch(System.getProperty("jpackage.app-path"), ProcessHandle.current().pid());
        if (!command.isEmpty()) {
            try {
                new ProcessBuilder(command).start();
            } catch (IOException e) {
                LOG.warn("Countersign could not be started again ({}); start it yourself", e.getMessage());
            }
        }
        quit.run();
    }

    private void show(List<PermissionsModel.Check> checks) {
        grid.getChildren().clear();
        int row = 0;
        for (PermissionsModel.Check c : checks) {
            Label name = new Label(c.name());
            name.getStyleClass().add("cs-title-small");
            Label state = new Label((c.ok() ? "\u2714 " : "\u2716 ") + c.state());
            state.setId("state-" + row);
            state.setWrapText(true);
            Ui.tone(state, c.ok() ? "cs-status-ok" : "cs-status-bad");
            GridPane.setValignment(name, VPos.TOP);
            if (c.ok()) {
                grid.addRow(row++, name, state);
            } else {
                // What to do sits under the state, in full: it is the point of this window.
                Label remedy = new Label(c.remedy());
                remedy.setWrapText(true);
                remedy.setMinHeight(Region.USE_PREF_SIZE);
                grid.addRow(row++, name, new VBox(4, state, remedy));
            }
        }
    }
}
