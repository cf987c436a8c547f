package dev.countersign.app.tray;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The macOS menu-bar icon is a template image: only black, its meaning in its alpha, so the menu
 * bar tints it for light and dark appearances. Both forms are checked: the images the tray paints
 * per state ({@link TrayIcons#template}) and the PNGs {@code icons/generate} renders from
 * {@code icons/menubar/countersign-template.svg} with rsvg-convert.
 */
class MenuBarTemplateTest {
    /** Every visible pixel is black; some are opaque, some fully transparent. */
    private static void assertTemplate(BufferedImage img, int size) {
        assertThat(img.getWidth()).isEqualTo(size);
        assertThat(img.getHeight()).isEqualTo(size);
        assertThat(img.getColorModel().hasAlpha()).isTrue();
        int opaque = 0;
        int clear = 0;
        for (int y = 0; y < size; y++) {
            for (int x = 0; x < size; x++) {
                int argb = img.getRGB(x, y);
                int alpha = argb >>> 24;
                if (alpha > 0) {
                    assertThat(argb & 0xFFFFFF).as("colour at (%d, %d) with alpha %d", x, y, alpha).isZero();
                }
                opaque += alpha > 200 ? 1 : 0;
                clear += alpha == 0 ? 1 : 0;
            }
        }
        assertThat(opaque).isGreaterThan(size);
        assertThat(clear).isGreaterThan(size * size / 3);
    }

    @Test
    void everyStateIsABlackOnTransparentTemplateAtBothMenuBarScales() {
        for (TrayState state : EnumSet.allOf(TrayState.class)) {
            assertTemplate(TrayIcons.template(state, 18), 18);
            assertTemplate(TrayIcons.template(state, 36), 36);
        }
    }

    @Test
    void theStatesDifferByShapeSinceATemplateHasNoColour() {
        Set<String> shapes = new HashSet<>();
        for (TrayState state : TrayState.values()) {
            BufferedImage img = TrayIcons.template(state, 36);
            StringBuilder alpha = new StringBuilder();
            for (int y = 0; y < 36; y++) {
                for (int x = 0; x < 36; x++) {
                    alpha.append((img.getRGB(x, y) >>> 24) > 127 ? '#' : '.');
                }
            }
            shapes.add(alpha.toString());
        }
        assertThat(shapes).hasSize(TrayState.values().length);
    }

    @Test
    void theGeneratedMenuBarPngsAreTemplatesAt18And36Pixels(@TempDir Path out) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("icons/generate", out.toString()).redirectErrorStream(true).start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(new String(p.getInputStream().readAllBytes())).isZero();

        assertTemplate(ImageIO.read(Files.newInputStream(out.resolve("menubar/countersignTemplate.png"))), 18);
        assertTemplate(ImageIO.read(Files.newInputStream(out.resolve("menubar/countersignTemplate@2x.png"))), 36);
    }
}
