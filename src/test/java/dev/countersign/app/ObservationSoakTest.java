package dev.countersign.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import dev.countersign.desktop.Thunderbird;
import dev.countersign.desktop.linux.AtspiDesktopBackend;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.ObservationView;
import dev.countersign.driver.ObserveArgs;
import dev.countersign.driver.ToolResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * An observer never takes an app down: every app of the compatibility matrix, and Thunderbird with
 * its menu bar shown by F10 (the task suite's app that observing used to crash), is observed whole
 * through the driver {@code -Dsoak.observations} times (20 in every test run; scripts/soak runs
 * 200; {@code -Dcompat.only} picks apps by label), and each observation must succeed and the app must still run afterwards. Each app's count
 * and median observation time go to {@code target/soak/observations.md}.
 */
@Tag("desktop")
class ObservationSoakTest {
    private static final int OBSERVATIONS = Integer.getInteger("soak.observations", 20);
    private static final Path REPORT = Path.of(System.getProperty("user.dir"), "target/soak/observations.md");
    private static DesktopBackend backend;

    static Stream<CompatibilityMatrixTest.App> apps() throws IOException {
        Path home = Files.createTempDirectory("countersign-soak-thunderbird-");
        Path profile = home.resolve("profile");
        Thunderbird.writeProfile(profile);
        CompatibilityMatrixTest.App thunderbird = new CompatibilityMatrixTest.App("Thunderbird (menu bar by F10)",
                "Thunderbird", Thunderbird.TITLE, List.of("env", "HOME=" + home, "thunderbird", "--profile",
                profile.toString(), "--no-remote"), Map.of("GNOME_ACCESSIBILITY", "1"),
                CompatibilityMatrixTest.named("tree item", "Local Folders"), null, null, null, Map.of());
        String only = System.getProperty("compat.only");
        return Stream.concat(CompatibilityMatrixTest.allApps(), Stream.of(thunderbird))
                .filter(a -> only == null || a.label().contains(only));
    }

    @BeforeAll
    static void desktop() throws IOException {
        TestDesktopExtension.requireTestDesktop();
        backend = AtspiDesktopBackend.fromEnvironment();
        Files.createDirectories(REPORT.getParent());
        Files.writeString(REPORT, "| app | observations | median ms | still running |\n|---|---|---|---|\n");
    }

    @AfterAll
    static void close() {
        if (backend != null) {
            backend.close();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("apps")
    void everyObservationSucceedsAndTheAppKeepsRunning(CompatibilityMatrixTest.App app) throws Exception {
        CompatibilityMatrixTest.Launched launched = CompatibilityMatrixTest.Launched.start(app, backend);
        try {
            if (app.label().startsWith("Thunderbird")) {
                // A person's F10, through XTest into the focused window: the menu bar shows.
                String window = TestDesktop.run(List.of("xdotool", "search", "--sync", "--onlyvisible", "--pid",
                        Long.toString(launched.accessiblePid()))).lines().findFirst().orElseThrow().strip();
                TestDesktop.run(List.of("xdotool", "windowfocus", "--sync", window, "key", "F10"));
            }
            ComputerDriver driver = CompatibilityMatrixTest.driver(backend);
            ObserveArgs whole = new ObserveArgs(Long.toString(launched.accessiblePid()), null,
                    CompatibilityMatrixTest.SnapshotLimitsMax.NODES, CompatibilityMatrixTest.SnapshotLimitsMax.DEPTH, null);
            List<Long> millis = new ArrayList<>();
            List<String> failed = new ArrayList<>();
            for (int i = 0; i < OBSERVATIONS; i++) {
                long start = System.nanoTime();
                ToolResult<ObservationView> r = driver.observe("agent-soak", whole);
                millis.add((System.nanoTime() - start) / 1_000_000);
                if (r instanceof ToolResult.Err<ObservationView> err) {
                    failed.add("#" + i + " " + CompatibilityMatrixTest.describe(err.error()));
                }
            }
            boolean running = running(launched.accessiblePid());
            millis.sort(null);
            Files.writeString(REPORT, "| " + app.label() + " | " + (OBSERVATIONS - failed.size()) + "/" + OBSERVATIONS
                    + " | " + millis.get(millis.size() / 2) + " | " + (running ? "yes" : "no") + " |\n",
                    StandardOpenOption.APPEND);
            assertThat(failed).as("%s: failed observations", app.label()).isEmpty();
            assertThat(running).as("%s still runs after %d observations", app.label(), OBSERVATIONS).isTrue();
        } finally {
            launched.stop();
        }
    }

    /** Running, not a zombie: the test desktop's init reaps late, so the process's own state is read. */
    private static boolean running(long pid) throws IOException {
        Path stat = Path.of("/proc", Long.toString(pid), "stat");
        if (!Files.exists(stat)) {
            return false;
        }
        String s = Files.readString(stat);
        char state = s.charAt(s.lastIndexOf(')') + 2);
        return state != 'Z' && state != 'X';
    }
}
