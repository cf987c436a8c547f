package dev.countersign.app.windows;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.stream.Collectors;
import javafx.stage.Stage;

/**
 * Opens the app's windows from the tray or the status window: one of each, created on first use
 * and brought to the front afterwards. Call on the FX thread.
 */
public final class AppWindows {
    private final AppServices services;
    private final Executor background;
    private final Instant started;
    private AgentsWindow agents;
    private ConnectWindow connect;
    private ActivityWindow activity;
    private PermissionsWindow permissions;
    private SettingsWindow settings;
    private volatile Runnable quit = () -> { };

    public AppWindows(AppServices services, Executor background) {
        this.services = services;
        this.background = background;
        this.started = services.clock().instant();
    }

    /** What quitting the app means (the tray's Quit), for a window that restarts it. */
    public void onQuit(Runnable quit) {
        this.quit = java.util.Objects.requireNonNull(quit, "quit");
    }

    public Stage agents() {
        if (agents == null) {
            agents = new AgentsWindow(new AgentsModel(services.agents(), services.driver(), services.clock()),
                    () -> services.settings().load().defaultLease(), this::connect);
        }
        agents.refresh();
        return front(agents.stage);
    }

    public Stage connect() {
        if (connect == null) {
            connect = new ConnectWindow(new ConnectModel(services.agents()), services.endpoint(), services.launcher(),
                    () -> {
                        if (agents != null) {
                            agents.refresh();
                        }
                    });
        }
        return front(connect.stage);
    }

    public Stage activity() {
        if (activity == null) {
            activity = new ActivityWindow(services.auditFile(), background, services.clock(),
                    LastLooked.besideSettings(services.settings().file()), started);
        }
        activity.reload();
        return front(activity.stage);
    }

    /** Activity showing only what happened since the person last opened it, summarised in one line. */
    public Stage sinceAway() {
        Stage stage = activity();
        activity.showSinceAway();
        return stage;
    }

    public Stage permissions() {
        if (permissions == null) {
            permissions = new PermissionsWindow(services.backend(), services.endpoint(), background, () -> quit.run());
        }
        permissions.reload();
        return front(permissions.stage);
    }

    public Stage settings() {
        if (settings == null) {
            settings = new SettingsWindow(services.settings(), background);
        }
        return front(settings.stage);
    }

    /** The names of the connected agents, in the registry's order. */
    public List<String> agentNames() {
        return services.agents().agents().stream().map(a -> a.name()).collect(Collectors.toList());
    }

    /** Hides every window (the app is quitting). */
    public void closeAll() {
        for (Stage s : new Stage[] {
            agents == null ? null : agents.stage, connect == null ? null : connect.stage,
            activity == null ? null : activity.stage, permissions == null ? null : permissions.stage,
            settings == null ? null : settings.stage}) {
            if (s != null) {
                s.hide();
            }
        }
    }

    private static Stage front(Stage stage) {
        stage.show();
        stage.toFront();
        stage.requestFocus();
        return stage;
    }
}
