package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.desktop.AppInfo;
import dev.countersign.desktop.AppSelector;
import dev.countersign.desktop.SnapshotLimits;
import dev.countersign.desktop.TreeSnapshot;
import dev.countersign.desktop.WindowInfo;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * One recorded app on the framework harness and a {@link MacDesktopBackend} over it, for the
 * harness test classes: before each test the retain ledger is marked, the fixture loaded and the
 * backend made; after it the backend is closed and every CF object made since the mark must have
 * been released exactly once ({@link MacSim#assertBalanced}). A {@code @Nested} class of a subclass
 * runs inside the same setup.
 */
abstract class HarnessBackendFixture {
    final MacSim sim = MacSim.load();
    private final String fixture;
    private final String appName;
    private final String bundleId;
    private long mark;
    SimDesktop desktop;
    MacDesktopBackend backend;

    HarnessBackendFixture(String fixture, String appName, String bundleId) {
        this.fixture = fixture;
        this.appName = appName;
        this.bundleId = bundleId;
    }

    @BeforeEach
    void loadTheAppAndTheBackend() {
        mark = sim.sim_mark();
        desktop = SimDesktop.load(sim, fixture, appName, bundleId);
        backend = newBackend();
    }

    /** The backend under test; a class that loads it differently (the capture shim's folder) overrides this. */
    MacDesktopBackend newBackend() {
        return MacDesktopBackend.overLoadedFrameworks();
    }

    @AfterEach
    void closeTheBackendAndBalanceTheLedger() {
        backend.close();
        backend = null;
        sim.assertBalanced(mark);
    }

    AppInfo app() {
        return backend.resolveApp(AppSelector.frontmost());
    }

    /** The app's one window (every fixture has one). */
    WindowInfo window(AppInfo app) {
        List<WindowInfo> windows = backend.listWindows(app);
        assertThat(windows).hasSize(1);
        return windows.get(0);
    }

    TreeSnapshot snapshot() {
        AppInfo app = app();
        return backend.snapshot(app, window(app), SnapshotLimits.defaults());
    }
}
