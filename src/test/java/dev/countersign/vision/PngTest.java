package dev.countersign.vision;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.core.Digests;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Random;
import java.util.zip.Deflater;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

class PngTest {
    private static BufferedImage noisy(int w, int h, long seed) {
        Random r = new Random(seed);
        BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                img.setRGB(x, y, r.nextInt(8) == 0 ? r.nextInt() & 0xffffff : (x * 3) << 8 | y);
            }
        }
        return img;
    }

    private static void assertRoundTrips(BufferedImage img, byte[] png) throws IOException {
        BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(png));
        assertThat(decoded).isNotNull();
        assertThat(decoded.getWidth()).isEqualTo(img.getWidth());
        assertThat(decoded.getHeight()).isEqualTo(img.getHeight());
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                assertThat(decoded.getRGB(x, y) & 0xffffff).as("pixel %d,%d", x, y).isEqualTo(img.getRGB(x, y) & 0xffffff);
            }
        }
    }

    @Test
    void encodedPngDecodesToExactlyTheSamePixels() throws IOException {
        BufferedImage img = noisy(701, 333, 1);
        assertRoundTrips(img, Png.encode(img));
    }

    @Test
    void everyFilterRoundTrips() throws IOException {
        BufferedImage img = noisy(97, 61, 2);
        for (ScanlineFilter f : ScanlineFilter.values()) {
            assertRoundTrips(img, new DeflatePngEncoder(1, Deflater.DEFAULT_STRATEGY, f).encode(img));
        }
    }

    @Test
    void imagesLargerThanOneIdatChunkRoundTrip() throws IOException {
        BufferedImage img = noisy(900, 700, 3);
        byte[] png = Png.encode(img);
        assertThat(png.length).isGreaterThan(256 * 1024);
        assertRoundTrips(img, png);
    }

    @Test
    void argbImagesAreWrittenOpaque() throws IOException {
        BufferedImage img = new BufferedImage(10, 10, BufferedImage.TYPE_INT_ARGB);
        img.setRGB(2, 3, 0x80112233);
        assertThat(ImageIO.read(new ByteArrayInputStream(Png.encode(img))).getRGB(2, 3)).isEqualTo(0xff112233);
    }

    @Test
    void captureShaIsTheSha256OfExactlyTheDeliveredBytes() {
        EncodedPng png = Png.encodeAndHash(noisy(64, 64, 4));
        assertThat(png.sha256()).isEqualTo(Digests.sha256Hex(png.bytes())).hasSize(64);
        assertThat(Png.encodeAndHash(noisy(64, 64, 4))).isEqualTo(png);
    }
}
