package dev.countersign.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.approval.HeadlessApprover;
import dev.countersign.core.CountersignError;
import dev.countersign.core.RandomIds;
import dev.countersign.desktop.AppListing;
import dev.countersign.desktop.AppSelector;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import dev.countersign.desktop.linux.AtspiDesktopBackend;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.DriverSettings;
import dev.countersign.driver.LeaseBook;
import dev.countersign.driver.NodeView;
import dev.countersign.driver.ObservationView;
import dev.countersign.driver.ObserveArgs;
import dev.countersign.driver.PolicyApprovals;
import dev.countersign.driver.ToolResult;
import dev.countersign.driver.VisualObservation;
import dev.countersign.policy.RiskPolicy;
import dev.countersign.vision.Mark;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The compatibility matrix (docs/compatibility.md): real Debian apps — two browsers on a local
 * form, LibreOffice Writer, GTK 4, GTK 3, Qt 5 and Swing — each launched once, found by name and
 * driven by an agent over MCP through the served app (the production backend wrappers, the
 * endpoint and the governed driver) with the default policy and the headless approver. Every
 * operation is recorded in the ledger with its route, and each app's expected outcomes are
 * asserted, so a regression in any app fails the run. "unsupported" is only ever expected where
 * the app has no such control.
 */
@Tag("desktop")
class CompatibilityMatrixTest {
    private static final Path ROOT = Path.of(System.getProperty("user.dir"));
    private static final Path RESOURCES = ROOT.resolve("src/test/resources/compat");
    private static final CompatLedger LEDGER = new CompatLedger();
    private static final java.util.concurrent.atomic.AtomicInteger AGENTS = new java.util.concurrent.atomic.AtomicInteger();
    private static DesktopBackend backend;
    private static HeadlessServed served;
    @org.junit.jupiter.api.io.TempDir
    static Path home;

    /** What one app is, how to start it, which controls the matrix drives, and what each operation must yield. */
    record App(String label, String atspiName, String title, List<String> command, Map<String, String> env,
               Predicate<NodeView> textField, Predicate<NodeView> checkBox, String risky, Predicate<NodeView> secure,
               Map<String, String> expected, Effect effect, Predicate<NodeView> shows) {
        App(String label, String atspiName, String title, List<String> command, Map<String, String> env,
            Predicate<NodeView> textField, Predicate<NodeView> checkBox, String risky, Predicate<NodeView> secure,
            Map<String, String> expected, Effect effect) {
            this(label, atspiName, title, command, env, textField, checkBox, risky, secure, expected, effect, textField);
        }

        App(String label, String atspiName, String title, List<String> command, Map<String, String> env,
            Predicate<NodeView> textField, Predicate<NodeView> checkBox, String risky, Predicate<NodeView> secure,
            Map<String, String> expected) {
            this(label, atspiName, title, command, env, textField, checkBox, risky, secure, expected, null);
        }

        /**
         * An app with no text field of its own to drive (GIMP's and VLC's main windows): up once
         * {@code shows} is in its window, which is also where its marks and keys are checked.
         */
        static App withoutText(String label, String atspiName, String title, List<String> command,
                Map<String, String> env, Predicate<NodeView> shows, Map<String, String> expected) {
            return new App(label, atspiName, title, command, env, null, null, null, null, expected, null, shows);
        }

        /** The four local forms (with their risky "Delete all"), which also carry a field and a drop-down named only by their labels. */
        boolean form() {
            return "Delete all".equals(risky);
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /** A button whose effect shows on another element ({@code shows}), which then reads {@code reads}. */
    record Effect(String button, Predicate<NodeView> shows, String reads) {
    }

    static Predicate<NodeView> named(String role, String name) {
        return n -> role.equals(n.role()) && name.equals(n.name());
    }

    static Predicate<NodeView> editable(String role) {
        return n -> role.equals(n.role()) && n.states() != null && n.states().contains("editable")
                && !n.states().contains("disabled") && !n.secure();
    }

    /** The apps to run: all, or those whose label contains {@code -Dcompat.only=...} (then docs/ is left alone). */
    static Stream<App> apps() throws IOException {
        String only = System.getProperty("compat.only");
        return allApps().filter(a -> only == null || a.label().contains(only));
    }

    static Stream<App> allApps() throws IOException {
        String page = RESOURCES.resolve("form.html").toUri().toString();
        Path chromiumProfile = Files.createTempDirectory("countersign-chromium-");
        Path firefoxProfile = TestDesktop.firefoxProfile(Files.createTempDirectory("countersign-firefox-"));
        Path office = Files.createTempDirectory("countersign-office-");
        Map<String, String> form = Map.of("keys", "sent", "menu_click", "unsupported", "type", "confirmed",
                "check_box", "confirmed", "named_field", "confirmed", "combo_box", "confirmed", "risky_refused", "refused", "secure_refused", "refused",
                "visual_marks", "confirmed", "declared_effect", "unsupported");
        // Qt draws the drop-down's list in a window of its own, where a pointer click (the only one
        // its items answer to) is refused by the cover check; the Java ATK wrapper names the label's
        // relation only from the label's side (label-for), so its drop-down is named by its item.
        Map<String, String> formListUnpicked = new java.util.HashMap<>(form);
        formListUnpicked.put("combo_box", "unknown");
        Map<String, String> textOnly = Map.of("keys", "sent", "menu_click", "confirmed", "type", "confirmed",
                "check_box", "unsupported", "named_field", "unsupported", "combo_box", "unsupported",
                "risky_refused", "unsupported", "secure_refused", "unsupported", "visual_marks", "confirmed",
                "declared_effect", "unsupported");
        Map<String, String> withoutText = new java.util.HashMap<>(textOnly);
        withoutText.put("type", "unsupported");
        // GIMP never says which of its elements has keyboard focus: Escape to its window goes to an
        // unknown element of it, its window proven to hold the input focus (VLC's frame says it has it).
        withoutText.put("keys", "sent");
        Path gimp = Files.createTempDirectory("countersign-gimp-");
        Map<String, String> calculator = new java.util.HashMap<>(textOnly);
        calculator.put("menu_click", "unsupported");
        calculator.put("declared_effect", "confirmed");
        return Stream.of(
                // Chromium puts web content on AT-SPI only with GNOME_ACCESSIBILITY=1 (or a screen
                // reader running) and --force-renderer-accessibility; as root it needs --no-sandbox.
                new App("Chromium (local form)", "Chromium", "Compat Form - Chromium", List.of("chromium", "--no-sandbox",
                        "--disable-gpu", "--no-first-run", "--no-default-browser-check", "--disable-background-networking",
                        "--disable-component-update", "--disable-sync", "--password-store=basic",
                        "--force-renderer-accessibility", "--user-data-dir=" + chromiumProfile,
                        "--window-position=0,0", "--window-size=900,700", page),
                        Map.of("GNOME_ACCESSIBILITY", "1"), named("entry", "Full name"), named("check box", "Subscribe"),
                        "Delete all", named("password text", "Password"), form),
                new App("Firefox ESR (local form)", "Firefox", "Compat Form — Mozilla Firefox", List.of("firefox-esr",
                        "--no-remote", "--profile", firefoxProfile.toString(), "--width", "900", "--height", "700", page),
                        Map.of("GNOME_ACCESSIBILITY", "1"), named("entry", "Full name"), named("check box", "Subscribe"),
                        "Delete all", named("password text", "Password"), form),
                new App("PyQt5 form", "qt_form.py", "Compat Form", List.of("/usr/bin/python3",
                        RESOURCES.resolve("qt_form.py").toString()),
                        Map.of("QT_ACCESSIBILITY", "1", "QT_LINUX_ACCESSIBILITY_ALWAYS_ON", "1"),
                        named("text", "Full name"), named("check box", "Subscribe"), "Delete all",
                        named("password text", "Password"), formListUnpicked),
                new App("Swing form (Java ATK wrapper)", "Compat Form", "Compat Form", List.of(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Djavax.accessibility.assistive_technologies=org.GNOME.Accessibility.AtkWrapper",
                        "-cp", "/usr/share/java/java-atk-wrapper.jar:" + ROOT.resolve("target/test-classes"),
                        "dev.countersign.compat.SwingForm"), Map.of(),
                        named("text", "Full name"), named("check box", "Subscribe"), "Delete all",
                        named("password text", "Password"), formListUnpicked),
                new App("gtk3-widget-factory", "gtk3-widget-factory", null, List.of("gtk3-widget-factory"), Map.of(),
                        // An empty value is left out of a node on the wire.
                        n -> editable("text").test(n) && (n.value() == null || n.value().isEmpty()),
                        n -> named("check box", "checkbutton").test(n) && !n.states().contains("disabled")
                                && !n.states().contains("indeterminate") && !n.states().contains("checked"),
                        null, null, Map.of("keys", "sent", "menu_click", "unsupported", "type", "confirmed", "check_box", "confirmed",
                                "named_field", "unsupported",
                                "combo_box", "unsupported", "risky_refused", "unsupported",
                                "secure_refused", "unsupported", "visual_marks", "confirmed",
                                "declared_effect", "unsupported")),
                // A key shows its effect on the display: the click declares the display as its postcondition.
                new App("gnome-calculator", "gnome-calculator", "Calculator", List.of("gnome-calculator"), Map.of(),
                        editable("text"), null, null, null, calculator, new Effect("7", editable("text"), "7")),
                new App("mousepad", "mousepad", null, List.of("mousepad"), Map.of(), editable("text"), null, null, null,
                        textOnly),
                // soffice is a launcher script: the accessible process is its child soffice.bin.
                new App("LibreOffice Writer", "soffice", null, List.of("soffice", "--writer", "--norestore", "--nologo",
                        "-env:UserInstallation=" + office.toUri()), Map.of("SAL_USE_VCLPLUGIN", "gtk3"),
                        editable("paragraph"), null, null, null, textOnly),
                // GTK 2 through gail: no element ever reports keyboard focus.
                App.withoutText("GIMP 2.10 (GTK 2, gail)", "gimp", "GNU Image Manipulation Program", List.of("gimp",
                        "--no-splash", "--no-data", "--no-fonts"), Map.of("GTK_MODULES", "gail:atk-bridge",
                        "GIMP2_DIRECTORY", gimp.toString()), n -> "menu bar".equals(n.role()), withoutText),
                // VLC refuses to start as root; the shim of the task suite lets it (first-euid.c).
                App.withoutText("VLC (Qt 5)", "vlc", "VLC media player", List.of("sh", "-c",
                        "mkdir -p \"$XDG_CONFIG_HOME/vlc\" && printf '[qt]\\nqt-privacy-ask=0\\n' "
                                + "> \"$XDG_CONFIG_HOME/vlc/vlcrc\" && exec vlc --no-audio --no-video-title-show"),
                        vlcEnv(), n -> "menu bar".equals(n.role()), withoutText));
    }

    /** VLC's environment: Qt's accessibility on, quiet, and as root the start-up shim the task suite builds. */
    private static Map<String, String> vlcEnv() throws IOException {
        Map<String, String> env = new java.util.HashMap<>(Map.of("QT_LINUX_ACCESSIBILITY_ALWAYS_ON", "1",
                "VLC_VERBOSE", "-1"));
        if ("root".equals(System.getProperty("user.name"))) {
            Path dir = Files.createTempDirectory("countersign-vlc-");
            Path src = dir.resolve("first-euid.c");
            try (java.io.InputStream in = CompatibilityMatrixTest.class.getResourceAsStream(
                    "/dev/countersign/tasks/first-euid.c")) {
                Files.write(src, in.readAllBytes());
            }
            Path lib = dir.resolve("first-euid.so");
            try {
                TestDesktop.run(List.of("cc", "-shared", "-fPIC", "-O2", "-o", lib.toString(), src.toString(), "-ldl"));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException(e);
            }
            env.put("LD_PRELOAD", lib.toString());
        }
        return env;
    }

    @BeforeAll
    static void desktop() throws IOException {
        TestDesktopExtension.requireTestDesktop();
        backend = AtspiDesktopBackend.fromEnvironment();
        // The app as `countersign serve` runs it, without a person: the headless approver refuses
        // whatever needs approval. Each app's row is one agent with a token of its own, as any MCP
        // client would connect (an agent's lease holds a budget of acts; a row spends up to a dozen).
        served = HeadlessServed.start(home, backend);
    }

    @AfterAll
    static void ledger() throws IOException {
        if (served != null) {
            served.close();
        }
        if (backend != null) {
            backend.close();
        }
        // Only a run of the whole matrix may replace the published ledger.
        List<CompatLedger.Row> rows = LEDGER.rows();
        long apps = rows.stream().map(CompatLedger.Row::app).distinct().count();
        Path out = ROOT.resolve("target/compatibility");
        LEDGER.write(out.resolve("compatibility.json"), out.resolve("compatibility.md"),
                Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
        if (apps == allApps().count()) {
            Files.copy(out.resolve("compatibility.json"), ROOT.resolve("docs/compatibility.json"),
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            Files.copy(out.resolve("compatibility.md"), ROOT.resolve("docs/compatibility.md"),
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("apps")
    void appIsDrivableAsTheLedgerSays(App app) throws Exception {
        Launched launched = Launched.start(app, backend);
        try {
            new MatrixRun(app, launched, served.agent("matrix-" + AGENTS.incrementAndGet()), LEDGER).run();
        } finally {
            launched.stop();
        }
        List<CompatLedger.Row> mine = LEDGER.rows().stream().filter(r -> r.app().equals(app.label())).toList();
        for (CompatLedger.Row r : mine) {
            String want = List.of("find", "observe").contains(r.operation()) ? "confirmed" : app.expected().get(r.operation());
            assertThat(r.outcome()).as("%s: %s (%s)", app.label(), r.operation(), r.detail()).isEqualTo(want);
        }
        assertThat(mine).hasSize(CompatLedger.OPERATIONS.size());
    }

    /** One launched app: its process (and whatever it started), found on AT-SPI with a showing window. */
    record Launched(Process process, Path dir, String toolkit, long accessiblePid) {
        static Launched start(App app, DesktopBackend backend) throws IOException, InterruptedException {
            Path dir = Files.createTempDirectory("countersign-matrix-");
            ProcessBuilder pb = new ProcessBuilder(app.command()).directory(dir.toFile())
                    .redirectOutput(dir.resolve("stdout.txt").toFile()).redirectError(dir.resolve("stderr.txt").toFile());
            Map<String, String> env = pb.environment();
            env.put("NO_AT_BRIDGE", "0");
            env.put("GDK_BACKEND", "x11");
            env.put("GSETTINGS_BACKEND", "memory");
            env.put("XDG_CONFIG_HOME", dir.resolve("config").toString());
            env.put("XDG_DATA_HOME", dir.resolve("data").toString());
            env.put("XDG_CACHE_HOME", dir.resolve("cache").toString());
            env.putAll(app.env());
            Process p = pb.start();
            AppListing[] found = new AppListing[1];
            // Up means: a showing window with the text field in it (Writer builds its toolbars and
            // document for a while after its window first shows).
            boolean up = TestDesktop.eventually(Duration.ofSeconds(45), () -> {
                found[0] = listing(backend, p.pid(), app.title());
                return found[0] != null && ready(backend, found[0], app) || !p.isAlive() && !hasChildren(p);
            });
            if (!up || found[0] == null) {
                new Launched(p, dir, "", -1).stop();
                throw new AssertionError(app.label() + " did not show an accessible window within 45 s; stderr: "
                        + Files.readString(dir.resolve("stderr.txt")));
            }
            return new Launched(p, dir, found[0].toolkit(), found[0].app().pid());
        }

        /** Settled: the whole window reads the same twice, 300 ms apart, and holds the text field. */
        private static boolean ready(DesktopBackend backend, AppListing l, App app) {
            try {
                ComputerDriver d = driver(backend);
                ObserveArgs whole = new ObserveArgs(Long.toString(l.app().pid()), null, SnapshotLimitsMax.NODES,
                        SnapshotLimitsMax.DEPTH, null);
                ToolResult<ObservationView> first = d.observe("agent-ready", whole);
                Thread.sleep(300);
                ToolResult<ObservationView> second = d.observe("agent-ready", whole);
                if (!(first instanceof ToolResult.Ok) || !(second instanceof ToolResult.Ok)) {
                    return false;
                }
                ObservationView a = ((ToolResult.Ok<ObservationView>) first).value();
                ObservationView b = ((ToolResult.Ok<ObservationView>) second).value();
                return a.nodes().size() == b.nodes().size() && a.omittedCount() == b.omittedCount()
                        && b.nodes().stream().anyMatch(app.shows());
            } catch (dev.countersign.core.CountersignException e) {
                return false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }

        private static boolean hasChildren(Process p) {
            return p.descendants().findAny().isPresent();
        }

        private static AppListing listing(DesktopBackend backend, long pid, String title) {
            try {
                long accessible = backend.resolveApp(AppSelector.pid(pid)).pid();
                for (AppListing l : backend.listApps()) {
                    if (l.app().pid() == accessible && l.windows().stream().anyMatch(w ->
                            (title == null || w.title().equals(title)) && w.frame().width() > 1)) {
                        return l;
                    }
                }
                return null;
            } catch (dev.countersign.core.CountersignException e) {
                return null;
            }
        }

        /** Stops what this test started, by process handle: the launcher's descendants first, then the launcher. */
        void stop() throws InterruptedException {
            List<ProcessHandle> all = new ArrayList<>(process.descendants().toList());
            Optional<ProcessHandle> accessible = accessiblePid > 0 ? ProcessHandle.of(accessiblePid) : Optional.empty();
            accessible.ifPresent(all::add);
            all.add(process.toHandle());
            for (ProcessHandle h : all) {
                h.destroy();
            }
            for (ProcessHandle h : all) {
                try {
                    h.onExit().get(5, TimeUnit.SECONDS);
                } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                    h.destroyForcibly();
                }
            }
        }
    }

    /** The largest bounds, for the readiness check only (never for the matrix's own observe). */
    static final class SnapshotLimitsMax {
        static final Integer NODES = dev.countersign.desktop.SnapshotLimits.MAX_NODES;
        static final Integer DEPTH = dev.countersign.desktop.SnapshotLimits.MAX_DEPTH;
    }

    static ComputerDriver driver(DesktopBackend backend) {
        DriverSettings settings = DriverSettings.defaults("sess-matrix");
        Clock clock = Clock.systemUTC();
        return new ComputerDriver(backend, new PolicyApprovals(RiskPolicy.defaults()), new HeadlessApprover(),
                new LeaseBook(clock, settings.sessionId(), settings.principalId(), LeaseBook.Terms.defaults()),
                clock, new RandomIds(), new SecureRandom(), settings);
    }

    static String describe(CountersignError e) {
        return e.code().name() + ": " + e.message();
    }

    static Optional<Mark> markOf(VisualObservation v, String ref) {
        return v.marks().stream().filter(m -> ref.equals(m.ref())).findFirst();
    }
}
