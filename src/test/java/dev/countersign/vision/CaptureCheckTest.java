package dev.countersign.vision;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.core.ErrorCode;
import java.util.Arrays;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class CaptureCheckTest {
    private static final int W = 1600;
    private static final int H = 1000;

    private static int[] filled(int argb) {
        int[] p = new int[W * H];
        Arrays.fill(p, argb);
        return p;
    }

    private static void patch(int[] p, int x0, int y0, int size, int argb) {
        for (int y = y0; y < y0 + size; y++) {
            Arrays.fill(p, y * W + x0, y * W + x0 + size, argb);
        }
    }

    @Nested
    class Rejected {
        @Test
        void pureBlackCaptureIsRejectedAsNearBlack() {
            CaptureVerdict v = CaptureCheck.classify(filled(0xff000000), W, H);
            assertThat(v).isInstanceOf(CaptureVerdict.Rejected.class);
            assertThat(((CaptureVerdict.Rejected) v).reason()).isEqualTo("near-black");
            assertThat(((CaptureVerdict.Rejected) v).error().code()).isEqualTo(ErrorCode.CAPTURE_REJECTED);
        }

        @Test
        void almostBlackNoiseIsStillNearBlack() {
            int[] p = filled(0xff0a0a0a);
            patch(p, 100, 100, 12, 0xffffffff); // 144 px < 160 signal pixels
            assertThat(CaptureCheck.classify(p, W, H)).isInstanceOf(CaptureVerdict.Rejected.class);
        }

        @Test
        void fullyTransparentCaptureIsRejectedEvenWhenItsColourIsWhite() {
            CaptureVerdict v = CaptureCheck.classify(filled(0x00ffffff), W, H);
            assertThat(((CaptureVerdict.Rejected) v).reason()).isEqualTo("transparent");
        }
    }

    @Nested
    class Accepted {
        @Test
        void tinyBrightRegionOnBlackKeepsTheCapture() {
            int[] p = filled(0xff000000);
            patch(p, 1500, 900, 13, 0xffc0c0c0); // 169 px >= 160
            CaptureVerdict v = CaptureCheck.classify(p, W, H);
            assertThat(v).isInstanceOf(CaptureVerdict.Accepted.class);
        }

        @Test
        void darkThemeBackgroundIsNotBlack() {
            CaptureVerdict v = CaptureCheck.classify(filled(0xff1e1e1e), W, H);
            assertThat(v).isInstanceOf(CaptureVerdict.Accepted.class);
            assertThat(((CaptureVerdict.Accepted) v).warning()).contains("near-uniform");
        }

        @Test
        void whitePageWithAFewDotsIsNearWhite() {
            int[] p = filled(0xffffffff);
            patch(p, 10, 10, 30, 0xff000000); // 900 px = 0.056% < 0.2%
            assertThat(((CaptureVerdict.Accepted) CaptureCheck.classify(p, W, H)).warning()).contains("near-white");
        }

        @Test
        void midGreyCanvasIsNearUniform() {
            int[] p = filled(0xff808080);
            patch(p, 0, 0, 30, 0xff101010);
            assertThat(((CaptureVerdict.Accepted) CaptureCheck.classify(p, W, H)).warning()).contains("near-uniform");
        }

        @Test
        void ordinaryWindowHasNoWarning() {
            int[] p = filled(0xfff5f5f7);
            for (int i = 0; i < 40; i++) {
                patch(p, 20 + i * 35, 100 + (i % 5) * 150, 30, 0xff000000 | (i * 6 << 16) | (i * 3 << 8) | 0x80);
            }
            CaptureVerdict v = CaptureCheck.classify(p, W, H);
            assertThat(((CaptureVerdict.Accepted) v).warning()).isEmpty();
        }

        @Test
        void bufferedImageAndArgbArrayGiveTheSameVerdict() {
            java.awt.image.BufferedImage img = new java.awt.image.BufferedImage(64, 48,
                    java.awt.image.BufferedImage.TYPE_INT_RGB);
            img.setRGB(3, 4, 0xffffff);
            int[] argb = img.getRGB(0, 0, 64, 48, null, 0, 64);
            assertThat(CaptureCheck.classify(img)).isEqualTo(CaptureCheck.classify(argb, 64, 48));
            assertThat(CaptureCheck.classify(img)).isInstanceOf(CaptureVerdict.Accepted.class);
        }
    }
}
