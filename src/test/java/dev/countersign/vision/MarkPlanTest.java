package dev.countersign.vision;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.core.Rect;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class MarkPlanTest {
    private static final Rect WINDOW = new Rect(0, 0, 1000, 800);
    private static final Geometry GEOMETRY = Geometry.forCapture(WINDOW, 1000, 800);

    private static MarkCandidate button(int index, int x, int y) {
        return new MarkCandidate(index, "r" + index, "button", new Rect(x, y, 60, 20), true, false);
    }

    private static List<String> refs(MarkPlan plan) {
        return plan.marks().stream().map(Mark::ref).collect(Collectors.toList());
    }

    @Test
    void interactiveComeFirstInReadingOrderWithRowTolerance() {
        List<MarkCandidate> in = List.of(
                new MarkCandidate(0, "img", "image", new Rect(10, 10, 50, 50), false, false),
                button(1, 300, 106),  // same row as 2 (6 px lower), but further right
                button(2, 100, 100),
                button(3, 50, 300),
                button(4, 500, 10));
        assertThat(refs(MarkPlan.of(in, GEOMETRY, 80))).containsExactly("r4", "r2", "r1", "r3", "img");
    }

    @Test
    void numberingIsStableAcrossRunsAndInputPermutations() {
        Random random = new Random(99);
        List<MarkCandidate> in = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
            // Few distinct positions, so many candidates tie on position and differ only by index.
            in.add(button(i, 10 * random.nextInt(5), 10 * random.nextInt(5)));
        }
        MarkPlan first = MarkPlan.of(in, GEOMETRY, 80);
        for (int run = 0; run < 20; run++) {
            List<MarkCandidate> shuffled = new ArrayList<>(in);
            Collections.shuffle(shuffled, new Random(run));
            MarkPlan again = MarkPlan.of(shuffled, GEOMETRY, 80);
            assertThat(again.marks()).isEqualTo(first.marks());
            assertThat(again.omitted()).isEqualTo(first.omitted());
        }
    }

    @Test
    void budgetLeavesTheRestAsMarkBudgetExceeded() {
        List<MarkCandidate> in = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            in.add(button(i, 10, 30 * i));
        }
        MarkPlan plan = MarkPlan.of(in, GEOMETRY, 3);
        assertThat(refs(plan)).containsExactly("r0", "r1", "r2");
        assertThat(plan.marks()).extracting(Mark::mark).containsExactly(1, 2, 3);
        assertThat(plan.omitted()).hasSize(7).allSatisfy(o -> assertThat(o.reason()).isEqualTo("mark-budget-exceeded"));
    }

    @Test
    void everyOmissionReasonComesFromTheVocabulary() {
        List<MarkCandidate> in = List.of(
                button(0, 10, 10),
                new MarkCandidate(1, "label", "label", new Rect(10, 50, 40, 10), false, true),
                new MarkCandidate(2, "noframe", "button", null, true, false),
                new MarkCandidate(3, "empty", "button", new Rect(5, 5, 0, 10), true, false),
                button(4, 2000, 10),
                button(5, 10, 90).stale("ref expired"));
        MarkPlan plan = MarkPlan.of(in, GEOMETRY, 80);
        assertThat(refs(plan)).containsExactly("r0");
        assertThat(plan.omitted()).containsExactly(
                new Omission(1, "static-label"),
                new Omission(2, "target_has_no_frame"),
                new Omission(3, "target_has_no_frame"),
                new Omission(4, "target_outside_captured_window"),
                new Omission(5, "stale_target: ref expired"));
    }

    @Test
    void markRectsAreInAttachmentPixels() {
        Geometry scaled = Geometry.forCapture(new Rect(100, 100, 3000, 2000), 3000, 2000);
        MarkPlan plan = MarkPlan.of(List.of(new MarkCandidate(0, "x", "button", new Rect(1600, 1100, 300, 100), true, false)),
                scaled, 80);
        Rect r = plan.marks().get(0).rect();
        assertThat(r.x()).isEqualTo((int) Math.floor(1500 * scaled.scale()));
        assertThat(r.width()).isBetween((int) (300 * scaled.scale()), (int) (300 * scaled.scale()) + 2);
    }
}
