package dev.countersign.app.windows;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.application.Platform;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.util.Duration;

/** Activity: receipts across agents, newest first, filters, a detail pane and the audit chain's health. */
final class ActivityWindow {
    private final ActivityFeed feed;
    private final Supplier<List<String>> agents;
    private final Path auditFile;
    private final Executor background;
    private final ComboBox<String> agentFilter = new ComboBox<>();
    private final ComboBox<String> statusFilter = new ComboBox<>(FXCollections.observableArrayList(ActivityModel.STATUSES));
    private final ListView<ActivityFeed.Entry> list = new ListView<>();
    private final TextArea detail = new TextArea();
    private final Label health = new Label();
    private List<ActivityFeed.Entry> all = List.of();
    final Stage stage;

    ActivityWindow(ActivityFeed feed, Supplier<List<String>> agents, Path auditFile, Executor background) {
        this.feed = feed;
        this.agents = agents;
        this.auditFile = auditFile;
        this.background = background;
        agentFilter.setId("agent-filter");
        agentFilter.setPrefWidth(220);
        statusFilter.setPrefWidth(140);
        statusFilter.setId("status-filter");
        agentFilter.setItems(FXCollections.observableArrayList(ActivityModel.ALL));
        agentFilter.getSelectionModel().select(ActivityModel.ALL);
        statusFilter.getSelectionModel().select(ActivityModel.ALL);
        agentFilter.setOnAction(e -> show());
        statusFilter.setOnAction(e -> show());
        list.setId("receipts");
        list.setCellFactory(v -> new ReceiptCell());
        list.setPlaceholder(new Label("No receipts yet."));
        list.getSelectionModel().selectedItemProperty().addListener((o, a, b) ->
                detail.setText(b == null ? "" : ActivityModel.detail(b)));
        detail.setId("receipt-detail");
        detail.setEditable(false);
        detail.setWrapText(true);
        detail.getStyleClass().add("cs-snippet");
        detail.setPromptText("Select a receipt to see what happened.");
        health.setId("audit-health");
        SplitPane split = new SplitPane(list, detail);
        split.setDividerPositions(0.5);
        VBox.setVgrow(split, Priority.ALWAYS);
        HBox filters = new HBox(8, new Label("Agent"), agentFilter, new Label("Status"), statusFilter);
        filters.setAlignment(Pos.CENTER_LEFT);
        VBox root = new VBox(12, Ui.title("Activity"), filters, split, health);
        root.getStyleClass().add("cs-window");
        root.setPadding(new Insets(16));
        stage = Ui.stage("Activity", root, 900, 520);
        Timeline ticker = new Timeline(new KeyFrame(Duration.seconds(1), e -> reload()));
        ticker.setCycleCount(Timeline.INDEFINITE);
        stage.setOnShown(e -> {
            reload();
            ticker.play();
        });
        stage.setOnHidden(e -> ticker.stop());
    }

    /** Reads receipts and the audit chain off the FX thread, then shows them. */
    void reload() {
        background.execute(() -> {
            List<String> names = agents.get();
            List<ActivityFeed.Entry> entries = feed.poll(names);
            ActivityModel.Health h = ActivityModel.auditHealth(auditFile);
            Platform.runLater(() -> {
                all = entries;
                List<String> choices = ActivityModel.agents(names);
                if (!choices.equals(agentFilter.getItems())) {
                    String keep = agentFilter.getValue();
                    agentFilter.setItems(FXCollections.observableArrayList(choices));
                    agentFilter.getSelectionModel().select(choices.contains(keep) ? keep : ActivityModel.ALL);
                }
                health.setText(h.text());
                health.setTooltip(new Tooltip(h.full()));
                Ui.tone(health, h.tone());
                show();
            });
        });
    }

    private void show() {
        ActivityFeed.Entry keep = list.getSelectionModel().getSelectedItem();
        List<ActivityFeed.Entry> shown = ActivityModel.filter(all, agentFilter.getValue(), statusFilter.getValue());
        if (!shown.equals(list.getItems())) {
            list.setItems(FXCollections.observableArrayList(shown));
            if (keep != null && shown.contains(keep)) {
                list.getSelectionModel().select(keep);
            }
        }
    }

    /** One receipt: time, agent, coloured status, and what happened. */
    private static final class ReceiptCell extends ListCell<ActivityFeed.Entry> {
        private final Label time = new Label();
        private final Label agent = new Label();
        private final Label status = new Label();
        private final Label what = new Label();
        private final HBox box = new HBox(10, time, status, agent, what);

        ReceiptCell() {
            time.getStyleClass().add("cs-status-muted");
            time.setMinWidth(64);
            status.setMinWidth(80);
            status.getStyleClass().add("cs-title-small");
            agent.setMinWidth(90);
            agent.setMaxWidth(140);
            box.setAlignment(Pos.CENTER_LEFT);
            // Cells take the list's width, so long details end in "..." instead of scrolling sideways.
            setPrefWidth(0);
            what.setMinWidth(0);
        }

        @Override
        protected void updateItem(ActivityFeed.Entry e, boolean empty) {
            super.updateItem(e, empty);
            if (empty || e == null) {
                setGraphic(null);
                return;
            }
            time.setText(ActivityModel.time(e));
            agent.setText(e.agent());
            status.setText(e.receipt().status());
            Ui.tone(status, ActivityModel.tone(e.receipt().status()));
            String code = e.receipt().code();
            what.setText(code != null ? code : e.receipt().detail() == null ? "" : e.receipt().detail());
            setGraphic(box);
        }
    }
}
