package dev.countersign.app;

import dev.countersign.app.windows.ClientSnippets;
import dev.countersign.app.dialog.FreedesktopNotifier;
import dev.countersign.app.dialog.MacQuestionNotifier;
import dev.countersign.app.dialog.FxApprover;
import dev.countersign.app.dialog.QuestionNotifier;
import dev.countersign.app.fx.FxPlatform;
import dev.countersign.app.fx.NativeHeap;
import dev.countersign.app.fx.Theme;
import dev.countersign.app.settings.AppSettings;
import dev.countersign.app.settings.Autostart;
import dev.countersign.app.settings.SettingsStore;
import dev.countersign.app.windows.AppServices;
import dev.countersign.app.windows.FirstRun;
import dev.countersign.app.shell.DesktopApp;
import dev.countersign.core.CountersignException;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.linux.X11Grabs;
import dev.countersign.desktop.linux.X11WindowStack;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import javafx.application.Platform;

/**
 * {@code countersign} with a display: the endpoint with the approval dialog as its approver, and
 * the tray app around it, until the person quits (which denies what still waits, then stops the
 * endpoint).
 */
public final class TrayApp {
    /**
     * How long after the warm-up the C heap is trimmed
     * (docs/decisions/0010-memory-at-rest-and-packaged-class-data.md).
     */
    private static final long SETTLE_SECONDS = 10;

    private TrayApp() {
    }

    public static int run(PrintWriter err) {
        Home home;
        try {
            home = Home.current().ensure();
        } catch (IOException e) {
            err.println("countersign: the home folder could not be made: " + e.getMessage());
            return 1;
        }
        Clock clock = Clock.systemUTC();
        String launcher = ClientSnippets.launcher();
        SettingsStore store = new SettingsStore(home.settings(), Autostart.forThisMachine(launcher, System.getenv(),
                System.getProperty("os.name", ""), System.getProperty("user.home", "")));
        try {
            // Read once, with the store's strict reader: a bad settings.json stops the start with its reason.
            AppSettings settings = SettingsStore.read(store.file());
            FxPlatform.start();
            // A question also raises a desktop notification: freedesktop on Linux, the platform's own on a Mac.
            String os = System.getProperty("os.name", "");
            QuestionNotifier notifier = os.startsWith("Linux")
                    ? FreedesktopNotifier.onSessionBus(System.getenv("DBUS_SESSION_BUS_ADDRESS")).orElse(QuestionNotifier.NONE)
                    : os.startsWith("Mac") ? MacQuestionNotifier.onThisMac().orElse(QuestionNotifier.NONE)
                    : QuestionNotifier.NONE;
            FxApprover approver = approver(clock, notifier);
            DesktopBackend backend = Backends.forThisMachine();
            ServedApp served;
            try {
                served = ServedApp.start(home, settings.endpoint(settings.portOrDefault()), backend, approver);
            } catch (CountersignException e) {
                backend.close();
                approver.close();
                err.println("countersign: " + e.error().message());
                err.println(e.error().hint());
                Platform.exit();
                return 1;
            }
            AppServices services = new AppServices(served.driver, new DirectoryAgents(served.agents, home),
                    () -> Optional.of(served.endpoint.uri()), home.auditFile(), backend, store, approver, clock,
                    launcher);
            DesktopApp app = DesktopApp.start(services, Theme.choose(settings.themeOrDefault(), System.getenv()),
                    true, served::close);
            // On a Mac, a first launch without its permissions (or from a temporary copy) shows the
            // Permissions window at once instead of waiting for the person to find it in the menu.
            if (FirstRun.opensPermissions(backend.permissions(), System.getProperty("os.name", "")
                    .toLowerCase(java.util.Locale.ROOT).startsWith("mac"), System.getProperty("jpackage.app-path"))) {
                Platform.runLater(app::permissions);
            }
            err.println("Countersign is running (" + (app.tray().inSystemTray() ? "tray icon" : "status window")
                    + "); agents connect at " + served.endpoint.uri());
            err.flush();
            // Start-up is over once the warm-up has ended and the FX thread has prepared the approval
            // dialog (queued before this); what it all allocated natively and freed goes back then. Not
            // at once: the JIT is still compiling what the warm-up ran, and the JVM hands its compilers'
            // scratch memory back to the C heap only up to 5 s after they are done with it.
            served.warmedUp().thenRunAsync(NativeHeap::trim,
                    CompletableFuture.delayedExecutor(SETTLE_SECONDS, TimeUnit.SECONDS, Platform::runLater));
            app.awaitQuit();
            Platform.exit();
            return 0;
        } catch (IOException e) {
            err.println("countersign: " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1;
        }
    }

    /**
     * The approval dialog's approver on this machine's display: on X11 the dialog says when another
     * app's open menu holds the keyboard, and takes the keyboard back once it is let go. Its display
     * connections close with it.
     */
    static FxApprover approver(Clock clock, QuestionNotifier notifier) {
        boolean x11 = System.getProperty("os.name", "").startsWith("Linux");
        Optional<X11Grabs> grabs = x11 ? X11Grabs.open(System.getenv("DISPLAY")) : Optional.empty();
        Optional<X11WindowStack> windows = x11 ? X11WindowStack.open(System.getenv("DISPLAY")) : Optional.empty();
        BooleanSupplier foreignGrab = grabs.<BooleanSupplier>map(g -> g).orElse(() -> false);
        Predicate<String> focusOwn = windows.<Predicate<String>>map(w -> w::focusOwn).orElse(title -> false);
        FxApprover approver = new FxApprover(clock, notifier, foreignGrab, focusOwn);
        grabs.ifPresent(g -> approver.closing(g::close));
        windows.ifPresent(w -> approver.closing(w::close));
        return approver;
    }
}
