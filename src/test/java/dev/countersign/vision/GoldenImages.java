package dev.countersign.vision;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;

/**
 * Compares rendered images with golden PNGs under src/test/resources/dev/countersign/vision.
 * A pixel differs when any channel is off by more than {@link #CHANNEL_TOLERANCE}; the image
 * matches when at most {@link #MAX_DIFFERING_FRACTION} of its pixels differ. Set
 * {@code COUNTERSIGN_REGENERATE_GOLDEN=1} to rewrite the goldens from the current renderer (then
 * look at them before committing).
 */
final class GoldenImages {
    static final int CHANNEL_TOLERANCE = 8;
    static final double MAX_DIFFERING_FRACTION = 0.002;
    private static final Path SOURCE_DIR = Path.of(System.getProperty("basedir", "."),
            "src/test/resources/dev/countersign/vision");

    private GoldenImages() {
    }

    static void assertMatches(String name, BufferedImage actual) {
        if ("1".equals(System.getenv("COUNTERSIGN_REGENERATE_GOLDEN"))) {
            try {
                Files.createDirectories(SOURCE_DIR);
                Files.write(SOURCE_DIR.resolve(name), Png.encode(actual));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        BufferedImage golden = load(name);
        assertThat(actual.getWidth()).isEqualTo(golden.getWidth());
        assertThat(actual.getHeight()).isEqualTo(golden.getHeight());
        assertThat(differingFraction(golden, actual)).as("fraction of pixels that differ from golden %s", name)
                .isLessThanOrEqualTo(MAX_DIFFERING_FRACTION);
    }

    static double differingFraction(BufferedImage a, BufferedImage b) {
        long differing = 0;
        for (int y = 0; y < a.getHeight(); y++) {
            for (int x = 0; x < a.getWidth(); x++) {
                int p = a.getRGB(x, y);
                int q = b.getRGB(x, y);
                for (int shift = 0; shift <= 16; shift += 8) {
                    if (Math.abs(((p >> shift) & 0xff) - ((q >> shift) & 0xff)) > CHANNEL_TOLERANCE) {
                        differing++;
                        break;
                    }
                }
            }
        }
        return differing / (double) ((long) a.getWidth() * a.getHeight());
    }

    private static BufferedImage load(String name) {
        try (InputStream in = GoldenImages.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new AssertionError("golden image " + name + " is missing; run with COUNTERSIGN_REGENERATE_GOLDEN=1");
            }
            return ImageIO.read(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
