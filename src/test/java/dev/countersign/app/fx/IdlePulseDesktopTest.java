package dev.countersign.app.fx;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.desktop.TestDesktopExtension;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The app at rest on Linux: JavaFX's pulse timer, which GTK glass never pauses, is stopped while no
 * window shows and runs again for a window; and the toolkit draws in software, with no GL driver in the
 * process. Run in a fresh JVM ({@link IdlePulseProbe}) on the private test desktop.
 */
@Tag("desktop")
class IdlePulseDesktopTest {
    private static Map<String, String> report;

    @BeforeAll
    static void probe() throws IOException, InterruptedException {
        TestDesktopExtension.requireTestDesktop();
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(List.of(java.toString(), "-cp", System.getProperty("java.class.path"),
                IdlePulseProbe.class.getName())).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as(out).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        report = new HashMap<>();
        out.lines().filter(l -> l.matches("[A-Za-z]+=.*")).forEach(l -> report.put(l.substring(0, l.indexOf('=')),
                l.substring(l.indexOf('=') + 1)));
        assertThat(report).as(out).containsKeys("installed", "idleWakes", "framesShowing", "pixel", "glMapped");
    }

    @Test
    void withNoWindowTheFxThreadSleepsInsteadOfWakingSixtyTimesASecond() {
        assertThat(report.get("installed")).isEqualTo("true");
        assertThat(report.get("runningIdle")).isEqualTo("false");
        // The running timer wakes it ~120 times in these 2 s; stopped, only stray events remain.
        assertThat(Long.parseLong(report.get("idleWakes"))).isLessThan(20);
        assertThat(Long.parseLong(report.get("idleWakesAfterHide"))).isLessThan(20);
    }

    @Test
    void aQuietWindowLetsTheTimerStopYetIsDrawnAndRedrawnWhenWoken() {
        assertThat(report.get("quietPixel")).isEqualTo("0x14a03cff");
        assertThat(report.get("runningQuiet")).isEqualTo("false");
        assertThat(Long.parseLong(report.get("quietWakes"))).isLessThan(20);
        assertThat(report.get("quietChangedPixel")).isEqualTo("0x1e3cc8ff");
    }

    @Test
    void aWindowShownAfterTheTimerStoppedGetsItsPulsesAndIsDrawn() {
        // An AnimationTimer runs once per pulse: ~60 in the second the window shows.
        assertThat(Integer.parseInt(report.get("framesShowing"))).isGreaterThan(10);
        assertThat(report.get("pixel")).isEqualTo("0xc81ea0ff");
        assertThat(Integer.parseInt(report.get("framesHidden"))).isLessThan(5);
    }

    @Test
    void theToolkitDrawsInSoftwareWithNoGlDriverLoaded() {
        assertThat(report.get("pipeline")).isEqualTo("SWPipeline");
        assertThat(report.get("glMapped")).isEqualTo("false");
    }
}
