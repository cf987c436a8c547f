package dev.countersign.app.windows;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Function;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.application.Platform;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Tooltip;
import javafx.scene.image.Image;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.util.Duration;

/**
 * Activity: the audit log as a timeline of cards, newest first (docs/app.md), with filters by
 * agent, app, outcome and "asked me", "since you were away", and the audit chain's health.
 */
final class ActivityWindow {
    private static final int PICTURE_CACHE = 64;
    private final ActivityTimeline timeline;
    private final Clock clock;
    private final Executor background;
    private final ComboBox<String> agentFilter = combo("agent-filter");
    private final ComboBox<String> appFilter = combo("app-filter");
    private final ComboBox<String> outcomeFilter = combo("status-filter");
    private final CheckBox askedMe = new CheckBox("Asked me");
    private final ListView<TimelineCard> list = new ListView<>();
    private final Label health = new Label();
    private final Label away = new Label();
    private final HBox awayBar;
    private final Map<String, Optional<Image>> pictures = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Optional<Image>> eldest) {
            return size() > PICTURE_CACHE;
        }
    };
    private final Path auditFile;
    private List<TimelineCard> all = List.of();
    /** When the person last opened the window; "since you were away" counts from there. */
    private Instant lastOpened;
    private Instant openedNow;
    private Instant since;
    final Stage stage;

    /**
     * @param looked where the last look is kept across restarts ({@link LastLooked})
     * @param appStarted when the app started: "since you were away" counts from there until the
     *     window is first opened, unless a look from an earlier run was kept
     */
    ActivityWindow(Path auditFile, Executor background, Clock clock, LastLooked looked, Instant appStarted) {
        this.timeline = new ActivityTimeline(auditFile);
        this.auditFile = auditFile;
        this.background = background;
        this.clock = clock;
        this.lastOpened = looked.read().orElse(appStarted);
        outcomeFilter.setItems(FXCollections.observableArrayList(ActivityTimeline.OUTCOMES));
        outcomeFilter.getSelectionModel().select(ActivityTimeline.ALL);
        askedMe.setId("asked-me");
        askedMe.setOnAction(e -> show());
        list.setId("timeline");
        list.getStyleClass().add("cs-timeline");
        list.setCellFactory(v -> new CardCell(this::picture));
        list.setPlaceholder(new Label("No acts yet."));
        VBox.setVgrow(list, Priority.ALWAYS);
        health.setId("audit-health");
        away.setId("away-summary");
        away.setWrapText(true);
        Button showAll = new Button("Show everything");
        showAll.setId("show-all");
        showAll.setOnAction(e -> showSince(null));
        awayBar = new HBox(10, away, Ui.grow(), showAll);
        awayBar.setAlignment(Pos.CENTER_LEFT);
        awayBar.getStyleClass().add("cs-away");
        awayBar.setVisible(false);
        awayBar.setManaged(false);
        HBox filters = new HBox(8, new Label("Agent"), agentFilter, new Label("App"), appFilter, new Label("Outcome"),
                outcomeFilter, askedMe);
        filters.setAlignment(Pos.CENTER_LEFT);
        VBox root = new VBox(12, Ui.title("Activity"), filters, awayBar, list, health);
        root.getStyleClass().add("cs-window");
        root.setPadding(new Insets(16));
        stage = Ui.stage("Activity", root, 900, 620);
        Timeline ticker = new Timeline(new KeyFrame(Duration.seconds(1), e -> reload()));
        ticker.setCycleCount(Timeline.INDEFINITE);
        stage.setOnShown(e -> {
            lastOpened = openedNow == null ? lastOpened : openedNow;
            openedNow = clock.instant();
            Instant look = openedNow;
            background.execute(() -> looked.write(look));
            reload();
            ticker.play();
        });
        stage.setOnHidden(e -> ticker.stop());
    }

    /**
     * Shows only the acts since the person opened the window before this time, with a one-line
     * summary (call once the window is shown: showing it counts as this opening).
     */
    void showSinceAway() {
        showSince(lastOpened);
    }

    private void showSince(Instant from) {
        since = from;
        awayBar.setVisible(from != null);
        awayBar.setManaged(from != null);
        show();
    }

    /** Reads the timeline and the audit chain off the FX thread, then shows them. */
    void reload() {
        background.execute(() -> {
            List<TimelineCard> cards = timeline.cards();
            ActivityModel.Health h = ActivityModel.auditHealth(auditFile);
            Platform.runLater(() -> {
                all = cards;
                choices(agentFilter, ActivityTimeline.choices(cards, TimelineCard::agent));
                choices(appFilter, ActivityTimeline.choices(cards, TimelineCard::app));
                health.setText(h.text());
                health.setTooltip(new Tooltip(h.full()));
                Ui.tone(health, h.tone());
                show();
            });
        });
    }

    private void show() {
        ActivityTimeline.Filter filter = new ActivityTimeline.Filter(
                agentFilter.getValue(), appFilter.getValue(), outcomeFilter.getValue(), askedMe.isSelected(), since);
        List<TimelineCard> shown = ActivityTimeline.filter(all, filter);
        if (since != null) {
            away.setText(ActivityTimeline.awaySummary(shown, since, TimelineCardView.TIME::format));
        }
        if (!shown.equals(list.getItems())) {
            list.setItems(FXCollections.observableArrayList(shown));
        }
    }

    private Optional<Image> picture(String sha256) {
        return pictures.computeIfAbsent(sha256, h -> timeline.picture(h).flatMap(TimelineCardView::image));
    }

    private static void choices(ComboBox<String> box, List<String> choices) {
        if (!choices.equals(box.getItems())) {
            String keep = box.getValue();
            box.setItems(FXCollections.observableArrayList(choices));
            box.getSelectionModel().select(choices.contains(keep) ? keep : ActivityTimeline.ALL);
        }
    }

    private ComboBox<String> combo(String id) {
        ComboBox<String> box = new ComboBox<>(FXCollections.observableArrayList(ActivityTimeline.ALL));
        box.setId(id);
        box.setPrefWidth(170);
        box.getSelectionModel().select(ActivityTimeline.ALL);
        box.setOnAction(e -> show());
        return box;
    }

    /** One act as a card. */
    private static final class CardCell extends ListCell<TimelineCard> {
        private final Function<String, Optional<Image>> pictures;

        CardCell(Function<String, Optional<Image>> pictures) {
            this.pictures = pictures;
            // Cards take the list's width and wrap, instead of scrolling sideways.
            setPrefWidth(0);
        }

        @Override
        protected void updateItem(TimelineCard c, boolean empty) {
            super.updateItem(c, empty);
            setText(null);
            setGraphic(empty || c == null ? null : TimelineCardView.of(c, pictures));
        }
    }
}
