package dev.countersign.desktop.linux;

import static dev.countersign.desktop.linux.DesktopTrees.findRole;
import static dev.countersign.desktop.linux.DesktopTrees.snapshot;
import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.core.Rect;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import dev.countersign.desktop.TreeSnapshot;
import dev.countersign.desktop.WindowCapture;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class X11CaptureTest {

    @Test
    void captureHasTheWindowsSizeAndIsNotBlank(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp form = desktop.launchForm("", "");
        WindowCapture c = desktop.backend().capture(form.window());

        assertThat(c.width()).isEqualTo(form.window().frame().width());
        assertThat(c.height()).isEqualTo(form.window().frame().height());
        assertThat(c.frame()).isEqualTo(form.window().frame());
        assertThat(histogram(c)).hasSizeGreaterThan(10);
    }

    @Test
    void knownColoursAppearWhereTheFormDrawsThem(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp form = desktop.launchForm("", "");
        TreeSnapshot s = snapshot(desktop.backend(), form);
        WindowCapture c = desktop.backend().capture(form.window());
        Rect entry = findRole(s, "text").frame();
        Rect window = c.frame();

        // An empty GTK entry is filled white; the dialog around it is the theme's light grey.
        assertThat(c.pixel(entry.centerX() - window.x(), entry.centerY() - window.y())).isEqualTo(0xFFFFFFFF);
        int background = mostCommon(c);
        assertThat(background).isNotEqualTo(0xFFFFFFFF);
        assertThat(background & 0xFF).isGreaterThan(0xE0);
        // Labels are drawn in dark text somewhere inside their frame.
        ElementNode label = s.nodes().stream().filter(n -> n.name().equals("User name")).findFirst().orElseThrow();
        assertThat(darkest(c, label.frame()) & 0xFF).isLessThan(0x60);
    }

    @Test
    void captureMatchesImageMagicksViewOfTheSameRegion(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp form = desktop.launchForm("alice", "");
        // GTK fades the focus ring in after the window maps; compare once the pixels hold still.
        assertThat(TestDesktop.eventually(Duration.ofSeconds(5), () -> {
            int[] before = desktop.backend().capture(form.window()).argb();
            sleep(150);
            return Arrays.equals(before, desktop.backend().capture(form.window()).argb());
        })).isTrue();

        BufferedImage reference = importRegion(form.window().frame());
        WindowCapture c = desktop.backend().capture(form.window());

        assertThat(reference.getWidth()).isEqualTo(c.width());
        int differing = 0;
        for (int y = 0; y < c.height(); y++) {
            for (int x = 0; x < c.width(); x++) {
                if ((reference.getRGB(x, y) | 0xFF000000) != c.pixel(x, y)) {
                    differing++;
                }
            }
        }
        // The text cursor blinks between the two captures; allow for its few pixels.
        assertThat(differing).isLessThan(100);
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static BufferedImage importRegion(Rect f) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(List.of("import", "-window", "root", "-crop",
                f.width() + "x" + f.height() + "+" + f.x() + "+" + f.y(), "png:-")).start();
        byte[] png = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
        return ImageIO.read(new ByteArrayInputStream(png));
    }

    private static Map<Integer, Integer> histogram(WindowCapture c) {
        Map<Integer, Integer> counts = new HashMap<>();
        for (int p : c.argb()) {
            counts.merge(p, 1, Integer::sum);
        }
        return counts;
    }

    private static int mostCommon(WindowCapture c) {
        return histogram(c).entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
    }

    private static int darkest(WindowCapture c, Rect r) {
        int darkest = 0xFFFFFFFF;
        for (int y = r.y() - c.frame().y(); y < r.y() - c.frame().y() + r.height(); y++) {
            for (int x = r.x() - c.frame().x(); x < r.x() - c.frame().x() + r.width(); x++) {
                int p = c.pixel(x, y);
                if ((p & 0xFF) < (darkest & 0xFF)) {
                    darkest = p;
                }
            }
        }
        return darkest;
    }
}
