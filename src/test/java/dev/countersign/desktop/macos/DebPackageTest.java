package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Builds the Linux .deb with {@code scripts/package} (once; reused while nothing it packs is
 * newer), unpacks it with {@code dpkg-deb -x} and runs the packaged launcher on the test desktop.
 * Tagged "desktop" so {@code scripts/test} (and so CI) always runs it, and "packaging" to run it
 * alone: {@code ./mvnw verify -Dgroups=packaging}. Lives beside the macOS backend because the
 * packaging belongs to the same issue.
 */
@Tag("desktop")
@Tag("packaging")
class DebPackageTest {
    private static final Path OUT = Path.of("target", "package-test").toAbsolutePath();
    private static Path deb;
    private static Path root;

    @BeforeAll
    static void buildAndUnpack() throws Exception {
        deb = findDeb();
        if (deb == null || stale(deb)) {
            Result r = run(List.of("scripts/package", "--skip-build", "--fast", "--dest", OUT.toString()), 600);
            assertThat(r.exit).as("scripts/package failed:\n" + r.output).isZero();
            deb = findDeb();
        }
        assertThat(deb).isNotNull();
        root = OUT.resolve("unpacked");
        run(List.of("rm", "-rf", root.toString()), 60);
        Result x = run(List.of("dpkg-deb", "-x", deb.toString(), root.toString()), 120);
        assertThat(x.exit).as(x.output).isZero();
    }

    @Test
    void itDependsOnGtkAndTheAtSpiBridge() throws Exception {
        Result depends = run(List.of("dpkg-deb", "-f", deb.toString(), "Package", "Depends"), 30);
        assertThat(depends.output).contains("Package: countersign").contains("libgtk-3-0").contains("libatk-adaptor");
    }

    @Test
    void itInstallsTheLauncherAMenuEntryAndIcons() throws IOException {
        Path app = root.resolve("opt/countersign");
        assertThat(app.resolve("bin/countersign")).isExecutable();
        String desktop = Files.readString(app.resolve("lib/countersign-countersign.desktop"));
        assertThat(desktop).contains("Exec=/opt/countersign/bin/countersign").contains("Name=Countersign")
                .contains("Icon=/opt/countersign/lib/countersign.png").contains("Categories=Utility;");
        assertThat(ImageIO.read(app.resolve("lib/countersign.png").toFile()).getWidth()).isEqualTo(256);
        for (int size : new int[] {16, 22, 24, 32}) {
            BufferedImage tray = ImageIO.read(app.resolve("lib/icons/tray/countersign-" + size + ".png").toFile());
            assertThat(tray.getWidth()).isEqualTo(size);
            assertThat(tray.getHeight()).isEqualTo(size);
        }
    }

    @Test
    void thePackagedLauncherPrintsTheProjectVersion() throws Exception {
        Result r = run(List.of(root.resolve("opt/countersign/bin/countersign").toString(), "--version"), 60);
        assertThat(r.exit).as(r.output).isZero();
        assertThat(r.output).contains("Countersign " + projectVersion());
    }

    @Test
    void doctorJsonDescribesTheTestDesktop() throws Exception {
        Result r = run(List.of(root.resolve("opt/countersign/bin/countersign").toString(), "doctor", "--json"), 60);
        assertThat(r.exit).as(r.output).isZero();
        JsonNode report = new ObjectMapper().readTree(r.output);
        assertThat(report.get("version").asText()).isEqualTo(projectVersion());
        assertThat(report.get("os").asText()).startsWith("Linux");
        // scripts/test runs the suite inside the private desktop, so the packaged app sees its display.
        String display = System.getenv("DISPLAY");
        assertThat(display).as("DISPLAY of the test desktop (run through scripts/test)").isNotBlank();
        assertThat(report.get("display").asText()).isEqualTo(display);
        assertThat(report.get("session_bus").asBoolean()).isTrue();
    }

    /**
     * The class-data archive (docs/packaging.md): the package ships the trained class list and the
     * script its postinst runs; written where the app is (here, where dpkg-deb unpacked it), the
     * started launcher maps it. One that does not fit is ignored, and stdout stays the app's alone.
     */
    @Test
    void thePackagedLauncherMapsTheClassArchiveItsPostinstWrites() throws Exception {
        Path app = root.resolve("opt/countersign");
        Path archive = app.resolve("lib/app/countersign.jsa");
        String postinst = run(List.of("dpkg-deb", "-I", deb.toString(), "postinst"), 30).output;
        assertThat(postinst).contains("timeout -k 10 120 /opt/countersign/lib/class-archive || true");
        assertThat(app.resolve("lib/app/countersign.classlist")).isNotEmptyFile();

        Files.deleteIfExists(archive);
        Files.writeString(archive, "not an archive");
        Result unusable = runApart(List.of(app.resolve("bin/countersign").toString(), "--version"));
        assertThat(unusable.exit).as(unusable.output).isZero();
        assertThat(unusable.output).startsWith("Countersign " + projectVersion() + "\nJava ").hasLineCount(2);

        Result written = run(List.of(app.resolve("lib/class-archive").toString()), 180);
        assertThat(written.exit).as(written.output).isZero();
        assertThat(archive).isNotEmptyFile();
        Path home = Files.createTempDirectory("deb-cds-home");
        Path out = home.resolve("out");
        ProcessBuilder serve = new ProcessBuilder(app.resolve("bin/countersign").toString(), "serve", "--headless",
                "--port", "0").redirectOutput(out.toFile()).redirectError(home.resolve("err").toFile());
        serve.environment().put("COUNTERSIGN_HOME", home.toString());
        Process p = serve.start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!Files.readString(out).contains("serving agents at") && p.isAlive()
                    && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertThat(Files.readString(out)).as(Files.readString(home.resolve("err"))).contains("serving agents at");
            assertThat(Files.readString(Path.of("/proc", Long.toString(p.pid()), "maps"))).contains(archive.toString());
        } finally {
            p.destroy();
            p.waitFor(20, TimeUnit.SECONDS);
            p.destroyForcibly();
        }
        assertThat(Files.readString(out)).doesNotContain("[warning]").doesNotContain("shared archive");
    }

    /**
     * A real {@code dpkg -i} on a machine without a desktop menu (no /etc/xdg/menus, as under a bare
     * window manager) failed in the postinst, where {@code xdg-desktop-menu install} exits 3 under
     * {@code set -e}, and then the prerm failed the same way, so the half-installed package could not
     * even be removed. The package's own maintainer scripts run here with the menu tool answering as it
     * did there, and stand-ins for every other command that could reach outside the test's folder
     * ({@code timeout}, {@code rm}, the other xdg tools): both finish, say the menu entry is missing, and
     * still do the rest of their work. Any other failure of the menu tool still fails the install, and
     * never the removal.
     */
    @Test
    void itInstallsAndRemovesWhereThereIsNoDesktopMenu() throws Exception {
        Path scripts = Files.createTempDirectory("deb-scripts");
        try {
            Result e = run(List.of("dpkg-deb", "-e", deb.toString(), scripts.resolve("control").toString()), 30);
            assertThat(e.exit).as(e.output).isZero();
            Path bin = Files.createDirectories(scripts.resolve("bin"));
            Path calls = scripts.resolve("calls");
            stub(bin.resolve("xdg-desktop-menu"), calls, "echo 'xdg-desktop-menu: No writable system menu directory found.' >&2\n"
                    + "exit \"${MENU_EXIT:-0}\"");
            for (String other : List.of("xdg-mime", "xdg-icon-resource", "xdg-desktop-icon", "timeout", "rm")) {
                stub(bin.resolve(other), calls, "exit 0");
            }

            // Each function holds the one command jpackage filled in: under "a || b" the shell does not
            // stop at a failing command inside it, so a second command's failure would go unseen.
            assertThat(menuFunction(scripts.resolve("control/postinst"), "menu_entry"))
                    .containsExactly(":", "xdg-desktop-menu install /opt/countersign/lib/countersign-countersign.desktop");
            assertThat(menuFunction(scripts.resolve("control/prerm"), "menu_entry_removed"))
                    .containsExactly(":", "xdg-desktop-menu uninstall /opt/countersign/lib/countersign-countersign.desktop");

            Result install = maintainerScript(scripts, "postinst", "configure", 3);
            assertThat(install.exit).as(install.output).isZero();
            assertThat(install.output).contains("no menu entry was added");
            assertThat(Files.readString(calls))
                    .contains("xdg-desktop-menu install /opt/countersign/lib/countersign-countersign.desktop")
                    .contains("timeout -k 10 120 /opt/countersign/lib/class-archive");

            Files.writeString(calls, "");
            Result remove = maintainerScript(scripts, "prerm", "remove", 3);
            assertThat(remove.exit).as(remove.output).isZero();
            assertThat(remove.output).contains("no menu entry to remove");
            assertThat(Files.readString(calls))
                    .contains("xdg-desktop-menu uninstall /opt/countersign/lib/countersign-countersign.desktop")
                    .contains("rm -f /opt/countersign/lib/app/countersign.jsa");

            // Where the menu exists, nothing is said about it.
            for (String[] script : List.of(new String[] {"postinst", "configure"}, new String[] {"prerm", "remove"})) {
                Result withMenu = maintainerScript(scripts, script[0], script[1], 0);
                assertThat(withMenu.exit).as(withMenu.output).isZero();
                assertThat(withMenu.output).as(script[0]).doesNotContain("menu entry");
            }
            // Another failure of the menu tool (2: a file it was given is missing) is a broken package.
            Result broken = maintainerScript(scripts, "postinst", "configure", 2);
            assertThat(broken.exit).as(broken.output).isEqualTo(2);
            Result removedAnyway = maintainerScript(scripts, "prerm", "remove", 2);
            assertThat(removedAnyway.exit).as(removedAnyway.output).isZero();
            assertThat(removedAnyway.output).contains("could not be removed (xdg-desktop-menu exit 2)");
        } finally {
            run(List.of("rm", "-rf", scripts.toString()), 30);
        }
    }

    /** The non-blank lines of shell function {@code name} in {@code script}, trimmed. */
    private static List<String> menuFunction(Path script, String name) throws IOException {
        List<String> lines = Files.readAllLines(script);
        int start = lines.indexOf(name + "() {");
        assertThat(start).as("%s defines %s()", script, name).isNotNegative();
        List<String> body = new ArrayList<>();
        for (String line : lines.subList(start + 1, lines.size())) {
            if (line.equals("}")) {
                return body;
            }
            if (!line.isBlank()) {
                body.add(line.strip());
            }
        }
        throw new AssertionError(name + "() is not closed in " + script);
    }

    /** A stand-in for a command: appends its name and arguments to {@code calls}, then runs {@code body}. */
    private static void stub(Path command, Path calls, String body) throws IOException {
        Files.writeString(command, "#!/bin/sh\necho \"$(basename \"$0\") $*\" >> '" + calls + "'\n" + body + "\n");
        assertThat(command.toFile().setExecutable(true)).isTrue();
    }

    /** Runs one of the package's maintainer scripts as dpkg would, with the stand-ins first on the PATH. */
    private static Result maintainerScript(Path scripts, String script, String action, int menuExit)
            throws IOException, InterruptedException {
        List<String> command = List.of("/bin/sh", scripts.resolve("control").resolve(script).toString(), action);
        ProcessBuilder process = new ProcessBuilder(command).redirectErrorStream(true);
        process.environment().put("PATH", scripts.resolve("bin") + ":/usr/bin:/bin");
        process.environment().put("MENU_EXIT", Integer.toString(menuExit));
        return run(process, command, 60);
    }

    /** Runs {@code command} with stdout alone in the result (stderr dropped): what a client would read. */
    private static Result runApart(List<String> command) throws IOException, InterruptedException {
        return run(new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD), command, 60);
    }

    private static Path findDeb() throws IOException {
        if (!Files.isDirectory(OUT)) {
            return null;
        }
        try (Stream<Path> s = Files.list(OUT)) {
            return s.filter(p -> p.getFileName().toString().matches("countersign_.*\\.deb")).findFirst().orElse(null);
        }
    }

    /** Whether anything the package is made of changed after it was built. */
    private static boolean stale(Path built) throws IOException {
        long at = Files.getLastModifiedTime(built).toMillis();
        for (String input : List.of("target/classes", "target/classpath.txt", "packaging", "icons", "scripts/package",
                "pom.xml", "LICENSE")) {
            try (Stream<Path> s = Files.walk(Path.of(input))) {
                if (s.anyMatch(p -> p.toFile().lastModified() > at)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String projectVersion() throws IOException {
        String pom = Files.readString(Path.of("pom.xml"));
        Matcher m = Pattern.compile("<artifactId>countersign</artifactId>\\s*<version>([^<]+)</version>").matcher(pom);
        assertThat(m.find()).isTrue();
        return m.group(1);
    }

    private record Result(int exit, String output) {
    }

    private static Result run(List<String> command, int timeoutSeconds) throws IOException, InterruptedException {
        return run(new ProcessBuilder(new ArrayList<>(command)).redirectErrorStream(true), command, timeoutSeconds);
    }

    /** Runs {@code process} (its stderr as it was set up) with its stdout going to the result. */
    private static Result run(ProcessBuilder process, List<String> command, int timeoutSeconds)
            throws IOException, InterruptedException {
        Path log = Files.createTempFile("package-test", ".log");
        try {
            Process p = process.redirectOutput(log.toFile()).start();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                return new Result(-1, "timed out after " + timeoutSeconds + " s: " + command);
            }
            return new Result(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
