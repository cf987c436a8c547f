package dev.countersign.app;

import dev.countersign.app.dialog.FxApprover;
import dev.countersign.app.fx.FxPlatform;
import dev.countersign.app.fx.Theme;
import dev.countersign.app.settings.Autostart;
import dev.countersign.app.settings.SettingsStore;
import dev.countersign.app.windows.AppServices;
import dev.countersign.audit.AuditLog;
import dev.countersign.app.shell.DesktopApp;
import dev.countersign.app.shell.MapAgents;
import dev.countersign.app.tray.TrayIcons;
import dev.countersign.app.tray.TrayState;
import dev.countersign.core.LeaseBoundaries;
import dev.countersign.core.RandomIds;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.linux.AtspiDesktopBackend;
import dev.countersign.driver.ActArgs;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.DriverSettings;
import dev.countersign.driver.LeaseBook;
import dev.countersign.driver.NodeView;
import dev.countersign.driver.ObservationView;
import dev.countersign.driver.ObserveArgs;
import dev.countersign.driver.PolicyApprovals;
import dev.countersign.driver.ToolResult;
import dev.countersign.policy.RiskPolicy;
import dev.countersign.server.tools.AuditTrail;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ExecutorService;
import javafx.embed.swing.SwingFXUtils;
import javafx.stage.Stage;
import javafx.stage.Window;
import javax.imageio.ImageIO;

/**
 * Renders every window and the approval dialog (over a real yad window and its Set-of-Mark
 * screenshot) into PNGs, in the light and the dark theme; run by {@code scripts/screenshots}
 * inside the private test desktop. Also writes the tray icons' PNG sizes.
 */
public final class ScreenshotTour {
    private ScreenshotTour() {
    }

    public static void main(String[] args) throws Exception {
        // dbus-java logs a stack trace whenever a target app it talked to exits; the tour stops apps.
        ((ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger("org.freedesktop.dbus"))
                .setLevel(ch.qos.logback.classic.Level.OFF);
        int status = 1;
        try {
            run(args);
            status = 0;
        } catch (IOException | InterruptedException | RuntimeException e) {
            org.slf4j.LoggerFactory.getLogger(ScreenshotTour.class).error("the screenshot tour failed", e);
        } finally {
            javafx.application.Platform.exit();
            System.exit(status);
        }
    }

    private static void run(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "docs/screenshots");
        Path icons = Path.of(args.length > 1 ? args[1] : "icons/tray");
        Files.createDirectories(out);
        writeIcons(icons);
        FxPlatform.start();
        try (AtspiDesktopBackend backend = AtspiDesktopBackend.fromEnvironment()) {
            TestDesktop desktop = new TestDesktop(backend);
            try {
                for (Theme theme : Theme.values()) {
                    tour(desktop, theme, out, theme.name().toLowerCase(java.util.Locale.ROOT));
                }
            } finally {
                desktop.cleanUp();
            }
        }
    }

    private static void tour(TestDesktop desktop, Theme theme, Path out, String suffix) throws Exception {
        Path home = Files.createTempDirectory("countersign-tour-");
        Clock clock = Clock.systemUTC();
        DriverSettings settings = DriverSettings.defaults("sess-tour");
        FxApprover approver = new FxApprover(clock);
        ComputerDriver driver = new ComputerDriver(desktop.backend(), new PolicyApprovals(RiskPolicy.defaults()),
                approver, new LeaseBook(clock, settings.sessionId(), settings.principalId(), LeaseBook.Terms.defaults()),
                clock, new RandomIds(), new SecureRandom(), settings);
        MapAgents agents = new MapAgents();
        agents.add("claude-code");
        agents.add("cursor");
        agents.add("research-assistant-nightly-build");
        driver.leases().grant("cursor", new LeaseBook.Terms(50, Duration.ofMinutes(15),
                new LeaseBoundaries(List.of("Safari", "Mail"), List.of())));
        driver.leases().current("research-assistant-nightly-build");
        driver.leases().revoke("research-assistant-nightly-build");
        AppServices services = new AppServices(driver, agents,
                () -> Optional.of(URI.create("http://127.0.0.1:7475/mcp")), home.resolve("audit.jsonl"),
                desktop.backend(), new SettingsStore(home.resolve("settings.json"),
                        Autostart.linux(home.resolve("autostart"), "countersign")), approver, clock, "countersign");
        DesktopApp app = DesktopApp.start(services, theme, false, () -> { });
        FxTests.onFx(() -> {
            theme.install();
            return null;
        });

        // Real acts, recorded in the audit log the timeline reads: a confirmed click, a click the
        // person is asked about and allows, and one refused for a revoked lease.
        TestDesktop.TargetApp form = desktop.launchForm("", "");
        try (AuditLog log = AuditLog.open(home.resolve("audit.jsonl"), clock)) {
            AuditTrail trail = new AuditTrail(log, driver::takeAccount);
            trail.receipt("research-assistant-nightly-build", "computer_act", driver.act("research-assistant-nightly-build",
                    ActArgs.click(ref(observe(driver, "research-assistant-nightly-build", form), "Remember me"))).orThrow());
            trail.receipt("cursor", "computer_act",
                    driver.act("cursor", ActArgs.click(ref(observe(driver, "cursor", form), "Click me"))).orThrow());
            trail.receipt("claude-code", "computer_act", driver.act("claude-code",
                    ActArgs.click(ref(observe(driver, "claude-code", form), "Remember me"))).orThrow());
            TestDesktop.TargetApp asked = desktop.launchDeleteForm();
            CompletableFuture<dev.countersign.driver.Receipt> delete = CompletableFuture.supplyAsync(() -> driver.act(
                    "claude-code", ActArgs.click(ref(observe(driver, "claude-code", asked), "Delete"))).orThrow());
            waitFor(() -> approver.pending() == 1 || delete.isDone());
            Thread.sleep(900);
            FxTests.onFx(() -> {
                ((javafx.scene.control.Button) findStage("Countersign \u2014 approve an action?").getScene()
                        .lookup("#allow")).fire();
                return null;
            });
            trail.receipt("claude-code", "computer_act", delete.get(30, java.util.concurrent.TimeUnit.SECONDS));
            desktop.stop(asked);
        }

        snap(FxTests.onFx(() -> app.windows().agents()), out.resolve("agents-" + suffix + ".png"), 600);
        snap(FxTests.onFx(() -> app.windows().activity()), out.resolve("activity-" + suffix + ".png"), 1500);
        snap(FxTests.onFx(() -> app.windows().permissions()), out.resolve("permissions-" + suffix + ".png"), 1000);
        // A governed server, the pinned computer-use-mcp, checked once so its row shows what agents get.
        dev.countersign.govern.GovernDesktopTestAccess.install();
        dev.countersign.govern.GovernConfig.put(home.resolve("govern.json"), new dev.countersign.govern.GovernConfig.Entry(
                "desk", List.of("scripts/govern/node_modules/.bin/node",
                        "scripts/govern/node_modules/computer-use-mcp/dist/main.js")));
        Stage settingsStage = FxTests.onFx(() -> app.windows().settings());
        javafx.scene.control.TableView<?> governed = FxTests.onFx(() ->
                (javafx.scene.control.TableView<?>) settingsStage.getScene().lookup("#governed"));
        FxTests.onFx(() -> {
            governed.getSelectionModel().select(0);
            ((javafx.scene.control.Button) settingsStage.getScene().lookup("#govern-check")).fire();
            return null;
        });
        if (!FxTests.eventually(Duration.ofSeconds(120), () ->
                String.valueOf(governed.getColumns().get(2).getCellData(0)).startsWith("offers"))) {
            throw new IllegalStateException("the governed server was not checked: "
                    + FxTests.onFx(() -> governed.getColumns().get(2).getCellData(0)));
        }
        FxTests.onFx(() -> {
            governed.getSelectionModel().clearSelection();
            return null;
        });
        snap(settingsStage, out.resolve("settings-" + suffix + ".png"), 400);
        snap(FxTests.onFx(() -> app.windows().connect()), out.resolve("connect-" + suffix + ".png"), 400, stage -> {
            ((javafx.scene.control.TextField) stage.getScene().lookup("#agent-name")).setText("claude-desktop");
            ((javafx.scene.control.Button) stage.getScene().lookup("#issue")).fire();
        });
        FxTests.onFx(() -> {
            app.windows().closeAll();
            return null;
        });
        snap(statusWindow(), out.resolve("status-window-" + suffix + ".png"), 700);

        // The dialog over a real yad window, with the driver's Set-of-Mark screenshot; a second
        // agent's request queues behind it.
        desktop.stop(form);
        TestDesktop.TargetApp cleanup = desktop.launchDeleteForm();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            CompletableFuture<?> first = CompletableFuture.supplyAsync(() -> driver.act("claude-code",
                    ActArgs.click(ref(observe(driver, "claude-code", cleanup), "Delete"))), pool);
            waitFor(() -> approver.pending() == 1 || first.isDone());
            if (first.isDone()) {
                throw new IllegalStateException("the act did not ask: " + first.join());
            }
            // Another window: the reservation keeps a second agent off the first one.
            TestDesktop.TargetApp other = desktop.launchDeleteForm();
            CompletableFuture.runAsync(() -> driver.act("claude-desktop",
                    ActArgs.click(ref(observe(driver, "claude-desktop", other), "Delete"))), pool);
            waitFor(() -> approver.pending() == 2);
            snap(dialog(), out.resolve("approval-dialog-" + suffix + ".png"), 900);
        } finally {
            FxTests.onFx(() -> {
                app.quit();
                return null;
            });
            pool.shutdownNow();
        }
    }

    private interface StageWork {
        void on(Stage stage);
    }

    private static void snap(Stage stage, Path file, long settleMs) throws Exception {
        snap(stage, file, settleMs, s -> { });
    }

    private static void snap(Stage stage, Path file, long settleMs, StageWork before) throws Exception {
        FxTests.onFx(() -> {
            before.on(stage);
            return null;
        });
        Thread.sleep(settleMs);
        javafx.scene.image.WritableImage image = FxTests.onFx(() -> stage.getScene().snapshot(null));
        ImageIO.write(SwingFXUtils.fromFXImage(image, null), "png", file.toFile());
    }

    private static Stage statusWindow() {
        return FxTests.onFx(() -> findStage("Countersign"));
    }

    private static Stage dialog() {
        return FxTests.onFx(() -> findStage("Countersign \u2014 approve an action?"));
    }

    private static Stage findStage(String title) {
        return Window.getWindows().stream().filter(w -> w instanceof Stage && title.equals(((Stage) w).getTitle()))
                .map(w -> (Stage) w).findFirst().orElseThrow(() -> new IllegalStateException("no window " + title));
    }

    private static void waitFor(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                StringBuilder dump = new StringBuilder();
                Thread.getAllStackTraces().forEach((t, st) -> {
                    if (t.getName().startsWith("pool-")) {
                        dump.append(t.getName()).append('\n');
                        for (StackTraceElement e : st) {
                            dump.append("  ").append(e).append('\n');
                        }
                    }
                });
                org.slf4j.LoggerFactory.getLogger(ScreenshotTour.class).error("threads:\n{}", dump);
                throw new IllegalStateException("timed out waiting for the approval request");
            }
            Thread.sleep(50);
        }
    }

    private static void writeIcons(Path dir) throws IOException {
        Files.createDirectories(dir);
        for (TrayState s : TrayState.values()) {
            String name = s.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
            for (int size : new int[] {16, 22, 24, 32, 48}) {
                ImageIO.write(TrayIcons.paint(s, size), "png", dir.resolve("tray-" + name + "-" + size + ".png").toFile());
            }
        }
    }

    private static ObservationView observe(ComputerDriver driver, String agent, TestDesktop.TargetApp app) {
        ToolResult<ObservationView> r = driver.observe(agent,
                new ObserveArgs(String.valueOf(app.pid()), null, null, null, null));
        if (!(r instanceof ToolResult.Ok)) {
            throw new IllegalStateException("observe failed: " + r);
        }
        return ((ToolResult.Ok<ObservationView>) r).value();
    }

    private static String ref(ObservationView view, String name) {
        return view.nodes().stream().filter(n -> name.equals(n.name())).map(NodeView::ref).findFirst().orElseThrow();
    }
}
