package dev.countersign.app.shell;

import dev.countersign.app.windows.AppServices;
import dev.countersign.app.fx.FxPlatform;
import dev.countersign.app.fx.Theme;
import dev.countersign.app.tray.MenuActions;
import dev.countersign.app.tray.TrayController;
import dev.countersign.app.windows.ActivityFeed;
import dev.countersign.app.windows.AppWindows;
import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import javafx.application.Platform;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The running tray app: the JavaFX toolkit kept alive with no window, the tray icon (or status
 * window), the windows it opens, and the kill switch. Quitting denies every waiting approval
 * before anything else stops.
 */
public final class DesktopApp implements MenuActions {
    private static final Logger LOG = LoggerFactory.getLogger(DesktopApp.class);

    private final AppServices services;
    private final Runnable onQuit;
    private final ScheduledExecutorService scheduler;
    private final ActivityFeed feed;
    private final AppWindows windows;
    private final CountDownLatch quit = new CountDownLatch(1);
    private TrayController tray;

    private DesktopApp(AppServices services, Runnable onQuit) {
        this.services = services;
        this.onQuit = onQuit;
        this.scheduler = Executors.newScheduledThreadPool(2, r -> {
            Thread t = new Thread(r, "countersign-app");
            t.setDaemon(true);
            return t;
        });
        this.feed = new ActivityFeed(services.driver(), services.clock());
        this.windows = new AppWindows(services, scheduler);
        windows.onQuit(this::quit);
    }

    /**
     * Starts the toolkit, the theme and the tray; returns once the icon or the status window is up.
     *
     * @param preferTray false forces the status window (for desktops whose tray is known not to work)
     * @param onQuit stops what the app does not own (the endpoint), after approvals are denied
     */
    public static DesktopApp start(AppServices services, Theme theme, boolean preferTray, Runnable onQuit)
            throws InterruptedException {
        FxPlatform.start();
        Platform.runLater(theme::install);
        DesktopApp app = new DesktopApp(services, onQuit);
        app.tray = TrayController.install(app, app.facts(), services.clock(), preferTray);
        app.tray.start(app.scheduler);
        services.approver().onPendingChanged(n -> app.tray.poke());
        services.approver().prepare();
        LOG.info("tray app started ({})", app.tray.inSystemTray() ? "system tray" : "status window");
        return app;
    }

    private TrayController.Facts facts() {
        return new TrayController.Facts() {
            @Override
            public boolean paused() {
                return services.driver().paused();
            }

            @Override
            public boolean auditUnwritable() {
                return services.driver().auditUnwritable();
            }

            @Override
            public int agents() {
                return services.agents().agents().size();
            }

            @Override
            public int pendingApprovals() {
                return services.approver().pending();
            }

            @Override
            public Instant lastReceipt() {
                feed.poll(windows.agentNames());
                return feed.lastSeen();
            }
        };
    }

    public AppWindows windows() {
        return windows;
    }

    public TrayController tray() {
        return tray;
    }

    /** Blocks until the person quits. */
    public void awaitQuit() throws InterruptedException {
        quit.await();
    }

    @Override
    public void togglePause() {
        if (services.driver().paused()) {
            services.driver().resumeAll();
        } else {
            services.driver().pauseAll();
        }
        tray.poke();
    }

    @Override
    public void agents() {
        windows.agents();
    }

    @Override
    public void activity() {
        windows.activity();
    }

    @Override
    public void sinceAway() {
        windows.sinceAway();
    }

    @Override
    public void connect() {
        windows.connect();
    }

    @Override
    public void permissions() {
        windows.permissions();
    }

    @Override
    public void settings() {
        windows.settings();
    }

    @Override
    public void quit() {
        if (quit.getCount() == 0) {
            return;
        }
        // Quit denies: nothing the person was asked may run after they left.
        services.approver().close();
        tray.remove();
        windows.closeAll();
        scheduler.shutdownNow();
        try {
            onQuit.run();
        } finally {
            quit.countDown();
        }
    }
}
