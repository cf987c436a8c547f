package dev.countersign.app.windows;

import java.io.ByteArrayInputStream;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.image.Image;
import javafx.scene.image.ImageView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * One act as a card: when, which agent, the outcome's colour, "asked you" when the person was, the
 * act in words, the outcome and its evidence, who allowed it, and its small pictures. The act's
 * words (which hold text an agent or an app chose) are one plain line of their own; who allowed it
 * and the outcome sit in labels of their own, so no chosen text can pose as either.
 */
final class TimelineCardView {
    static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("d MMM HH:mm:ss").withZone(ZoneId.systemDefault());
    /** The pictures' roles in the order shown, with their captions. */
    static final Map<String, String> ROLES = new LinkedHashMap<>();

    static {
        ROLES.put("question", "what you were asked");
        ROLES.put("before", "before");
        ROLES.put("after", "after");
    }

    private TimelineCardView() {
    }

    static Node of(TimelineCard c, Function<String, Optional<Image>> pictures) {
        Label time = new Label(TIME.format(c.at()));
        time.getStyleClass().add("cs-status-muted");
        Label agent = new Label(c.agent());
        agent.getStyleClass().add("cs-title-small");
        agent.setId("card-agent");
        Label status = new Label(c.status());
        status.setId("card-status");
        Ui.tone(status, ActivityModel.tone(c.status()));
        HBox head = new HBox(10, time, agent, status);
        head.setAlignment(Pos.CENTER_LEFT);
        if (c.askedMe()) {
            Label asked = new Label("asked you");
            asked.setId("card-asked");
            asked.getStyleClass().add("cs-card-badge");
            head.getChildren().add(asked);
        }
        Label act = wrapped(c.act(), "card-act");
        act.getStyleClass().add("cs-card-act");
        Label outcome = wrapped(c.outcome(), "card-outcome");
        Ui.tone(outcome, ActivityModel.tone(c.status()));
        Label allowed = wrapped(c.allowedBy(), "card-allowed");
        allowed.getStyleClass().add("cs-status-muted");
        VBox card = new VBox(head, act, outcome, allowed);
        card.getStyleClass().add("cs-card");
        card.setId("card-" + c.seq());
        HBox shots = new HBox(8);
        for (Map.Entry<String, String> role : ROLES.entrySet()) {
            String hash = c.pictures().get(role.getKey());
            if (hash != null) {
                // Another machine's pictures say so: they show its screen, not this one's.
                String caption = c.machine() == null ? role.getValue() : role.getValue() + ", on " + c.machine();
                shots.getChildren().add(picture(role.getKey(), caption, pictures.apply(hash)));
            }
        }
        if (!shots.getChildren().isEmpty()) {
            card.getChildren().add(shots);
        }
        return card;
    }

    private static Node picture(String role, String caption, Optional<Image> image) {
        Label under = new Label(caption);
        under.getStyleClass().add("cs-status-muted");
        VBox box = new VBox(2);
        box.setId("card-picture-" + role);
        if (image.isPresent()) {
            ImageView view = new ImageView(image.get());
            view.setPreserveRatio(true);
            view.setFitWidth(Math.min(160, image.get().getWidth()));
            view.setFitHeight(Math.min(100, image.get().getHeight()));
            view.getStyleClass().add("cs-card-picture");
            box.getChildren().addAll(view, under);
        } else {
            box.getChildren().addAll(new Label("(no longer kept)"), under);
        }
        return box;
    }

    /** An image of PNG bytes, or empty when they are not an image. */
    static Optional<Image> image(byte[] png) {
        Image image = new Image(new ByteArrayInputStream(png));
        return image.isError() ? Optional.empty() : Optional.of(image);
    }

    private static Label wrapped(String text, String id) {
        Label l = new Label(text);
        l.setId(id);
        l.setWrapText(true);
        l.setMinHeight(Region.USE_PREF_SIZE);
        return l;
    }
}
