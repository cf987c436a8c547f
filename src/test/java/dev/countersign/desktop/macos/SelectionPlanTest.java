package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.TextRange;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** How {@link SelectionPlan} selects an item or a text range on macOS, decided without a Mac. */
class SelectionPlanTest {
    private static Map<String, Object> role(String role) {
        return Map.of(AxNames.ROLE, role);
    }

    @Test
    void aRowGoesThroughItsTablesSelectedRowsAndACellThroughTheTablesSelectedCells() {
        assertThat(SelectionPlan.item(role("AXRow"), true, Set.of("AXSelectedRows"), Set.of()))
                .isEqualTo(new SelectionPlan.SetList(1, "AXSelectedRows"));
        // NSTableView: cells are children of rows, and AXSelectedCells is the table's.
        assertThat(SelectionPlan.item(role("AXCell"), false, Set.of(), Set.of("AXSelectedCells")))
                .isEqualTo(new SelectionPlan.SetList(2, "AXSelectedCells"));
        assertThat(SelectionPlan.item(role("AXStaticText"), true, Set.of("AXSelectedChildren"), Set.of()))
                .isEqualTo(new SelectionPlan.SetList(1, "AXSelectedChildren"));
    }

    @Test
    void withoutAContainerSelectionTheElementsOwnSelectedIsSetOrNothingIs() {
        assertThat(SelectionPlan.item(role("AXGroup"), true, Set.of(), Set.of())).isEqualTo(new SelectionPlan.SetSelected());
        assertThatThrownBy(() -> SelectionPlan.item(role("AXGroup"), false, Set.of("AXSelectedRows"), Set.of()))
                .isInstanceOfSatisfying(DispatchRefusedException.class,
                        e -> assertThat(e.error().code()).isEqualTo(ErrorCode.INVALID_ARGUMENT));
    }

    @Test
    void aSecureFieldIsRefusedWhateverItsContainerOffers() {
        Map<String, Object> secure = Map.of(AxNames.ROLE, "AXTextField", AxNames.SUBROLE, "AXSecureTextField");
        assertThatThrownBy(() -> SelectionPlan.item(secure, true, Set.of("AXSelectedChildren"), Set.of()))
                .isInstanceOfSatisfying(DispatchRefusedException.class,
                        e -> assertThat(e.error().code()).isEqualTo(ErrorCode.SECURE_FIELD_REFUSED));
        assertThatThrownBy(() -> SelectionPlan.requireSettableRange(secure, true))
                .isInstanceOfSatisfying(DispatchRefusedException.class,
                        e -> assertThat(e.error().code()).isEqualTo(ErrorCode.SECURE_FIELD_REFUSED));
    }

    @Test
    void extendingKeepsTheSelectionAndAddsTheElementOnceReplacingHoldsItAlone() {
        assertThat(SelectionPlan.list(List.of("a", "b"), "b", true, Objects::equals)).containsExactly("a", "b");
        assertThat(SelectionPlan.list(List.of("a"), "c", true, Objects::equals)).containsExactly("a", "c");
        assertThat(SelectionPlan.list(List.of("a", "b"), "c", false, Objects::equals)).containsExactly("c");
    }

    @Test
    void charactersBecomeUtf16UnitsAndBack() {
        String text = "\uD83D\uDC4D \uD83D\uDC4D ok";
        assertThat(SelectionPlan.cfRange(text, new TextRange.Span(2, 5))).containsExactly(3, 4);
        assertThat(SelectionPlan.span(text, 3, 4)).isEqualTo(new TextRange.Span(2, 5));
        assertThat(SelectionPlan.span(text, 3, 0)).as("a bare caret selects nothing").isNull();
        assertThat(SelectionPlan.span(text, 3, 40)).as("past the text").isNull();
    }
}
