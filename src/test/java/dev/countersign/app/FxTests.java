package dev.countersign.app;

import dev.countersign.app.fx.FxPlatform;
import dev.countersign.app.fx.Theme;
import dev.countersign.desktop.TestDesktopExtension;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import javafx.application.Platform;
import javax.imageio.ImageIO;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;

/**
 * The one place app tests start JavaFX: on the private test desktop, with TestFX's glass robot
 * (real X input through the toolkit; no Monocle).
 */
public final class FxTests {
    private FxTests() {
    }

    /** Starts the toolkit with the light theme and returns a robot; fails without the test desktop. */
    public static FxRobot start() {
        TestDesktopExtension.requireTestDesktop();
        System.setProperty("testfx.robot", "glass");
        System.setProperty("testfx.setup.timeout", "20000");
        try {
            FxToolkit.registerPrimaryStage();
            FxPlatform.start();
        } catch (TimeoutException e) {
            throw new IllegalStateException("the JavaFX toolkit did not start", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        onFx(() -> {
            Theme.LIGHT.install();
            return null;
        });
        return new FxRobot();
    }

    /** Runs on the FX thread and waits for the result. */
    public static <T> T onFx(Callable<T> work) {
        CompletableFuture<T> result = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                result.complete(work.call());
            } catch (Exception e) {  // test helper: hand any failure to the waiting test thread
                result.completeExceptionally(e);
            }
        });
        try {
            return result.get(10, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Polls until the condition holds (checked on the FX thread) or the time is up. */
    public static boolean eventually(Duration limit, BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < end) {
            if (onFx(condition::getAsBoolean)) {
                return true;
            }
            Thread.sleep(25);
        }
        return onFx(condition::getAsBoolean);
    }

    /** A small PNG standing in for a Set-of-Mark screenshot. */
    public static byte[] png(int width, int height) {
        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setColor(new Color(0xF6F8FA));
        g.fillRect(0, 0, width, height);
        g.setColor(new Color(0xCF222E));
        g.setStroke(new java.awt.BasicStroke(3));
        g.drawRect(width / 3, height / 3, width / 3, height / 6);
        g.dispose();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ImageIO.write(img, "png", out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
