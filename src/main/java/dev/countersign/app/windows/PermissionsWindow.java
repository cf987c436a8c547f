package dev.countersign.app.windows;

import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.macos.MacDesktopBackend;
import java.net.URI;
import java.util.List;
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

/** Permissions: the doctor view, with what to do for each missing piece. */
final class PermissionsWindow {
    private final DesktopBackend backend;
    private final Supplier<Optional<URI>> endpoint;
    private final Executor background;
    private final GridPane grid = new GridPane();
    final Stage stage;

    PermissionsWindow(DesktopBackend backend, Supplier<Optional<URI>> endpoint, Executor background) {
        this.backend = backend;
        this.endpoint = endpoint;
        this.background = background;
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
                mac.requestAccess();
                reload();
            }));
            buttons.getChildren().add(1, request);
        }
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
            List<PermissionsModel.Check> checks = PermissionsModel.checks(backend, endpoint.get(),
                    System.getProperty("os.name", ""));
            Platform.runLater(() -> show(checks));
        });
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
