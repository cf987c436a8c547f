package dev.countersign.vision;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.core.Rect;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Where mark numbers go: outside their own box, and never on a neighbouring control. */
class LabelPlacerTest {

    @Test
    void aLabelGoesAboveLeftWhenThereIsRoom() {
        Rect box = new Rect(50, 50, 40, 20);
        Rect label = new LabelPlacer(200, 200, List.of(box)).place(box, 12, 10);
        assertThat(label.y() + label.height()).isLessThanOrEqualTo(box.y());
    }

    @Test
    void aLabelNeverSitsInsideANeighbouringControl() {
        // A tight grid of buttons, like a calculator's keypad: every outside corner touches a neighbour.
        List<Rect> grid = List.of(new Rect(10, 10, 30, 20), new Rect(42, 10, 30, 20), new Rect(10, 32, 30, 20),
                new Rect(42, 32, 30, 20), new Rect(10, 54, 30, 20), new Rect(42, 54, 30, 20));
        LabelPlacer placer = new LabelPlacer(82, 84, grid);
        for (Rect box : grid) {
            Rect label = placer.place(box, 12, 10);
            for (Rect other : grid) {
                if (!other.equals(box)) {
                    assertThat(LabelPlacer.overlaps(label, other)).as("label of %s on %s", box, other).isFalse();
                }
            }
        }
    }
}
