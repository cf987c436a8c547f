package dev.countersign.vision;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.core.Rect;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class MarkRenderingTest {

    private static MarkedImage render(BufferedImage img, MarkOptions options) {
        return SetOfMark.render(img, Scenes.geometry(), Scenes.controls(), options);
    }

    @Nested
    class Golden {
        @Test
        void marksOnLightAndDarkContentMatchTheGolden() {
            MarkedImage out = render(Scenes.halfAndHalf(), MarkOptions.defaults());
            GoldenImages.assertMatches("marks-half-and-half.png", out.image());
        }

        @Test
        void highlightedMarkMatchesTheGolden() {
            MarkedImage out = render(Scenes.halfAndHalf(), MarkOptions.defaults().highlight("ref-b"));
            GoldenImages.assertMatches("marks-highlight.png", out.image());
        }

        @Test
        void clickPointAndDragArrowMatchTheGolden() {
            BufferedImage img = Annotations.copy(render(Scenes.halfAndHalf(), MarkOptions.defaults()).image());
            Annotations.drawPoint(img, new Point(100, 75));
            Annotations.drawDragArrow(img, new Point(300, 250), new Point(420, 150));
            GoldenImages.assertMatches("annotations.png", img);
        }

        @Test
        void renderingTheSameInputTwiceGivesIdenticalPixels() {
            BufferedImage a = render(Scenes.halfAndHalf(), MarkOptions.defaults()).image();
            BufferedImage b = render(Scenes.halfAndHalf(), MarkOptions.defaults()).image();
            assertThat(Png.encodeAndHash(a).sha256()).isEqualTo(Png.encodeAndHash(b).sha256());
        }
    }

    @Nested
    class Legibility {
        private BufferedImage solid(int rgb) {
            BufferedImage img = new BufferedImage(480, 320, BufferedImage.TYPE_INT_RGB);
            Graphics2D g = img.createGraphics();
            g.setColor(new Color(rgb));
            g.fillRect(0, 0, 480, 320);
            g.dispose();
            return img;
        }

        private void assertLegible(int background) {
            BufferedImage img = solid(background);
            MarkedImage out = render(img, MarkOptions.defaults());
            Mark first = out.marks().stream().filter(m -> m.ref().equals("ref-a")).findFirst().orElseThrow();
            // Label of mark 1 sits above-left of its box: find its footprint by the label box colour.
            int box = MarkPainter.color(first) & 0xffffff;
            Rect r = first.rect();
            int labelBottom = r.y() - LabelPlacer.OUTLINE_REACH - 1;
            int boxPixel = img.getRGB(r.x() - 1, labelBottom - 1) & 0xffffff;
            assertThat(boxPixel).as("label box colour").isEqualTo(box);
            long text = 0;
            for (int y = labelBottom - 20; y <= labelBottom; y++) {
                for (int x = r.x() - 2; x < r.x() + 20; x++) {
                    if ((img.getRGB(x, y) & 0xffffff) == 0xffffff && y > labelBottom - 18 && y < labelBottom - 2
                            && x > r.x() + 1 && x < r.x() + 16) {
                        text++;
                    }
                }
            }
            assertThat(text).as("white digit pixels inside the label").isGreaterThan(10);
            assertThat(contrast(0xffffff, box)).as("digits against their box").isGreaterThanOrEqualTo(6.0);
            int border = img.getRGB(r.x() - 2, labelBottom) & 0xffffff;
            double frame = Math.max(contrast(border, background), contrast(box, background));
            assertThat(frame).as("label against the background").isGreaterThanOrEqualTo(6.0);
        }

        @Test
        void labelIsLegibleOnPureBlack() {
            assertLegible(0x000000);
        }

        @Test
        void labelIsLegibleOnPureWhite() {
            assertLegible(0xffffff);
        }

        @Test
        void everyPaletteColourContrastsWithWhiteText() {
            for (int c : MarkPainter.PALETTE) {
                assertThat(contrast(0xffffff, c)).as("#%06x", c).isGreaterThanOrEqualTo(6.0);
            }
        }
    }

    @Nested
    class Placement {
        @Test
        void labelAtTheTopEdgeGoesBelowTheBoxInsteadOfLeavingTheImage() {
            BufferedImage img = Scenes.halfAndHalf();
            MarkedImage out = render(img, MarkOptions.defaults());
            Mark top = out.marks().stream().filter(m -> m.ref().equals("ref-c")).findFirst().orElseThrow();
            int belowY = top.rect().y() + top.rect().height() + LabelPlacer.OUTLINE_REACH + 1;
            assertThat(img.getRGB(top.rect().x() - 1, belowY + 1) & 0xffffff).isEqualTo(MarkPainter.color(top));
        }

        @Test
        void labelsOfNeighboursDoNotOverlapWhenThereIsRoom() {
            LabelPlacer placer = new LabelPlacer(400, 300, List.of(new Rect(50, 100, 30, 20), new Rect(52, 100, 30, 20)));
            Rect a = placer.place(new Rect(50, 100, 30, 20), 24, 22);
            Rect b = placer.place(new Rect(52, 100, 30, 20), 24, 22);
            assertThat(LabelPlacer.overlaps(a, b)).isFalse();
        }
    }

    /** WCAG 2 contrast ratio of two sRGB colours. */
    static double contrast(int a, int b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    private static double luminance(int rgb) {
        return 0.2126 * linear((rgb >> 16) & 0xff) + 0.7152 * linear((rgb >> 8) & 0xff) + 0.0722 * linear(rgb & 0xff);
    }

    private static double linear(int c) {
        double s = c / 255.0;
        return s <= 0.04045 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
    }
}
