package dev.countersign.desktop;

import static org.assertj.core.api.Assertions.fail;

import dev.countersign.core.CountersignException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

/**
 * The private test desktop as a test sees it: the shared backend, and target applications it
 * launches for one test and stops afterwards (only those, by their own process handles).
 */
public final class TestDesktop {
    private final DesktopBackend backend;
    private final List<TargetApp> launched = new ArrayList<>();
    private final List<Path> tempDirs = new ArrayList<>();

    public TestDesktop(DesktopBackend backend) {
        this.backend = backend;
    }

    public DesktopBackend backend() {
        return backend;
    }

    /** A running target application and the files it writes. */
    public record TargetApp(Process process, AppInfo app, WindowInfo window, Path dir) {
        public long pid() {
            return process.pid();
        }

        /** What the application printed to stdout so far. */
        public String output() throws IOException {
            return Files.readString(dir.resolve("stdout.txt"), StandardCharsets.UTF_8);
        }
    }

    /**
     * A yad login form: "User name" entry (initially {@code user}), a password field (initially
     * {@code password}), a "Remember me" check box, a "Click me" button that creates
     * {@code clicked} in the app's dir, and OK/Cancel; OK prints the values.
     */
    public TargetApp launchForm(String user, String password) throws IOException {
        Path dir = tempDir();
        return launch(dir, "Login Form", List.of("yad", "--form", "--title=Login Form", "--field=User name",
                "--field=Password:H", "--field=Remember me:CHK", "--field=Click me:BTN",
                "--button=OK:0", "--button=Cancel:1", user, password, "FALSE", "touch " + dir.resolve("clicked")));
    }

    /**
     * A yad form with a "Delete" button whose side effect creates {@code deleted} in the app's dir,
     * and a "Notes" entry; for approval tests.
     */
    public TargetApp launchDeleteForm() throws IOException {
        Path dir = tempDir();
        return launch(dir, "Cleanup", List.of("yad", "--form", "--title=Cleanup", "--field=Notes",
                "--field=Delete:BTN", "--button=OK:0", "", "touch " + dir.resolve("deleted")));
    }

    /**
     * A yad text window painted entirely black — background, text, borders and focus ring, through
     * the app's own GTK user stylesheet — as a stand-in for a failed capture.
     */
    public TargetApp launchBlack() throws IOException {
        Path dir = tempDir();
        Path css = dir.resolve("config").resolve("gtk-3.0").resolve("gtk.css");
        Files.createDirectories(css.getParent());
        Files.writeString(css, "* { background-color: #000; background-image: none; color: #000; "
                + "border-color: #000; box-shadow: none; outline-color: #000; caret-color: #000; }\n");
        return launch(dir, "Black", List.of("yad", "--text-info", "--title=Black", "--no-buttons",
                "--back=black", "--fore=black", "--geometry=400x300+0+0"));
    }

    /** A yad list with two columns and three rows. */
    public TargetApp launchList() throws IOException {
        return launch(tempDir(), "Fruit List", List.of("yad", "--list", "--title=Fruit List", "--width=400",
                "--height=300", "--column=Fruit", "--column=Colour", "apple", "red", "banana", "yellow", "cherry", "dark red"));
    }

    /** A yad text window of the given size at the screen's origin, for capture benchmarks. */
    public TargetApp launchSized(int width, int height) throws IOException {
        return launch(tempDir(), "Sized", List.of("yad", "--text-info", "--title=Sized",
                "--geometry=" + width + "x" + height + "+0+0"));
    }

    /** gtk3-widget-factory: one large window of about 260 elements. */
    public TargetApp launchWidgetFactory() throws IOException {
        return launch(tempDir(), null, List.of("gtk3-widget-factory"));
    }

    /**
     * Any command as a target app: {@code command} gets a fresh dir of its own (for side-effect
     * files) and the app is resolved by its window {@code title}; for adversarial tests.
     */
    public TargetApp launchCommand(String title, java.util.function.Function<Path, List<String>> command)
            throws IOException {
        Path dir = tempDir();
        return launch(dir, title, command.apply(dir));
    }

    /**
     * As {@link #launchCommand(String, java.util.function.Function)}, for an app that may take up to
     * {@code startup} to show its window and needs {@code extraEnv}.
     */
    public TargetApp launchCommand(String title, Duration startup, Map<String, String> extraEnv,
            java.util.function.Function<Path, List<String>> command) throws IOException {
        Path dir = tempDir();
        return launch(dir, title, command.apply(dir), extraEnv, startup);
    }

    /**
     * A python3-gi script from the test resources ({@code resource}, an absolute classpath path) as a
     * target app, run by Debian's python (which has the GObject bindings) with {@code title} as its
     * first argument; it is resolved by that window title.
     */
    public TargetApp launchScript(String title, String resource) throws IOException {
        return launchCommand(title, dir -> List.of("/usr/bin/python3", copyResource(resource, dir).toString(), title));
    }

    /** The test resource {@code resource} (an absolute classpath path) copied into {@code dir}, under its own file name. */
    public static Path copyResource(String resource, Path dir) {
        Path copy = dir.resolve(Path.of(resource).getFileName().toString());
        try (java.io.InputStream in = TestDesktop.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource " + resource);
            }
            Files.copy(in, copy);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return copy;
    }

    /** {@code dir} made a Firefox profile that opens no first-run, default-browser or telemetry pages. */
    public static Path firefoxProfile(Path dir) {
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("user.js"), String.join("\n",
                    "user_pref(\"browser.shell.checkDefaultBrowser\", false);",
                    "user_pref(\"browser.startup.homepage_override.mstone\", \"ignore\");",
                    "user_pref(\"browser.aboutwelcome.enabled\", false);",
                    "user_pref(\"datareporting.policy.dataSubmissionEnabled\", false);",
                    "user_pref(\"toolkit.telemetry.reportingpolicy.firstRun\", false);", ""));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return dir;
    }

    /**
     * Firefox ESR with a fresh profile (no first-run pages), showing the page {@code resource} (an
     * absolute classpath path) in a 900×700 window titled {@code title}, and given the keyboard
     * focus as a person's click in it would (there is no window manager here): Firefox opens a
     * drop-down's list for its action only while its window has it.
     */
    public TargetApp launchFirefox(String title, String resource) throws IOException, InterruptedException {
        TargetApp firefox = launchCommand(title, Duration.ofSeconds(60), Map.of("GNOME_ACCESSIBILITY", "1"),
                dir -> List.of("firefox-esr", "--no-remote", "--profile", firefoxProfile(dir.resolve("profile")).toString(),
                        "--width", "900", "--height", "700", copyResource(resource, dir).toUri().toString()));
        String windows = run(List.of("xdotool", "search", "--onlyvisible", "--class", "firefox")).strip();
        run(List.of("xdotool", "windowfocus", windows.lines().findFirst().orElseThrow()));
        return firefox;
    }

    /**
     * GIMP 2.10, a GTK 2 application on AT-SPI through gail and atk-bridge, with a fresh profile
     * and none of its brushes, patterns or fonts (so it starts in a few seconds): its image window.
     */
    public TargetApp launchGimp() throws IOException {
        return launchGimp(tempDir(), null);
    }

    /**
     * GIMP as {@link #launchGimp()}, opening a 64×64 white PNG, {@code image.png} in the app's dir
     * (made with ImageMagick), so the filters that need an image are enabled. Its window, titled
     * after the image once loaded, is whichever shows first.
     */
    public TargetApp launchGimpWithImage() throws IOException, InterruptedException {
        Path dir = tempDir();
        Path image = dir.resolve("image.png");
        run(List.of("convert", "-size", "64x64", "xc:white", image.toString()));
        return launchGimp(dir, image);
    }

    private TargetApp launchGimp(Path dir, Path image) throws IOException {
        List<String> command = new ArrayList<>(List.of("gimp", "--no-splash", "--no-data", "--no-fonts"));
        if (image != null) {
            command.add(image.toString());
        }
        return launch(dir, image == null ? "GNU Image Manipulation Program" : null, command,
                Map.of("GTK_MODULES", "gail:atk-bridge", "GIMP2_DIRECTORY", dir.resolve("gimp").toString()),
                Duration.ofSeconds(60));
    }

    /** Stops one launched application now (e.g. to restart it). */
    public void stop(TargetApp app) throws InterruptedException {
        // A launcher script (soffice) leaves the real application as its child: those go first.
        List<ProcessHandle> children = app.process().descendants().toList();
        for (ProcessHandle child : children) {
            child.destroy();
        }
        app.process().destroy();
        if (!app.process().waitFor(3, TimeUnit.SECONDS)) {
            app.process().destroyForcibly().waitFor(3, TimeUnit.SECONDS);
        }
        for (ProcessHandle child : children) {
            try {
                child.onExit().get(3, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                child.destroyForcibly();
            }
        }
        launched.remove(app);
    }

    /** Runs a helper command on the test desktop (xdotool, import) and returns its stdout. */
    public static String run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(false).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
            fail(command + " failed: " + new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
        }
        return new String(out, StandardCharsets.UTF_8);
    }

    /** Polls until the condition holds (true) or the timeout passes (false). */
    public static boolean eventually(Duration timeout, BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < end) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(20);
        }
        return condition.getAsBoolean();
    }

    private TargetApp launch(Path dir, String title, List<String> command) throws IOException {
        return launch(dir, title, command, Map.of(), Duration.ofSeconds(15));
    }

    private TargetApp launch(Path dir, String title, List<String> command, Map<String, String> extraEnv,
            Duration startup) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(dir.resolve("stdout.txt").toFile())
                .redirectError(dir.resolve("stderr.txt").toFile());
        Map<String, String> env = pb.environment();
        env.put("NO_AT_BRIDGE", "0");
        env.put("GDK_BACKEND", "x11");
        env.put("GSETTINGS_BACKEND", "memory");
        env.put("XDG_CONFIG_HOME", dir.resolve("config").toString());
        env.put("XDG_DATA_HOME", dir.resolve("data").toString());
        env.put("XDG_CACHE_HOME", dir.resolve("cache").toString());
        env.putAll(extraEnv);
        Process process = pb.start();
        TargetApp[] found = new TargetApp[1];
        try {
            boolean up = eventually(startup, () -> {
                found[0] = tryResolve(process, dir, title);
                return found[0] != null || !process.isAlive();
            });
            if (!up || found[0] == null) {
                process.destroyForcibly();
                fail(command.get(0) + " did not show an accessible window within " + startup.toSeconds() + " s; stderr: "
                        + Files.readString(dir.resolve("stderr.txt")));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new IOException("interrupted while waiting for " + command.get(0), e);
        }
        launched.add(found[0]);
        return found[0];
    }

    private TargetApp tryResolve(Process process, Path dir, String title) {
        try {
            AppInfo app = backend.resolveApp(AppSelector.pid(process.pid()));
            List<WindowInfo> windows = backend.listWindows(app);
            for (WindowInfo w : windows) {
                if ((title == null || w.title().equals(title)) && w.frame().width() > 1) {
                    return new TargetApp(process, app, w, dir);
                }
            }
            return null;
        } catch (CountersignException e) {
            return null;
        }
    }

    private Path tempDir() throws IOException {
        Path dir = Files.createTempDirectory("countersign-app-");
        tempDirs.add(dir);
        return dir;
    }

    /** Stops every application this test launched, then deletes their directories. */
    public void cleanUp() throws InterruptedException, IOException {
        for (TargetApp app : new ArrayList<>(launched)) {
            stop(app);
        }
        for (Path dir : tempDirs) {
            try (Stream<Path> walk = Files.walk(dir)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
        tempDirs.clear();
    }
}
