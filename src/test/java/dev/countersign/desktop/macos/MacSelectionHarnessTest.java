package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.core.CountersignException;
import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.Dispatch;
import dev.countersign.desktop.ElementAction;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.PointHit;
import dev.countersign.desktop.Recheck;
import dev.countersign.desktop.TextRange;
import dev.countersign.desktop.TreeSnapshot;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code select} and the hit test of {@link MacDesktopBackend} over the framework harness
 * (selection.json): {@code AXSelectedTextRange} set as an AXValue CFRange in UTF-16 units and read
 * back as characters, a table's {@code AXSelectedRows}/{@code AXSelectedCells} and a list's
 * {@code AXSelectedChildren} set as CFArrays of elements (replacing or extending), an element's own
 * {@code AXSelected}, a secure field refused before anything is read or set, and
 * {@code AXUIElementCopyElementAtPosition}. Every CF object made is released exactly once.
 */
@Tag("macos-sim")
class MacSelectionHarnessTest extends HarnessBackendFixture {
    MacSelectionHarnessTest() {
        super("selection.json", "Fruit", "com.example.fruit");
    }

    private static ElementNode named(TreeSnapshot snapshot, String name) {
        return snapshot.nodes().stream().filter(n -> name.equals(n.name())).findFirst()
                .orElseThrow(() -> new AssertionError("no node " + name + " in " + snapshot.nodes()));
    }

    private ElementNode now(ElementNode node) {
        return ((Recheck.Present) backend.recheck(node.handle())).current();
    }

    @Test
    void aTextRangeIsSetAsACfRangeInUtf16UnitsAndReadsBackInCharacters() {
        ElementNode title = named(snapshot(), "Title");
        // "👍 The quick brown fox": the thumb is one character but two UTF-16 units.
        Dispatch d = backend.perform(title.handle(), new ElementAction.SelectText(new TextRange.First("quick")));
        assertThat(d.detail()).isEqualTo("AXSelectedTextRange = [6, 11)");
        assertThat(sim.calls()).contains("set " + desktop.node("0/0") + " AXSelectedTextRange range(7,5)");
        assertThat(backend.textSelection(title.handle()).spans()).containsExactly(new TextRange.Span(6, 11));

        backend.perform(title.handle(), new ElementAction.SelectText(new TextRange.From(0)));
        assertThat(sim.calls()).contains("set " + desktop.node("0/0") + " AXSelectedTextRange range(0,22)");
        assertThat(backend.textSelection(title.handle()).spans()).containsExactly(new TextRange.Span(0, 21));
    }

    @Test
    void aRangePastTheTextIsRefusedBeforeAnythingIsSet() {
        ElementNode title = named(snapshot(), "Title");
        assertThatThrownBy(() -> backend.perform(title.handle(), new ElementAction.SelectText(new TextRange.Span(3, 99))))
                .isInstanceOfSatisfying(DispatchRefusedException.class,
                        e -> assertThat(e.error().field()).isEqualTo("end"));
        assertThat(sim.calls()).doesNotContain("AXSelectedTextRange range");
    }

    @Test
    void aSecureFieldIsNeverSelectedInNorItsValueOrSelectionRead() {
        ElementNode password = named(snapshot(), "Password");
        assertThat(password.secure()).isTrue();
        for (ElementAction select : List.of(new ElementAction.SelectText(new TextRange.From(0)),
                new ElementAction.Select(false))) {
            assertThatThrownBy(() -> backend.perform(password.handle(), select))
                    .isInstanceOfSatisfying(CountersignException.class,
                            e -> assertThat(e.error().code()).isEqualTo(ErrorCode.SECURE_FIELD_REFUSED));
        }
        assertThatThrownBy(() -> backend.textSelection(password.handle()))
                .isInstanceOfSatisfying(CountersignException.class,
                        e -> assertThat(e.error().code()).isEqualTo(ErrorCode.SECURE_FIELD_REFUSED));
        int id = desktop.node("0/1");
        assertThat(sim.calls()).doesNotContain("read " + id + " AXValue\n").doesNotContain("set " + id + " ")
                .doesNotContain("read " + id + " AXSelectedTextRange");
    }

    @Test
    void aTableRowIsSelectedThroughTheTablesSelectedRowsReplacingOrExtending() {
        TreeSnapshot snapshot = snapshot();
        List<ElementNode> rows = snapshot.nodes().stream().filter(n -> "AXRow".equals(n.role())).toList();
        assertThat(rows).hasSize(3);
        assertThat(rows.get(1).states()).contains("selectable").doesNotContain("selected");

        backend.perform(rows.get(1).handle(), new ElementAction.Select(false));
        assertThat(sim.calls()).contains("set " + desktop.node("0/2") + " AXSelectedRows [" + desktop.node("0/2/1") + "]");
        assertThat(now(rows.get(1)).states()).contains("selected");

        backend.perform(rows.get(2).handle(), new ElementAction.Select(true));
        assertThat(sim.calls()).contains("set " + desktop.node("0/2") + " AXSelectedRows [" + desktop.node("0/2/1") + ","
                + desktop.node("0/2/2") + "]");
        assertThat(now(rows.get(1)).states()).contains("selected");

        backend.perform(rows.get(0).handle(), new ElementAction.Select(false));
        assertThat(now(rows.get(0)).states()).contains("selected");
        assertThat(now(rows.get(1)).states()).doesNotContain("selected");
        assertThat(now(rows.get(2)).states()).doesNotContain("selected");
    }

    @Test
    void aCellIsSelectedThroughItsTablesSelectedCells() {
        ElementNode yellow = named(snapshot(), "yellow");
        backend.perform(yellow.handle(), new ElementAction.Select(false));
        assertThat(sim.calls()).contains("set " + desktop.node("0/2") + " AXSelectedCells [" + desktop.node("0/2/1/1") + "]");
        assertThat(now(yellow).states()).contains("selected");
    }

    @Test
    void aListItemIsAddedToItsListsSelectedChildren() {
        TreeSnapshot snapshot = snapshot();
        ElementNode drafts = named(snapshot, "Drafts");
        backend.perform(drafts.handle(), new ElementAction.Select(true));
        assertThat(sim.calls()).contains("set " + desktop.node("0/3") + " AXSelectedChildren [" + desktop.node("0/3/0")
                + "," + desktop.node("0/3/1") + "]");
        assertThat(now(named(snapshot, "Inbox")).states()).contains("selected");
        assertThat(now(drafts).states()).contains("selected");
    }

    @Test
    void anElementWithoutAContainerSelectionIsSelectedThroughItsOwnAxSelected() {
        ElementNode small = named(snapshot(), "Small");
        backend.perform(small.handle(), new ElementAction.Select(false));
        assertThat(sim.calls()).contains("set " + desktop.node("0/4/0") + " AXSelected true");
        assertThat(now(small).states()).contains("selected");
    }

    @Test
    void anElementNothingSelectsIsRefusedAndNothingIsSet() {
        ElementNode canvas = named(snapshot(), "Canvas");
        assertThatThrownBy(() -> backend.perform(canvas.handle(), new ElementAction.Select(false)))
                .isInstanceOfSatisfying(DispatchRefusedException.class,
                        e -> assertThat(e.error().code()).isEqualTo(ErrorCode.INVALID_ARGUMENT));
        assertThat(sim.calls()).doesNotContain("set " + desktop.node("0/5") + " ");
    }

    @Test
    void theApplicationsHitTestPlacesAPointOnTheElementOrOnWhatLiesOverIt() {
        TreeSnapshot snapshot = snapshot();
        ElementNode banana = named(snapshot, "banana");
        ElementNode canvas = named(snapshot, "Canvas");
        PointHit onCell = backend.hitTest(banana.handle(), 220, 235);
        assertThat(onCell.onElement()).as(onCell.found()).isTrue();
        // The row holds the cell there, but the cell is selectable itself: a click there is the
        // cell's, so the point is not the row's to be judged by.
        ElementNode row = snapshot.nodes().stream().filter(n -> "AXRow".equals(n.role())).toList().get(1);
        assertThat(backend.hitTest(row.handle(), 220, 235).found()).isEqualTo(
                "AXCell 'banana' inside it, which takes the click itself");
        // The canvas's centre is its Badge button's: a click there presses the button, which the
        // canvas's labels do not judge.
        PointHit underBadge = backend.hitTest(canvas.handle(), canvas.frame().centerX(), canvas.frame().centerY());
        assertThat(underBadge.onElement()).isFalse();
        assertThat(underBadge.found()).isEqualTo("AXButton 'Badge' inside it, which takes the click itself");
        assertThat(sim.calls()).contains("hit -2 320,430");
        // Beside the button the canvas is the deepest element: on it.
        assertThat(backend.hitTest(canvas.handle(), 130, 390).onElement()).isTrue();
        // Over the table, the canvas is not there at all.
        assertThat(backend.hitTest(canvas.handle(), 220, 235).found()).isEqualTo("AXCell 'banana'");
    }
}
