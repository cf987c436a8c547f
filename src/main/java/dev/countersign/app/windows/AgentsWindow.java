package dev.countersign.app.windows;

import atlantafx.base.theme.Styles;
import dev.countersign.driver.LeaseBook;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.event.ActionEvent;
import javafx.geometry.Insets;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.util.Duration;

/**
 * Agents & leases: each agent's lease (budget, expiry, boundaries), edit, revoke, remove; and the
 * live grants for a task the person gave in the approval dialog, each revocable.
 */
final class AgentsWindow {
    private final AgentsModel model;
    private final Supplier<LeaseBook.Terms> defaults;
    private final Runnable connect;
    private final TableView<AgentsModel.Row> table = new TableView<>();
    private final TableView<AgentsModel.GrantRow> grants = new TableView<>();
    private final Label status = Ui.muted("");
    final Stage stage;

    AgentsWindow(AgentsModel model, Supplier<LeaseBook.Terms> defaults, Runnable connect) {
        this.model = model;
        this.defaults = defaults;
        this.connect = connect;
        table.setId("agents");
        table.getColumns().add(column("Agent", 150, AgentsModel.Row::name));
        TableColumn<AgentsModel.Row, String> lease = column("Lease", 90, AgentsModel.Row::leaseState);
        lease.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : item);
                getStyleClass().removeIf(s -> s.startsWith("cs-status-"));
                if (!empty && item != null) {
                    getStyleClass().add("active".equals(item) ? "cs-status-ok"
                            : "none yet".equals(item) ? "cs-status-muted" : "cs-status-bad");
                }
            }
        });
        table.getColumns().add(lease);
        table.getColumns().add(column("Budget", 130, AgentsModel.Row::budget));
        table.getColumns().add(column("Expiry", 150, AgentsModel.Row::expiry));
        table.getColumns().add(column("Boundaries", 220, AgentsModel.Row::boundaries));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPlaceholder(Ui.muted("No agents yet. Use \u201CConnect an agent\u2026\u201D to issue a token."));
        VBox.setVgrow(table, Priority.ALWAYS);

        Button add = new Button("Connect an agent\u2026");
        add.setId("connect");
        add.getStyleClass().add(Styles.ACCENT);
        add.setOnAction(e -> connect.run());
        Button edit = new Button("Edit lease\u2026");
        edit.setId("edit-lease");
        edit.setOnAction(e -> selected().ifPresent(this::edit));
        Button revoke = new Button("Revoke lease");
        revoke.setId("revoke-lease");
        revoke.setOnAction(e -> selected().ifPresent(name -> {
            model.revokeLease(name);
            status.setText("Revoked " + name + "\u2019s lease: its actions are refused until you grant a new one.");
            refresh();
        }));
        Button remove = new Button("Remove agent\u2026");
        remove.setId("remove-agent");
        remove.getStyleClass().add(Styles.DANGER);
        remove.setOnAction(e -> selected().ifPresent(this::remove));
        edit.disableProperty().bind(table.getSelectionModel().selectedItemProperty().isNull());
        revoke.disableProperty().bind(edit.disableProperty());
        remove.disableProperty().bind(edit.disableProperty());

        HBox buttons = new HBox(8, add, Ui.grow(), edit, revoke, remove);

        grants.setId("grants");
        grants.getColumns().add(grantColumn("Agent", 130, AgentsModel.GrantRow::agent));
        grants.getColumns().add(grantColumn("Allows", 150, AgentsModel.GrantRow::allows));
        grants.getColumns().add(grantColumn("Where", 250, AgentsModel.GrantRow::where));
        grants.getColumns().add(grantColumn("Used", 100, AgentsModel.GrantRow::uses));
        grants.getColumns().add(grantColumn("Expiry", 130, AgentsModel.GrantRow::expiry));
        grants.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        grants.setPlaceholder(Ui.muted("No grants. \u201CAllow for 10 min\u201D in the approval dialog gives one."));
        grants.setPrefHeight(130);
        grants.setMinHeight(110);
        Button revokeGrant = new Button("Revoke grant");
        revokeGrant.setId("revoke-grant");
        revokeGrant.disableProperty().bind(grants.getSelectionModel().selectedItemProperty().isNull());
        revokeGrant.setOnAction(e -> Optional.ofNullable(grants.getSelectionModel().getSelectedItem()).ifPresent(g -> {
            model.revokeGrant(g.id());
            status.setText("Revoked " + g.agent() + "\u2019s grant for " + g.allows()
                    + ": each such act asks you again.");
            refresh();
        }));
        HBox grantButtons = new HBox(8, Ui.grow(), revokeGrant);

        VBox root = new VBox(12, Ui.title("Agents & leases"),
                Ui.muted("A lease is your standing grant to one agent: how many actions, until when, which apps "
                        + "and windows. Empty boundaries mean any app and window."),
                table, buttons,
                Ui.muted("Grants for a task: kinds of act you allowed for a while in the approval dialog. Each "
                        + "ends at its time or its last act; pausing, revoking the agent and quitting end them."),
                grants, grantButtons, status);
        root.getStyleClass().add("cs-window");
        root.setPadding(new Insets(16));
        stage = Ui.stage("Agents & leases", root, 860, 620);
        Timeline ticker = new Timeline(new KeyFrame(Duration.seconds(2), e -> refresh()));
        ticker.setCycleCount(Timeline.INDEFINITE);
        stage.setOnShown(e -> ticker.play());
        stage.setOnHidden(e -> ticker.stop());
        refresh();
    }

    void refresh() {
        String keepGrant = Optional.ofNullable(grants.getSelectionModel().getSelectedItem())
                .map(AgentsModel.GrantRow::id).orElse(null);
        grants.setItems(FXCollections.observableArrayList(model.grantRows()));
        if (keepGrant != null) {
            grants.getItems().stream().filter(g -> g.id().equals(keepGrant)).findFirst()
                    .ifPresent(g -> grants.getSelectionModel().select(g));
        }
        String keep = selected().orElse(null);
        table.setItems(FXCollections.observableArrayList(model.rows()));
        if (keep != null) {
            table.getItems().stream().filter(r -> r.name().equals(keep)).findFirst()
                    .ifPresent(r -> table.getSelectionModel().select(r));
        }
    }

    private Optional<String> selected() {
        return Optional.ofNullable(table.getSelectionModel().getSelectedItem()).map(AgentsModel.Row::name);
    }

    private void edit(String name) {
        AgentsModel.LeaseForm form = model.formFor(name, defaults.get());
        TextField actions = field("lease-actions", form.actions());
        TextField minutes = field("lease-minutes", form.minutes());
        TextField apps = field("lease-apps", form.apps());
        apps.setPromptText("any app (comma-separated names)");
        TextField windows = field("lease-windows", form.windows());
        windows.setPromptText("any window (comma-separated ids)");
        Label problem = new Label();
        problem.getStyleClass().add(Styles.DANGER);
        GridPane grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(8);
        grid.addRow(0, new Label("Actions"), actions);
        grid.addRow(1, new Label("Minutes from now"), minutes);
        grid.addRow(2, new Label("Apps"), apps);
        grid.addRow(3, new Label("Windows"), windows);
        grid.add(problem, 0, 4, 2, 1);
        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.initOwner(stage);
        dialog.setTitle("Lease for " + name);
        dialog.setHeaderText("Grant " + name + " a fresh lease");
        dialog.getDialogPane().setContent(grid);
        ButtonType grant = new ButtonType("Grant", ButtonBar.ButtonData.OK_DONE);
        dialog.getDialogPane().getButtonTypes().addAll(ButtonType.CANCEL, grant);
        dialog.getDialogPane().lookupButton(grant).addEventFilter(ActionEvent.ACTION, e -> {
            Result<?> r = model.grant(name, new AgentsModel.LeaseForm(actions.getText(), minutes.getText(),
                    apps.getText(), windows.getText()));
            if (!r.isOk()) {
                problem.setText(r.problem());
                e.consume();
            }
        });
        dialog.showAndWait().filter(b -> b == grant).ifPresent(b -> {
            status.setText("Granted " + name + " a fresh lease.");
            refresh();
        });
    }

    private void remove(String name) {
        Alert confirm = new Alert(Alert.AlertType.CONFIRMATION,
                name + "\u2019s token stops working at once, its lease is revoked and its waiting requests are "
                        + "denied. To connect it again, issue a new token.", ButtonType.CANCEL, ButtonType.OK);
        confirm.initOwner(stage);
        confirm.setHeaderText("Remove " + name + "?");
        confirm.showAndWait().filter(b -> b == ButtonType.OK).ifPresent(b -> {
            model.remove(name);
            status.setText("Removed " + name + ": its token is revoked.");
            refresh();
        });
    }

    private static TextField field(String id, String text) {
        TextField f = new TextField(text);
        f.setId(id);
        f.setPrefColumnCount(24);
        return f;
    }

    private static TableColumn<AgentsModel.GrantRow, String> grantColumn(String title, double width,
            Function<AgentsModel.GrantRow, String> value) {
        TableColumn<AgentsModel.GrantRow, String> c = new TableColumn<>(title);
        c.setPrefWidth(width);
        c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        return c;
    }

    private static TableColumn<AgentsModel.Row, String> column(String title, double width,
            Function<AgentsModel.Row, String> value) {
        TableColumn<AgentsModel.Row, String> c = new TableColumn<>(title);
        c.setPrefWidth(width);
        c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        return c;
    }
}
