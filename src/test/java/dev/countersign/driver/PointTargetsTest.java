package dev.countersign.driver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.core.Rect;
import dev.countersign.desktop.ElementNode;
import dev.countersign.testkit.MemoryDesktop;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The elements a click at one point may land on, from a window's tree alone: one per branch that
 * holds the point at its deepest, each with the element that takes the click for it.
 */
class PointTargetsTest {
    private final List<ElementNode> nodes = new ArrayList<>();

    /** Adds a node under {@code parent} (-1: the window) and returns its index. */
    private int add(int parent, String role, String name, Rect frame, Set<String> states, List<String> actions) {
        int depth = parent < 0 ? 0 : nodes.get(parent).depth() + 1;
        nodes.add(new ElementNode(new MemoryDesktop.Handle("n" + nodes.size()), role, null, name, "", null, null, frame,
                states, actions, false, depth, parent));
        return nodes.size() - 1;
    }

    private int window() {
        return add(-1, "frame", "Window", new Rect(0, 0, 400, 300), Set.of("showing"), List.of());
    }

    @Test
    void anElementScrolledOutOfItsPaneIsNoCandidateWhereTheFrameStillReaches() {
        int window = window();
        // A preference page taller than its pane: its last check box's frame reaches below the
        // pane, where the dialog's own "All" radio button is.
        int pane = add(window, "scroll pane", "", new Rect(0, 0, 400, 200), Set.of(), List.of());
        int page = add(pane, "panel", "", new Rect(0, 0, 400, 400), Set.of(), List.of());
        int allow = add(page, "check box", "Allow metadata network access", new Rect(10, 240, 300, 30),
                Set.of("focusable"), List.of("toggle"));
        int all = add(window, "radio button", "All", new Rect(10, 240, 60, 30), Set.of("focusable"), List.of("toggle"));

        PointTargets at = PointTargets.at(nodes, 30, 250);

        assertThat(at.candidates()).containsExactly(all);
        assertThat(at.overlapping()).isFalse();
        // Inside the pane the check box is a candidate as before.
        int inside = add(page, "check box", "Inside", new Rect(10, 100, 300, 30), Set.of("focusable"), List.of("toggle"));
        assertThat(PointTargets.at(nodes, 30, 110).candidates()).containsExactly(inside);
        assertThat(allow).isPositive();
    }

    @Test
    void aNativeWidgetIsCutToItsParentButWebContentOnlyToItsScrollPanes() {
        int window = window();
        // Qt names its scroll area a filler: every native parent cuts.
        int area = add(window, "filler", "", new Rect(0, 0, 400, 200), Set.of(), List.of());
        int below = add(area, "check box", "Allow metadata network access", new Rect(10, 240, 300, 30),
                Set.of("focusable"), List.of("toggle"));
        assertThat(PointTargets.at(nodes, 30, 250).candidates()).doesNotContain(below);
        // A web page's box may overflow its parent, and the element there stays a candidate.
        int page = add(window, "document web", "Page", new Rect(0, 0, 400, 300), Set.of(), List.of());
        int box = add(page, "section", "", new Rect(0, 0, 400, 20), Set.of(), List.of());
        int overflowing = add(box, "push button", "Delete", new Rect(10, 100, 80, 30), Set.of("focusable"),
                List.of("press"));
        assertThat(PointTargets.at(nodes, 20, 110).candidates()).contains(overflowing);
        assertThat(below).isPositive();
    }

    @Test
    void oneBranchAtThePointIsOneCandidateAndNoOverlap() {
        int window = window();
        int panel = add(window, "panel", "", new Rect(0, 0, 400, 300), Set.of(), List.of());
        int next = add(panel, "push button", "Next", new Rect(10, 10, 80, 30), Set.of("focusable"), List.of("click"));

        PointTargets at = PointTargets.at(nodes, 50, 20);

        assertThat(at.candidates()).containsExactly(next);
        assertThat(at.deepest()).isEqualTo(next);
        assertThat(at.taker()).isEqualTo(next);
        assertThat(at.overlapping()).isFalse();
    }

    @Test
    void anElementLaidOverAnotherInItsOwnBranchIsACandidateTooThoughTheOtherIsDeeper() {
        int window = window();
        int overlay = add(window, "panel", "", new Rect(0, 0, 400, 300), Set.of(), List.of());
        int box = add(overlay, "filler", "", new Rect(10, 10, 80, 30), Set.of(), List.of());
        int next = add(box, "push button", "Next", new Rect(10, 10, 80, 30), Set.of("focusable"), List.of("click"));
        int delete = add(overlay, "push button", "Delete", new Rect(10, 10, 80, 30), Set.of("focusable"),
                List.of("click"));

        PointTargets at = PointTargets.at(nodes, 50, 20);

        assertThat(at.candidates()).containsExactly(next, delete);
        assertThat(at.deepest()).as("what the tree alone would have named").isEqualTo(next);
        assertThat(at.overlapping()).isTrue();
    }

    @Test
    void aLeafThatTakesNoClickBringsTheElementThatDoes() {
        int window = window();
        int link = add(window, "link", "Delete account", new Rect(10, 10, 120, 20), Set.of("focusable"),
                List.of("jump"));
        int text = add(link, "static", "icon", new Rect(10, 10, 16, 16), Set.of(), List.of());

        PointTargets at = PointTargets.at(nodes, 12, 12);

        assertThat(at.candidates()).containsExactly(link, text);
        assertThat(at.taker()).isEqualTo(link);
        assertThat(at.overlapping()).isFalse();
    }

    @Test
    void onlyTheWindowAtThePointLeavesNothingToJudge() {
        window();

        PointTargets at = PointTargets.at(nodes, 300, 250);

        assertThat(at.candidates()).isEmpty();
        assertThat(at.deepest()).isZero();
    }

    @Test
    void theSameElementsReadAgainAreTheSameAndANewOneLaidOverIsNot() {
        int window = window();
        add(window, "push button", "Next", new Rect(10, 10, 80, 30), Set.of("focusable"), List.of("click"));
        PointTargets seen = PointTargets.at(nodes, 50, 20);
        List<ElementNode> before = List.copyOf(nodes);

        assertThat(seen.sameIn(before, nodes, 50, 20)).isTrue();
        add(window, "push button", "Delete", new Rect(0, 0, 100, 50), Set.of("focusable"), List.of("click"));
        assertThat(seen.sameIn(before, nodes, 50, 20)).isFalse();
    }
}
