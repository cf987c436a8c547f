package dev.countersign.app.fx;

import com.sun.jna.Library;
import com.sun.jna.Native;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.application.Platform;
import org.slf4j.LoggerFactory;

/** Starts the JavaFX toolkit once per process, for the app and for tests alike. */
public final class FxPlatform {
    private static boolean started;
    private static Optional<IdlePulse> idlePulse = Optional.empty();

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
                renderInSoftwareOnLinux();
                Platform.startup(up::countDown);
            } catch (IllegalStateException alreadyRunning) {
                // Someone (TestFX, an embedding) started it first: that toolkit serves us too.
                Platform.runLater(up::countDown);
            }
            if (!up.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the JavaFX toolkit did not start within 30 s");
            }
            idlePulse = onFxThread();
            started = true;
        }
        Platform.setImplicitExit(false);
    }

    /** The watcher that stops the pulse timer while no window shows, where this toolkit needs one. */
    public static synchronized Optional<IdlePulse> idlePulse() {
        return idlePulse;
    }

    /**
     * Countersign's windows are a few dialogs: Prism's software pipeline draws them as well, and keeps a
     * GL driver (on the test desktop Mesa's llvmpipe, 50 MB and its worker threads) out of a process that
     * idles in the tray all day. GDK opens GL too while it picks visuals unless {@code GDK_GL=disable};
     * it reads the environment when the toolkit starts GTK, which is next. A {@code prism.order} or
     * {@code GDK_GL} the person set wins (with another pipeline, GDK's GL is left alone too). Processes
     * the app starts later do not see it: their environments are copied from {@link System#getenv()},
     * which does not read {@code setenv}'s changes.
     */
    private static void renderInSoftwareOnLinux() {
        if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux")) {
            return;
        }
        if (System.getProperty("prism.order") == null) {
            System.setProperty("prism.order", "sw");
        }
        if ("sw".equals(System.getProperty("prism.order"))) {
            try {
                Native.load("c", LibC.class).setenv("GDK_GL", "disable", 0);
            } catch (LinkageError e) {
                LoggerFactory.getLogger(FxPlatform.class).info("GDK_GL could not be set: {}", e.toString());
            }
        }
    }

    private static Optional<IdlePulse> onFxThread() throws InterruptedException {
        CompletableFuture<Optional<IdlePulse>> installed = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                installed.complete(IdlePulse.install());
            } catch (RuntimeException | LinkageError e) {
                // The toolkit's internals moved (another JavaFX): it idles as it always did.
                LoggerFactory.getLogger(FxPlatform.class).info("the JavaFX pulse timer is left running: {}", e.toString());
                installed.complete(Optional.empty());
            }
        });
        try {
            return installed.get(30, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("the JavaFX toolkit did not answer within 30 s", e);
        }
    }

    /** The one libc call made here: {@code setenv(3)}, before any thread but the JVM's reads the environment. */
    private interface LibC extends Library {
        int setenv(String name, String value, int overwrite);
    }
}
