package dev.countersign.driver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.core.Rect;
import dev.countersign.desktop.ElementHandle;
import dev.countersign.desktop.WindowInfo;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The accessibility window a forwarded point is judged against: the one that matches the window
 * system's frame best, not the first of the app's windows that fits inside it (a small dialog of the
 * same app fits inside the main window's frame too).
 */
class ForwardWindowMatchTest {
    private static WindowInfo window(String title, Rect frame) {
        return new WindowInfo(new ElementHandle() { }, title, frame, false);
    }

    @Test
    void theWindowMatchingTheFrameIsChosenNotTheFirstThatFitsInside() {
        WindowInfo dialog = window("Confirm", new Rect(100, 100, 200, 100));
        WindowInfo main = window("Editor", new Rect(0, 0, 800, 600));
        Rect xFrame = new Rect(0, 0, 800, 600);

        assertThat(ForwardFlow.bestFits(xFrame, List.of(dialog, main))).containsExactly(main);
        // With a window manager's decorations, the X frame is a little larger than the content.
        WindowInfo framed = window("Editor", new Rect(2, 24, 796, 574));
        assertThat(ForwardFlow.bestFits(new Rect(0, 0, 800, 600), List.of(dialog, framed))).containsExactly(framed);
    }

    @Test
    void twoWindowsMatchingEquallyAreBothReturnedSoTheActIsRefused() {
        WindowInfo a = window("One", new Rect(0, 0, 400, 300));
        WindowInfo b = window("Two", new Rect(0, 0, 400, 300));
        WindowInfo small = window("Small", new Rect(10, 10, 50, 50));

        assertThat(ForwardFlow.bestFits(new Rect(0, 0, 400, 300), List.of(small, a, b))).containsExactly(a, b);
        assertThat(ForwardFlow.bestFits(new Rect(500, 500, 100, 100), List.of(small, a, b))).isEmpty();
    }
}
