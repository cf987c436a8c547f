package dev.countersign.app.fx;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;

/** Starts the JavaFX toolkit once per process, for the app and for tests alike. */
public final class FxPlatform {
    private static boolean started;

    private FxPlatform() {
    }

    /**
     * Starts the toolkit if it is not running and keeps it alive with no window open (the app
     * lives in the tray). Blocks until the toolkit answers; never call it on the FX thread.
     */
    public static synchronized void start() throws InterruptedException {
        if (!started) {
            CountDownLatch up = new CountDownLatch(1);
            try {
                Platform.startup(up::countDown);
            } catch (IllegalStateException alreadyRunning) {
                // Someone (TestFX, an embedding) started it first: that toolkit serves us too.
                Platform.runLater(up::countDown);
            }
            if (!up.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the JavaFX toolkit did not start within 30 s");
            }
            started = true;
        }
        Platform.setImplicitExit(false);
    }
}
