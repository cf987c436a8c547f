package dev.countersign.app.fx;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.scene.paint.Color;
import javafx.scene.robot.Robot;
import javafx.stage.Stage;
import javafx.stage.StageStyle;

/**
 * A fresh JVM that starts the toolkit the way the app does and reports, one {@code key=value} a line,
 * what {@link IdlePulseDesktopTest} checks: how often the FX thread wakes with no window, whether a
 * window shown afterwards gets its pulses and is drawn, the wakes after it hides again, and what
 * renders. A process of its own, because the test JVM's toolkit was started by TestFX before
 * {@link FxPlatform} could choose the pipeline.
 */
public final class IdlePulseProbe {
    private IdlePulseProbe() {
    }

    public static void main(String[] args) throws Exception {
        FxPlatform.start();
        Path fxThread = currentTaskStatus();
        System.out.println("installed=" + FxPlatform.idlePulse().isPresent());
        Thread.sleep(2000);  // the stop is due a second after start with no window
        System.out.println("idleWakes=" + wakesOver(fxThread, 2000));
        System.out.println("runningIdle=" + FxPlatform.idlePulse().map(IdlePulse::running).orElse(true));

        AtomicInteger frames = new AtomicInteger();
        Stage stage = onFx(() -> {
            Stage s = new Stage(StageStyle.UNDECORATED);
            s.setScene(new Scene(new StackPane(), 120, 80, Color.rgb(200, 30, 160)));
            s.setX(40);
            s.setY(40);
            new AnimationTimer() {
                @Override
                public void handle(long now) {
                    frames.incrementAndGet();
                }
            }.start();
            s.show();
            return s;
        });
        Thread.sleep(1000);
        System.out.println("framesShowing=" + frames.get());
        System.out.println("pixel=" + onFx(() -> new Robot().getPixelColor(100, 80)));
        onFx(() -> {
            stage.hide();
            return null;
        });
        Thread.sleep(2000);
        int before = frames.get();
        System.out.println("idleWakesAfterHide=" + wakesOver(fxThread, 2000));
        System.out.println("framesHidden=" + (frames.get() - before));
        // A quiet window (the status window's kind) stays on screen: the timer stops while nothing
        // happens in it, and a change announced with wake() is drawn.
        StackPane quietRoot = new StackPane();
        Stage quiet = onFx(() -> {
            Stage s = new Stage(StageStyle.UNDECORATED);
            s.setScene(new Scene(quietRoot, 120, 80, Color.rgb(20, 160, 60)));
            s.setX(300);
            s.setY(40);
            s.getProperties().put(IdlePulse.QUIET, Boolean.TRUE);
            s.show();
            return s;
        });
        Thread.sleep(2500);
        System.out.println("quietPixel=" + onFx(() -> new Robot().getPixelColor(360, 80)));
        System.out.println("runningQuiet=" + onFx(() -> FxPlatform.idlePulse().map(IdlePulse::running).orElse(true)));
        System.out.println("quietWakes=" + wakesOver(fxThread, 2000));
        onFx(() -> {
            quiet.getScene().setFill(Color.rgb(30, 60, 200));
            FxPlatform.idlePulse().ifPresent(IdlePulse::wake);
            return null;
        });
        Thread.sleep(500);
        System.out.println("quietChangedPixel=" + onFx(() -> new Robot().getPixelColor(360, 80)));
        System.out.println("pipeline=" + com.sun.prism.GraphicsPipeline.getPipeline().getClass().getSimpleName());
        System.out.println("glMapped=" + Files.readString(Path.of("/proc/self/maps")).contains("libGL"));
        Platform.exit();
        System.exit(0);
    }

    /** The FX thread's {@code /proc} status: the task whose name the toolkit set (Linux keeps 15 characters). */
    private static Path currentTaskStatus() throws IOException {
        try (var tasks = Files.list(Path.of("/proc/self/task"))) {
            return tasks.filter(t -> {
                try {
                    return Files.readString(t.resolve("comm")).strip().equals("JavaFX Applicat");
                } catch (IOException e) {
                    return false;
                }
            }).findFirst().orElseThrow().resolve("status");
        }
    }

    private static long wakesOver(Path status, long millis) throws Exception {
        long start = voluntarySwitches(status);
        Thread.sleep(millis);
        return voluntarySwitches(status) - start;
    }

    private static long voluntarySwitches(Path status) throws IOException {
        return Files.readAllLines(status).stream().filter(l -> l.startsWith("voluntary_ctxt_switches:"))
                .mapToLong(l -> Long.parseLong(l.substring(l.indexOf(':') + 1).trim())).findFirst().orElseThrow();
    }

    private static <T> T onFx(java.util.concurrent.Callable<T> work) throws Exception {
        CompletableFuture<T> result = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                result.complete(work.call());
            } catch (Exception e) {  // probe: hand any failure to the main thread
                result.completeExceptionally(e);
            }
        });
        return result.get(10, TimeUnit.SECONDS);
    }
}
