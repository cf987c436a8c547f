package dev.countersign.app.windows;

import atlantafx.base.theme.Styles;
import dev.countersign.app.fx.Theme;
import java.util.function.Supplier;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.HBox;
import javafx.stage.Stage;

/** Small building blocks the windows share, so they look alike. */
final class Ui {
    private Ui() {
    }

    static Stage stage(String title, Parent root, double width, double height) {
        Stage stage = new Stage();
        stage.setTitle(title + " \u2014 Countersign");
        Scene scene = new Scene(root, width, height);
        Theme.style(scene);
        stage.setScene(scene);
        return stage;
    }

    static Label title(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("cs-title");
        return l;
    }

    static Label muted(String text) {
        Label l = new Label(text);
        l.getStyleClass().add(Styles.TEXT_MUTED);
        l.setWrapText(true);
        // A wrapped label in a VBox otherwise keeps one line and ends in "...".
        l.setMinHeight(Region.USE_PREF_SIZE);
        return l;
    }

    static Region grow() {
        Region r = new Region();
        HBox.setHgrow(r, Priority.ALWAYS);
        return r;
    }

    static Button copyButton(String id, Supplier<String> text) {
        Button b = new Button("Copy");
        b.setId(id);
        b.setMinWidth(Region.USE_PREF_SIZE);
        b.setOnAction(e -> {
            ClipboardContent content = new ClipboardContent();
            content.putString(text.get());
            Clipboard.getSystemClipboard().setContent(content);
            b.setText("Copied");
        });
        return b;
    }

    /** Replaces a label's status tone class (cs-status-*) with another. */
    static void tone(Label label, String tone) {
        label.getStyleClass().removeIf(c -> c.startsWith("cs-status-"));
        label.getStyleClass().add(tone);
    }
}
