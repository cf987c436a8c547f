package dev.countersign.vision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Rect;
import java.util.Random;
import org.junit.jupiter.api.Test;

class GeometryTest {
    @Test
    void smallWindowIsNotScaled() {
        Geometry g = Geometry.forCapture(new Rect(10, 20, 800, 600), 800, 600);
        assertThat(g.scale()).isEqualTo(1.0);
        assertThat(g.attachmentWidth()).isEqualTo(800);
        assertThat(g.toScreen(0, 0)).isEqualTo(new Point(10, 20));
    }

    @Test
    void largeWindowFitsLongEdgeAndArea() {
        Geometry g = Geometry.forCapture(new Rect(0, 0, 1600, 1000), 1600, 1000);
        assertThat(g.attachmentWidth()).isEqualTo(1381);
        assertThat(g.attachmentHeight()).isEqualTo(863);
        Geometry wide = Geometry.forCapture(new Rect(0, 0, 3000, 400), 3000, 400);
        assertThat(wide.attachmentWidth()).isLessThanOrEqualTo(Geometry.MAX_LONG_EDGE);
    }

    @Test
    void retinaCaptureHasPixelRatioTwo() {
        Geometry g = Geometry.forCapture(new Rect(100, 50, 500, 400), 1000, 800);
        assertThat(g.pixelRatio()).isEqualTo(2.0);
        assertThat(g.toScreen(999 / 2, 0).x()).isBetween(100 + 249, 100 + 250);
    }

    @Test
    void pointOutsideTheAttachmentIsInvalidArgumentNamingTheField() {
        Geometry g = Geometry.forCapture(new Rect(0, 0, 300, 200), 300, 200);
        assertThatThrownBy(() -> g.toScreen("to", 300, 10))
                .isInstanceOfSatisfying(CountersignException.class, e -> {
                    assertThat(e.error().code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
                    assertThat(e.error().fieldName()).contains("to");
                });
        assertThatThrownBy(() -> g.toScreen(-1, 0)).isInstanceOf(CountersignException.class);
    }

    @Test
    void captureThatDoesNotMatchTheFrameIsRejected() {
        assertThatThrownBy(() -> Geometry.forCapture(new Rect(0, 0, 300, 200), 300, 260))
                .isInstanceOfSatisfying(CountersignException.class,
                        e -> assertThat(e.error().code()).isEqualTo(ErrorCode.CAPTURE_REJECTED));
    }

    @Test
    void screenRectOutsideTheWindowHasNoAttachmentRect() {
        Geometry g = Geometry.forCapture(new Rect(100, 100, 400, 300), 400, 300);
        assertThat(g.toAttachment(new Rect(600, 100, 20, 20))).isEmpty();
        assertThat(g.toAttachment(new Rect(90, 90, 20, 20))).contains(new Rect(0, 0, 10, 10));
    }

    @Test
    void attachmentToScreenToAttachmentRoundTripsWithinOnePixel() {
        Random random = new Random(20240515L);
        for (int i = 0; i < 5_000; i++) {
            int ratio = random.nextInt(4) == 0 ? 2 : 1;
            int fw = 1 + random.nextInt(3000);
            int fh = 1 + random.nextInt(2000);
            Rect frame = new Rect(random.nextInt(4000) - 1000, random.nextInt(3000) - 500, fw, fh);
            int maxEdge = 64 + random.nextInt(3000);
            Geometry g = Geometry.forCapture(frame, fw * ratio, fh * ratio, maxEdge, Geometry.MAX_PIXELS);
            int ax = random.nextInt(g.attachmentWidth());
            int ay = random.nextInt(g.attachmentHeight());
            Point screen = g.toScreen(ax, ay);
            Point back = g.toAttachment(screen.x(), screen.y()).orElseThrow();
            assertThat(Math.abs(back.x() - ax)).as("x for %s at %d,%d", g, ax, ay).isLessThanOrEqualTo(1);
            assertThat(Math.abs(back.y() - ay)).as("y for %s at %d,%d", g, ax, ay).isLessThanOrEqualTo(1);
            Point nativePixel = g.toNativePixel("point", ax, ay);
            assertThat(Math.abs((int) Math.floor((nativePixel.x() + 0.5) * g.scale()) - ax)).isLessThanOrEqualTo(1);
        }
    }

    @Test
    void screenRectMapsToAnAttachmentRectThatContainsItsScaledCentre() {
        Random random = new Random(7L);
        for (int i = 0; i < 2_000; i++) {
            int fw = 50 + random.nextInt(2500);
            int fh = 50 + random.nextInt(1500);
            Rect frame = new Rect(random.nextInt(1000), random.nextInt(1000), fw, fh);
            Geometry g = Geometry.forCapture(frame, fw, fh);
            Rect control = new Rect(frame.x() + random.nextInt(fw - 10), frame.y() + random.nextInt(fh - 10),
                    1 + random.nextInt(9), 1 + random.nextInt(9));
            Rect a = g.toAttachment(control).orElseThrow();
            Point c = g.toAttachment(control.centerX(), control.centerY()).orElseThrow();
            assertThat(a.contains(c.x(), c.y())).as("%s in %s", c, a).isTrue();
            Point clickAt = g.toScreen(a.centerX(), a.centerY());
            assertThat(Math.abs(clickAt.x() - control.centerX())).isLessThanOrEqualTo(control.width() / 2 + 2);
        }
    }
}
