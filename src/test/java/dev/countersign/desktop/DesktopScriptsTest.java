package dev.countersign.desktop;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** scripts/desktop/up and down: a second private desktop comes up beside the test's own and goes down without a trace. */
@Tag("desktop")
class DesktopScriptsTest {

    @Test
    void upThenDownLeavesNothingAndASecondRunReusesNothing(@TempDir Path tmp) throws Exception {
        TestDesktopExtension.requireTestDesktop();
        Map<String, String> first = up(tmp.resolve("first.env"));
        List<long[]> firstPids = pids(first);
        // Xvfb, the session bus, the accessibility bus launcher, its bus, the registry and dunst.
        assertThat(firstPids).hasSize(6).allSatisfy(p -> assertThat(alive(p)).isTrue());
        assertThat(first.get("DISPLAY")).isNotEqualTo(":0").isNotEqualTo(System.getenv("DISPLAY"));

        down(tmp.resolve("first.env"));
        assertThat(firstPids).allSatisfy(p -> assertThat(alive(p)).as("pid %d after down", p[0]).isFalse());
        assertThat(Path.of(first.get("COUNTERSIGN_DESKTOP_STATE"))).doesNotExist();
        String n = first.get("DISPLAY").substring(1);
        assertThat(Path.of("/tmp/.X" + n + "-lock")).doesNotExist();

        Map<String, String> second = up(tmp.resolve("second.env"));
        try {
            assertThat(second.get("COUNTERSIGN_DESKTOP_STATE")).isNotEqualTo(first.get("COUNTERSIGN_DESKTOP_STATE"));
            assertThat(second.get("DBUS_SESSION_BUS_ADDRESS")).isNotEqualTo(first.get("DBUS_SESSION_BUS_ADDRESS"));
            List<long[]> secondPids = pids(second);
            assertThat(secondPids).allSatisfy(p -> assertThat(alive(p)).isTrue());
            for (long[] p : secondPids) {
                assertThat(firstPids).noneMatch(old -> old[0] == p[0] && old[1] == p[1]);
            }
        } finally {
            down(tmp.resolve("second.env"));
        }
        down(tmp.resolve("second.env"));
    }

    private static Map<String, String> up(Path env) throws IOException, InterruptedException {
        script("up", env);
        Map<String, String> values = new HashMap<>();
        for (String line : Files.readAllLines(env, StandardCharsets.UTF_8)) {
            int eq = line.indexOf('=');
            values.put(line.substring(0, eq), line.substring(eq + 1));
        }
        assertThat(values).containsKeys("DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR",
                "AT_SPI_BUS_ADDRESS", "COUNTERSIGN_DESKTOP_STATE");
        return values;
    }

    private static void down(Path env) throws IOException, InterruptedException {
        script("down", env);
    }

    private static void script(String name, Path env) throws IOException, InterruptedException {
        Path script = Path.of(System.getProperty("user.dir"), "scripts", "desktop", name);
        Process p = new ProcessBuilder(script.toString(), env.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("scripts/desktop/%s: %s", name, out).isZero();
    }

    /** Recorded "role pid starttime" lines as {pid, starttime}. */
    private static List<long[]> pids(Map<String, String> env) throws IOException {
        List<long[]> out = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of(env.get("COUNTERSIGN_DESKTOP_STATE"), "pids"))) {
            String[] f = line.split(" ");
            out.add(new long[] {Long.parseLong(f[1]), Long.parseLong(f[2])});
        }
        return out;
    }

    /** Alive means: the same launch (start time) and not a zombie; kill -0 would say yes to zombies. */
    private static boolean alive(long[] p) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(p[0]), "stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return !f[0].equals("Z") && !f[0].equals("X") && Long.parseLong(f[19]) == p[1];
        } catch (IOException e) {
            return false;
        }
    }
}
