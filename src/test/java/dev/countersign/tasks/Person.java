package dev.countersign.tasks;

import dev.countersign.app.FxTests;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.stage.Window;
import javax.imageio.ImageIO;
import org.testfx.api.FxRobot;

/**
 * The person at the desk, played through the real approval dialog of the running app: whenever
 * the dialog shows a question, the person reads it (its words are recorded with a picture of the
 * whole dialog, Set-of-Mark capture included), waits as a person would, and clicks the button with
 * the real pointer. This person allows what is asked, which is what the task suite measures: how
 * often, and for what — either once each time ({@link Mode#ALLOW_ONCE}) or, told to
 * ({@link Mode#GRANT}), with the dialog's grant for a while wherever it offers one (docs/approvals.md).
 */
final class Person implements AutoCloseable {
    /** How this person answers; {@code -Dtasks.person=once|grant|both} chooses for the task suite. */
    enum Mode {
        /** "Allow once", every time. */
        ALLOW_ONCE("once", "allows once, every time"),
        /** "Allow for N min" where the dialog offers it, else "Allow once". */
        GRANT("grant", "takes the grant (\u201cAllow for 10 min\u201d) wherever the dialog offers one, else allows once"),
        /**
         * The person of the harm suite, whose task asked for nothing consequential: denies every
         * question whose category names a consequence ({@link #CONSEQUENCES}), allows the rest
         * (a question that names none cannot be told from the task's own steps).
         */
        GUARDIAN("guardian", "denies every question that names a consequence the task did not ask for, allows the rest");

        final String wire;
        final String words;

        Mode(String wire, String words) {
            this.wire = wire;
            this.words = words;
        }

        /** The modes {@code -Dtasks.person} names: {@code once} (default), {@code grant}, or {@code both}. */
        static List<Mode> chosen(String property) {
            if (property == null || property.isBlank() || property.equals("once")) {
                return List.of(ALLOW_ONCE);
            }
            switch (property) {
                case "grant": return List.of(GRANT);
                case "both": return List.of(ALLOW_ONCE, GRANT);
                case "guardian": return List.of(GUARDIAN);
                default: throw new IllegalArgumentException("tasks.person is once, grant or both, not " + property);
            }
        }
    }

    /** The dialog categories that name a consequence: what a guardian denies when the task asked for none. */
    static final java.util.Set<String> CONSEQUENCES = java.util.Set.of("delete", "money", "security", "discard",
            "publish", "send", "share", "install", "run", "consent", "carry");

    /** One question the person was asked, and the answer. */
    record Question(String agent, String where, String action, String category, String why, String decision,
            String picture) {
        /** The question in one line, as the report prints it. */
        String words() {
            return action + (category == null || category.isBlank() ? "" : " [" + category + "]");
        }
    }

    private final FxRobot robot;
    private final Path pictures;
    private final Mode mode;
    private final List<Question> questions = new ArrayList<>();
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final Thread thread;
    private volatile String task = "task";
    private volatile Throwable failure;

    Person(FxRobot robot, Path pictures) throws IOException {
        this(robot, pictures, Mode.ALLOW_ONCE);
    }

    Person(FxRobot robot, Path pictures, Mode mode) throws IOException {
        this.robot = robot;
        this.mode = mode;
        this.pictures = Files.createDirectories(pictures);
        thread = new Thread(this::watch, "task-person");
        thread.setDaemon(true);
        thread.start();
    }

    /** Starts a new task's record: what it is called in picture names, and no questions yet. */
    synchronized List<Question> begin(String taskId) {
        List<Question> before = List.copyOf(questions);
        questions.clear();
        task = taskId;
        return before;
    }

    synchronized List<Question> questions() {
        return List.copyOf(questions);
    }

    private void watch() {
        while (running.get()) {
            try {
                Optional<Shown> shown = FxTests.onFx(Person::showing);
                if (shown.isPresent()) {
                    answer(shown.get());
                } else {
                    Thread.sleep(100);
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException | IOException e) {
                failure = e;
                try {
                    Thread.sleep(200);
                } catch (InterruptedException ie) {
                    return;
                }
            }
        }
    }

    /** What the dialog shows right now, when it shows a question. */
    private record Shown(Scene scene, Button allow, Button deny, Button grant, String agent, String where,
            String action, String category, String why) {
    }

    private static Optional<Shown> showing() {
        for (Window w : Window.getWindows()) {
            if (!w.isShowing() || w.getScene() == null) {
                continue;
            }
            Node allow = w.getScene().lookup("#allow");
            if (allow instanceof Button b && !b.isDisabled()) {
                Scene s = w.getScene();
                Node grant = s.lookup("#allow-for-a-while");
                Button offered = grant instanceof Button g && g.isVisible() && !g.isDisabled() ? g : null;
                Button deny = s.lookup("#deny") instanceof Button d ? d : null;
                return Optional.of(new Shown(s, b, deny, offered, text(s, "#agent"), text(s, "#where"), text(s, "#action"),
                        text(s, "#category"), text(s, "#why")));
            }
        }
        return Optional.empty();
    }

    private static String text(Scene scene, String id) {
        return scene.lookup(id) instanceof Label l ? l.getText() : null;
    }

    private void answer(Shown shown) throws InterruptedException, IOException {
        // A person reads before clicking; the dialog ignores input during its guard anyway.
        Thread.sleep(900);
        int n;
        synchronized (this) {
            n = questions.size() + 1;
        }
        Path picture = pictures.resolve(task + "-q" + n + ".png");
        BufferedImage image = picture(shown.scene());
        if (image != null) {
            ImageIO.write(image, "png", picture.toFile());
        }
        boolean granting = mode == Mode.GRANT && shown.grant() != null;
        String wire = categoryOf(shown.category());
        boolean denying = mode == Mode.GUARDIAN && shown.deny() != null && CONSEQUENCES.contains(wire);
        // Recorded before the click: the act the click lets run may end the task at once, and the
        // next task's record must not receive this question.
        synchronized (this) {
            questions.add(new Question(shown.agent(), shown.where(), shown.action(), shown.category(), shown.why(),
                    denying ? "deny" : granting ? "allow for a while" : "allow once", picture.getFileName().toString()));
        }
        // A click the dialog's input guard swallowed (it re-arms whenever the dialog regains focus,
        // as it does when an app's open menu lets it go) is clicked again: still this one question,
        // and always on the button as the dialog shows it now, never where it was.
        Shown now = shown;
        for (int click = 0; click < 3; click++) {
            robot.clickOn(denying ? now.deny() : granting ? now.grant() : now.allow());
            // Wait until this question has left the dialog before looking for the next.
            long end = System.nanoTime() + 5_000_000_000L;
            while (System.nanoTime() < end && stillShowing(shown)) {
                Thread.sleep(50);
            }
            Thread.sleep(700);
            Optional<Shown> again = FxTests.onFx(Person::showing);
            if (again.isEmpty() || again.get().scene() != shown.scene() || !same(again.get().action(), shown.action())) {
                return;
            }
            now = again.get();
        }
    }

    private static boolean stillShowing(Shown shown) {
        return FxTests.onFx(() -> showing()
                .map(s -> s.scene() == shown.scene() && same(s.action(), shown.action())).orElse(false));
    }

    /** The category's wire name from the label the dialog shows it by (ApprovalView.categoryLabel). */
    static String categoryOf(String label) {
        if (label == null) {
            return "";
        }
        for (String wire : List.of("delete", "money", "security", "discard", "publish", "send", "share", "install",
                "run", "consent", "carry", "value", "unknown_target")) {
            if (label.equals(dev.countersign.app.dialog.DialogLabels.category(wire))) {
                return wire;
            }
        }
        return "";
    }

    /**
     * The dialog as the person sees it. JavaFX's label layout sometimes throws while a label's
     * text is being cut to fit (StringIndexOutOfBoundsException in LabeledSkinBase): the picture
     * is taken again a moment later, and the question is still answered without one if it fails twice.
     */
    private static BufferedImage picture(Scene scene) throws InterruptedException {
        for (int attempt = 0; attempt < 2; attempt++) {
            try {
                return FxTests.onFx(() -> toImage(scene.snapshot(null)));
            } catch (RuntimeException e) {
                Thread.sleep(200);
            }
        }
        return null;
    }

    private static boolean same(String a, String b) {
        return a == null ? b == null : a.equals(b);
    }

    private static BufferedImage toImage(WritableImage fx) {
        int w = (int) fx.getWidth();
        int h = (int) fx.getHeight();
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        PixelReader px = fx.getPixelReader();
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                out.setRGB(x, y, px.getArgb(x, y));
            }
        }
        return out;
    }

    /** A failure the person's thread met (a dialog it could not read or click), if any. */
    Optional<Throwable> failure() {
        return Optional.ofNullable(failure);
    }

    @Override
    public void close() throws InterruptedException {
        running.set(false);
        thread.interrupt();
        thread.join(5_000);
    }
}
