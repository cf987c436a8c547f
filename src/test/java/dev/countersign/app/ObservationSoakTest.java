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
 * An observer never takes an app down: every app of the compatibility matrix and of the task suite
 * (the matrix holds GIMP 2.10 and VLC; Thunderbird with its menu bar shown by F10, the app observing
 * used to crash; Calc, Impress and the VTE terminal) is observed whole
 * through the driver {@code -Dsoak.observations} times (20 in every test run; scripts/soak runs
 * 200; {@code -Dcompat.only} picks apps by label). Each observation must succeed and each app must
 * still run afterwards. Per app, the count, the last observation's node count and the median
 * observation time go to {@code target/soak/observations.md}.
 */
@Tag("desktop")
class ObservationSoakTest {
    private static final int OBSERVATIONS = Integer.getInteger("soak.observations", 20);
    private static final Path REPORT = Path.of(System.getProperty("user.dir"), "target/soak/observations.md");
    private static DesktopBackend backend;

    static Stream<CompatibilityMatrixTest.App> apps() throws IOException {
        String only = System.getProperty("compat.only");
        return Stream.concat(CompatibilityMatrixTest.allApps(), taskApps())
                .filter(a -> only == null || a.label().contains(only));
    }

    /**
     * The task suite's apps that the matrix does not hold, started as its tasks start them (fresh
     * profiles), each ready once its whole window reads the same twice.
     */
    private static Stream<CompatibilityMatrixTest.App> taskApps() throws IOException {
        Path home = Files.createTempDirectory("countersign-soak-");
        Path profile = home.resolve("thunderbird");
        Thunderbird.writeProfile(profile);
        Path terminal = Path.of(System.getProperty("user.dir"), "target/test-classes/dev/countersign/driver/vte_terminal.py");
        return Stream.of(
                app("Thunderbird (menu bar by F10)", Thunderbird.TITLE, List.of("env", "HOME=" + home, "thunderbird",
                        "--profile", profile.toString(), "--no-remote"), Map.of("GNOME_ACCESSIBILITY", "1")),
                app("LibreOffice Calc", null, office(home, "calc"), Map.of("SAL_USE_VCLPLUGIN", "gtk3")),
                app("LibreOffice Impress", null, office(home, "impress"), Map.of("SAL_USE_VCLPLUGIN", "gtk3")),
                app("VTE terminal", "Soak terminal", List.of("/usr/bin/python3", terminal.toString(), "Soak terminal",
                        home.toString()), Map.of()));
    }

    private static List<String> office(Path home, String module) {
        return List.of("soffice", "--" + module, "--norestore", "--nologo",
                "-env:UserInstallation=" + home.resolve("office-" + module).toUri());
    }

    private static CompatibilityMatrixTest.App app(String label, String title, List<String> command, Map<String, String> env) {
        return new CompatibilityMatrixTest.App(label, label, title, command, env, n -> true, null, null, null, Map.of());
    }

    @BeforeAll
    static void desktop() throws IOException {
        TestDesktopExtension.requireTestDesktop();
        backend = AtspiDesktopBackend.fromEnvironment();
        Files.createDirectories(REPORT.getParent());
        Files.writeString(REPORT, "| app | observations | nodes | median ms | still running |\n|---|---|---|---|---|\n");
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
            int nodes = 0;
            for (int i = 0; i < OBSERVATIONS; i++) {
                long start = System.nanoTime();
                ToolResult<ObservationView> r = driver.observe("agent-soak", whole);
                millis.add((System.nanoTime() - start) / 1_000_000);
                if (r instanceof ToolResult.Ok<ObservationView> ok) {
                    nodes = ok.value().nodes().size();
                } else if (r instanceof ToolResult.Err<ObservationView> err) {
                    failed.add("#" + i + " " + CompatibilityMatrixTest.describe(err.error()));
                }
            }
            boolean running = running(launched.accessiblePid());
            millis.sort(null);
            Files.writeString(REPORT, "| " + app.label() + " | " + (OBSERVATIONS - failed.size()) + "/" + OBSERVATIONS
                    + " | " + nodes + " | " + millis.get(millis.size() / 2) + " | " + (running ? "yes" : "no") + " |\n",
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
