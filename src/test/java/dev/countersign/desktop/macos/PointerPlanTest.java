package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.desktop.MouseButton;
import dev.countersign.desktop.PointerInput;
import dev.countersign.desktop.ScrollDirection;
import java.util.List;
import org.junit.jupiter.api.Test;

class PointerPlanTest {

    @Test
    void aDoubleClickNumbersItsClicksSoAppsSeeADoubleClick() {
        List<PointerPlan.Step> steps = PointerPlan.steps(new PointerInput.Click(-100, 50, MouseButton.LEFT, 2));
        assertThat(steps).containsExactly(
                new PointerPlan.Mouse(PointerPlan.MOVED, -100, 50, 0, 0),
                new PointerPlan.Mouse(PointerPlan.LEFT_DOWN, -100, 50, 0, 1),
                new PointerPlan.Mouse(PointerPlan.LEFT_UP, -100, 50, 0, 1),
                new PointerPlan.Mouse(PointerPlan.LEFT_DOWN, -100, 50, 0, 2),
                new PointerPlan.Mouse(PointerPlan.LEFT_UP, -100, 50, 0, 2));
    }

    @Test
    void rightAndMiddleButtonsUseTheirOwnEventTypes() {
        assertThat(PointerPlan.steps(new PointerInput.Click(1, 2, MouseButton.RIGHT, 1)).get(1))
                .isEqualTo(new PointerPlan.Mouse(PointerPlan.RIGHT_DOWN, 1, 2, PointerPlan.BUTTON_RIGHT, 1));
        assertThat(PointerPlan.steps(new PointerInput.Click(1, 2, MouseButton.MIDDLE, 1)).get(2))
                .isEqualTo(new PointerPlan.Mouse(PointerPlan.OTHER_UP, 1, 2, PointerPlan.BUTTON_CENTER, 1));
    }

    @Test
    void aDragSendsDraggedEventsBetweenDownAndUp() {
        List<PointerPlan.Step> steps = PointerPlan.steps(new PointerInput.Drag(0, 0, 100, 50));
        assertThat(steps).hasSize(3 + PointerPlan.DRAG_STEPS);
        assertThat(steps.get(1)).isEqualTo(new PointerPlan.Mouse(PointerPlan.LEFT_DOWN, 0, 0, 0, 1));
        assertThat(steps.get(2)).isEqualTo(new PointerPlan.Mouse(PointerPlan.LEFT_DRAGGED, 10, 5, 0, 1));
        assertThat(steps.get(steps.size() - 1)).isEqualTo(new PointerPlan.Mouse(PointerPlan.LEFT_UP, 100, 50, 0, 1));
    }

    @Test
    void scrollDownIsANegativeVerticalWheelAndLeftAPositiveHorizontalOneAtThePoint() {
        assertThat(PointerPlan.steps(new PointerInput.Scroll(5, 6, ScrollDirection.DOWN, 3)).get(1))
                .isEqualTo(new PointerPlan.Wheel(-3, 0, 5, 6));
        assertThat(PointerPlan.steps(new PointerInput.Scroll(5, 6, ScrollDirection.LEFT, 2)).get(1))
                .isEqualTo(new PointerPlan.Wheel(0, 2, 5, 6));
    }
}
