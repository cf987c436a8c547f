package dev.countersign.app.windows;

import atlantafx.base.theme.Styles;
import dev.countersign.app.settings.AppSettings;
import dev.countersign.app.settings.SettingsStore;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.Executor;
import dev.countersign.govern.Registration;
import javafx.scene.control.Separator;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Stage;

/**
 * Settings: port, default lease, policy file, launch at login, theme, saved to settings.json; and
 * the governed servers, saved to govern.json (see {@link GovernPane}).
 */
final class SettingsWindow {
    private final SettingsStore store;
    private final TextField port = field("port");
    private final TextField actions = field("lease-actions-default");
    private final TextField minutes = field("lease-minutes-default");
    private final TextField policy = field("policy-file");
    private final CheckBox atLogin = new CheckBox("Start Countersign when I log in");
    private final ComboBox<String> theme = new ComboBox<>(FXCollections.observableArrayList("system", "light", "dark"));
    private final CheckBox pictures = new CheckBox("Keep small pictures of each act");
    private final TextField picturesMb = field("pictures-mb");
    private final TextField picturesDays = field("pictures-days");
    private final Label message = new Label();
    final Stage stage;

    final GovernPane governed;

    SettingsWindow(SettingsStore store, Executor background) {
        this.store = store;
        this.governed = new GovernPane(new GovernModel(GovernModel.file(store.file()), Registration.START), background);
        atLogin.setId("launch-at-login");
        theme.setId("theme");
        policy.setPromptText("policy.json (default)");
        Button browse = new Button("Choose\u2026");
        browse.setOnAction(e -> choosePolicy());
        HBox.setHgrow(policy, Priority.ALWAYS);
        GridPane grid = new GridPane();
        grid.setHgap(12);
        grid.setVgap(10);
        int r = 0;
        HBox lease = new HBox(8, actions, new Label("actions for"), minutes, new Label("minutes"));
        lease.setAlignment(Pos.CENTER_LEFT);
        HBox policyRow = new HBox(8, policy, browse);
        policyRow.setAlignment(Pos.CENTER_LEFT);
        grid.addRow(r++, new Label("Endpoint port"), port);
        grid.addRow(r++, new Label("Default lease"), lease);
        grid.addRow(r++, new Label("Policy file"), policyRow);
        grid.addRow(r++, new Label("Launch at login"), atLogin);
        grid.addRow(r++, new Label("Appearance"), theme);
        pictures.setId("pictures");
        HBox limits = new HBox(8, new Label("at most"), picturesMb, new Label("MB, each for"), picturesDays,
                new Label("days"));
        limits.setAlignment(Pos.CENTER_LEFT);
        limits.disableProperty().bind(pictures.selectedProperty().not());
        grid.addRow(r++, new Label("Pictures"), new VBox(6, pictures, limits));
        for (TextField f : new TextField[] {port, actions, minutes, picturesMb, picturesDays}) {
            f.setPrefColumnCount(5);
            f.setMaxWidth(Region.USE_PREF_SIZE);
        }
        Button save = new Button("Save");
        save.setId("save-settings");
        save.getStyleClass().add(Styles.ACCENT);
        save.setOnAction(e -> save());
        message.setId("settings-message");
        message.setWrapText(true);
        VBox root = new VBox(14, Ui.title("Settings"), grid,
                Ui.muted("The port, the default lease and the policy take effect the next time Countersign starts. "
                        + "The default lease is unscoped: any app and window. Activity's pictures (never of password "
                        + "fields or Countersign's own windows) follow these choices from the next act; off takes none."),
                new HBox(8, message, Ui.grow(), save), new Separator(), governed.root);
        root.getStyleClass().add("cs-window");
        root.setPadding(new Insets(16));
        // Tall enough for every row (the pictures row made 740 cut off the governed servers' add
        // row), and scrolled on a screen shorter than that.
        javafx.scene.control.ScrollPane scroll = new javafx.scene.control.ScrollPane(root);
        scroll.setFitToWidth(true);
        scroll.getStyleClass().add("edge-to-edge");
        double height = Math.min(880, javafx.stage.Screen.getPrimary().getVisualBounds().getHeight() - 40);
        stage = Ui.stage("Settings", scroll, 760, height);
        stage.setOnShown(e -> {
            load();
            governed.refresh();
        });
        load();
    }

    private void load() {
        try {
            fill(SettingsModel.Form.of(store.load()));
        } catch (UncheckedIOException | IllegalArgumentException e) {
            fill(SettingsModel.Form.of(AppSettings.defaults()));
            Ui.tone(message, "cs-status-bad");
            message.setText("settings.json could not be read; showing defaults. " + e.getMessage());
        }
    }

    private void fill(SettingsModel.Form f) {
        port.setText(f.port());
        actions.setText(f.leaseActions());
        minutes.setText(f.leaseMinutes());
        policy.setText(f.policyFile());
        atLogin.setSelected(f.launchAtLogin());
        theme.getSelectionModel().select(f.theme());
        pictures.setSelected(f.pictures() == null || f.pictures());
        picturesMb.setText(f.picturesMb());
        picturesDays.setText(f.picturesDays());
    }

    private void save() {
        Result<AppSettings> parsed = SettingsModel.parse(new SettingsModel.Form(port.getText(), actions.getText(),
                minutes.getText(), policy.getText(), atLogin.isSelected(), theme.getValue(), pictures.isSelected(),
                picturesMb.getText(), picturesDays.getText()), loaded());
        if (!parsed.isOk()) {
            Ui.tone(message, "cs-status-bad");
            message.setText(parsed.problem());
            return;
        }
        try {
            store.save(parsed.value().get());
            Ui.tone(message, "cs-status-ok");
            message.setText("Saved to " + store.file().getFileName() + ".");
        } catch (IOException e) {
            Ui.tone(message, "cs-status-bad");
            message.setText("Could not save: " + e.getMessage());
        }
    }

    private AppSettings loaded() {
        try {
            return store.load();
        } catch (UncheckedIOException | IllegalArgumentException e) {
            return AppSettings.defaults();
        }
    }

    private void choosePolicy() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Choose a policy file");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("Policy (JSON)", "*.json"));
        File file = chooser.showOpenDialog(stage);
        if (file != null) {
            policy.setText(file.getAbsolutePath());
        }
    }

    private static TextField field(String id) {
        TextField f = new TextField();
        f.setId(id);
        return f;
    }
}
