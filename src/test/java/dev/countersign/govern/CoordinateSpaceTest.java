package dev.countersign.govern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.core.CountersignException;
import dev.countersign.core.Rect;
import org.junit.jupiter.api.Test;

class CoordinateSpaceTest {
    private static final Rect SCREEN = new Rect(0, 0, 1600, 1000);

    /** computer-use-mcp 1.8.0's own mapping: shrink to 1.15 MP / 1568 px, floor the size, round the point back. */
    private static int[] serverMaps(int x, int y, int w, int h) {
        double longEdge = Math.max(w, h) > 1568 ? 1568.0 / Math.max(w, h) : 1;
        double pixels = (double) w * h > 1.15 * 1024 * 1024 ? Math.sqrt(1.15 * 1024 * 1024 / ((double) w * h)) : 1;
        double scale = 1 / Math.min(longEdge, pixels);
        return new int[] {(int) Math.floor(x * scale + 0.5), (int) Math.floor(y * scale + 0.5)};
    }

    @Test
    void everyPointTheServerLandsOnLiesInTheBoxCountersignJudges() {
        double api = Math.sqrt(1.15 * 1024 * 1024 / (1600.0 * 1000));
        int iw = (int) Math.floor(1600 * api);
        int ih = (int) Math.floor(1000 * api);
        for (int x = 0; x < iw; x += 7) {
            for (int y = 0; y < ih; y += 11) {
                Rect box = CoordinateSpace.area("point", x, y, iw, ih, SCREEN);
                int[] lands = serverMaps(x, y, 1600, 1000);
                assertThat(box.contains(lands[0], lands[1])).as("(%d, %d) -> %s not in %s", x, y, lands, box).isTrue();
                assertThat(box.width()).isLessThanOrEqualTo(3);
                assertThat(box.height()).isLessThanOrEqualTo(3);
            }
        }
    }

    @Test
    void anUnscaledScreenshotMapsOneToOne() {
        assertThat(CoordinateSpace.area("point", 800, 500, 1600, 1000, SCREEN)).isEqualTo(new Rect(800, 500, 1, 1));
    }

    @Test
    void aPointOutsideTheScreenshotIsRefused() {
        assertThatThrownBy(() -> CoordinateSpace.area("point", 1600, 5, 1600, 1000, SCREEN))
                .isInstanceOf(CountersignException.class).hasMessageContaining("outside");
    }
}
