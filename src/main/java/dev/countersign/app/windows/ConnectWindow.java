package dev.countersign.app.windows;

import atlantafx.base.theme.Styles;
import java.net.URI;
import java.util.Optional;
import java.util.function.Supplier;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;

/** "Connect an agent…": name it, issue its token, show the token once with ready config snippets. */
final class ConnectWindow {
    private final ConnectModel model;
    private final Supplier<Optional<URI>> endpoint;
    private final String launcher;
    private final Runnable issuedOne;
    private final TextField name = new TextField();
    private final Label problem = new Label();
    private final VBox result = new VBox(10);
    final Stage stage;

    ConnectWindow(ConnectModel model, Supplier<Optional<URI>> endpoint, String launcher, Runnable issuedOne) {
        this.model = model;
        this.endpoint = endpoint;
        this.launcher = launcher;
        this.issuedOne = issuedOne;
        name.setId("agent-name");
        name.setPromptText("e.g. claude-code");
        name.setPrefColumnCount(22);
        Button issue = new Button("Issue token");
        issue.setId("issue");
        issue.getStyleClass().add(Styles.ACCENT);
        issue.setOnAction(e -> issue());
        problem.setId("connect-problem");
        problem.getStyleClass().add(Styles.DANGER);
        problem.setWrapText(true);
        HBox form = new HBox(8, new Label("Agent name"), name, issue);
        form.setAlignment(Pos.CENTER_LEFT);
        VBox root = new VBox(12, Ui.title("Connect an agent"),
                Ui.muted("Each agent gets its own token. Countersign keeps only a hash of it: the token is shown "
                        + "here once."), form, problem, result);
        root.getStyleClass().add("cs-window");
        root.setPadding(new Insets(16));
        ScrollPane scroll = new ScrollPane(root);
        scroll.setFitToWidth(true);
        scroll.getStyleClass().add("edge-to-edge");
        stage = Ui.stage("Connect an agent", scroll, 720, 640);
    }

    private void issue() {
        Result<AgentRegistry.IssuedToken> r = model.issue(name.getText());
        if (!r.isOk()) {
            problem.setText(r.problem());
            return;
        }
        problem.setText("");
        AgentRegistry.IssuedToken issued = r.value().get();
        result.getChildren().clear();
        TextField token = new TextField(issued.token());
        token.setId("token");
        token.setEditable(false);
        token.getStyleClass().add("cs-token");
        HBox.setHgrow(token, Priority.ALWAYS);
        Label once = new Label("Copy it now: this is the only time Countersign shows this token.");
        once.getStyleClass().add(Styles.WARNING);
        once.setWrapText(true);
        result.getChildren().addAll(new Label("Token for " + issued.name()),
                new HBox(8, token, Ui.copyButton("copy-token", issued::token)), once);
        URI uri = endpoint.get().orElse(URI.create("http://127.0.0.1:7475/mcp"));
        int i = 0;
        for (ConnectModel.Snippet s : ConnectModel.snippets(issued, uri, launcher)) {
            TextArea text = new TextArea(s.text());
            text.setId("snippet-" + i);
            text.setEditable(false);
            text.setWrapText(true);
            text.getStyleClass().add("cs-snippet");
            text.setPrefRowCount((int) Math.min(9, s.text().lines().count() + 1));
            Label title = new Label(s.title());
            title.getStyleClass().add(Styles.TEXT_BOLD);
            title.setWrapText(true);
            HBox head = new HBox(8, title, Ui.grow(), Ui.copyButton("copy-snippet-" + i, s::text));
            head.setAlignment(Pos.CENTER_LEFT);
            result.getChildren().addAll(head, text);
            i++;
        }
        name.clear();
        issuedOne.run();
    }
}
