package dev.countersign.app.windows;

import atlantafx.base.theme.Styles;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Control;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;

/**
 * The Settings window's "Governed servers": the servers in govern.json, what each offers agents
 * and withholds once started, adding one (checked, started once, as {@code countersign govern})
 * and removing one. Starting a server runs on the background executor; the list and message
 * update on the FX thread.
 */
final class GovernPane {
    private final GovernModel model;
    private final Executor background;
    private final TableView<GovernModel.Row> table = new TableView<>();
    private final TextField name = new TextField();
    private final TextField command = new TextField();
    private final Button add = new Button("Add");
    private final Button check = new Button("Check");
    private final Button remove = new Button("Remove");
    private final Label message = new Label();
    private final Label restart = new Label();
    final VBox root;

    GovernPane(GovernModel model, Executor background) {
        this.model = model;
        this.background = background;
        table.setId("governed");
        name.setId("govern-name");
        command.setId("govern-command");
        add.setId("govern-add");
        check.setId("govern-check");
        remove.setId("govern-remove");
        message.setId("govern-message");
        restart.setId("govern-restart");
        message.setWrapText(true);
        restart.setWrapText(true);
        message.setMinHeight(Region.USE_PREF_SIZE);
        restart.setMinHeight(Region.USE_PREF_SIZE);
        Ui.tone(restart, "cs-status-warn");

        table.getColumns().add(column("Name", GovernModel.Row::name, 90));
        table.getColumns().add(column("Command", GovernModel.Row::command, 200));
        TableColumn<GovernModel.Row, String> offers = column("What agents get", GovernModel.Row::offers, 300);
        offers.setCellFactory(c -> new WrappingCell());
        table.getColumns().add(offers);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPlaceholder(new Label("No governed servers. Add one below, or: countersign govern NAME -- COMMAND"));
        table.setPrefHeight(150);
        table.setMinHeight(120);
        for (Button b : new Button[] {add, check, remove}) {
            b.setMinWidth(Region.USE_PREF_SIZE);
        }

        name.setPromptText("desk");
        name.setPrefColumnCount(8);
        command.setPromptText("npx -y computer-use-mcp");
        HBox.setHgrow(command, Priority.ALWAYS);
        add.getStyleClass().add(Styles.ACCENT);
        add.setOnAction(e -> startAdd());
        check.setOnAction(e -> startCheck());
        remove.setOnAction(e -> doRemove());
        check.disableProperty().bind(table.getSelectionModel().selectedItemProperty().isNull());
        remove.disableProperty().bind(table.getSelectionModel().selectedItemProperty().isNull());

        HBox rowActions = new HBox(8, message, Ui.grow(), check, remove);
        rowActions.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(message, Priority.ALWAYS);
        HBox addRow = new HBox(8, new Label("Name"), name, new Label("Command"), command, add);
        addRow.setAlignment(Pos.CENTER_LEFT);
        Label heading = new Label("Governed servers");
        heading.getStyleClass().add(Styles.TITLE_4);
        root = new VBox(8, heading,
                Ui.muted("Raw computer-use MCP servers Countersign starts and offers agents under its governance: "
                        + "every click, key and scroll runs the governed graph. Only you add them here or with "
                        + "countersign govern; agents cannot. Changes apply the next time Countersign starts."),
                table, rowActions, addRow, restart);
        refresh();
    }

    /** Re-reads govern.json into the list. */
    void refresh() {
        var rows = model.rows();
        if (rows.isOk()) {
            table.getItems().setAll(rows.value().get());
        } else {
            table.getItems().clear();
            show(false, rows.problem());
        }
        restart.setText(model.restartNote());
        restart.setVisible(model.restartNeeded());
        restart.setManaged(model.restartNeeded());
    }

    private void startAdd() {
        String n = name.getText();
        String line = command.getText();
        busy(true);
        show(true, "Starting '" + n.trim() + "' once to see what it offers\u2026");
        run(() -> model.add(n, line), ok -> {
            if (ok) {
                name.clear();
                command.clear();
            }
        });
    }

    private void startCheck() {
        GovernModel.Row row = table.getSelectionModel().getSelectedItem();
        busy(true);
        show(true, "Starting '" + row.name() + "' once to see what it offers\u2026");
        run(() -> {
            Result<String> r = model.check(row.name());
            return r.isOk() ? Result.ok("Started '" + row.name() + "' once: its row says what agents get.") : r;
        }, ok -> { });
    }

    private void doRemove() {
        GovernModel.Row row = table.getSelectionModel().getSelectedItem();
        Result<String> r = model.remove(row.name());
        show(r.isOk(), r.isOk() ? r.value().get() : r.problem());
        refresh();
    }

    private void run(Supplier<Result<String>> work, Consumer<Boolean> then) {
        background.execute(() -> {
            Result<String> r = work.get();
            Platform.runLater(() -> {
                busy(false);
                refresh();
                show(r.isOk(), r.isOk() ? r.value().get() : r.problem());
                then.accept(r.isOk());
            });
        });
    }

    private void busy(boolean busy) {
        add.setDisable(busy);
        name.setDisable(busy);
        command.setDisable(busy);
    }

    private void show(boolean ok, String text) {
        Ui.tone(message, ok ? "cs-status-ok" : "cs-status-bad");
        message.setText(text);
    }

    private static TableColumn<GovernModel.Row, String> column(String title,
            Function<GovernModel.Row, String> value, double width) {
        TableColumn<GovernModel.Row, String> c = new TableColumn<>(title);
        c.setCellValueFactory(d -> new ReadOnlyStringWrapper(value.apply(d.getValue())));
        c.setPrefWidth(width);
        return c;
    }

    List<GovernModel.Row> rows() {
        return List.copyOf(table.getItems());
    }

    /** A cell whose text wraps to the column's width, so an offer and its reasons read whole. */
    private static final class WrappingCell extends TableCell<GovernModel.Row, String> {
        private final Text text = new Text();

        WrappingCell() {
            text.fillProperty().bind(textFillProperty());
            setGraphic(text);
            setPrefHeight(Control.USE_COMPUTED_SIZE);
            tableColumnProperty().addListener((o, was, column) -> {
                if (column != null) {
                    text.wrappingWidthProperty().bind(column.widthProperty().subtract(12));
                }
            });
        }

        @Override
        protected void updateItem(String item, boolean empty) {
            super.updateItem(item, empty);
            text.setText(empty || item == null ? "" : item);
        }
    }
}
