package dev.countersign.desktop.macos;

import dev.countersign.desktop.MouseButton;
import dev.countersign.desktop.PointerInput;
import java.util.ArrayList;
import java.util.List;

/**
 * Pointer input as the sequence of Quartz events that deliver it. A double click is not two
 * clicks: macOS apps count clicks from the event's {@code kCGMouseEventClickState} field, so each
 * down/up pair carries its number (1, 2, 3). A drag needs dragged events between down and up or
 * AppKit sees a click. Scrolling uses line units (one wheel notch), up/left positive.
 */
final class PointerPlan {
    // CGEventType values (CGEventTypes.h).
    static final int LEFT_DOWN = 1;
    static final int LEFT_UP = 2;
    static final int RIGHT_DOWN = 3;
    static final int RIGHT_UP = 4;
    static final int MOVED = 5;
    static final int LEFT_DRAGGED = 6;
    static final int OTHER_DOWN = 25;
    static final int OTHER_UP = 26;
    // CGMouseButton values.
    static final int BUTTON_LEFT = 0;
    static final int BUTTON_RIGHT = 1;
    static final int BUTTON_CENTER = 2;
    /** Intermediate points of a drag; enough for drag thresholds and for apps that track motion. */
    static final int DRAG_STEPS = 10;

    private PointerPlan() {
    }

    /** One event to create and post. */
    sealed interface Step {
    }

    /** {@code CGEventCreateMouseEvent(type, (x, y), button)} with click state {@code clicks} (0 for moves). */
    record Mouse(int type, double x, double y, int button, int clicks) implements Step {
    }

    /**
     * {@code CGEventCreateScrollWheelEvent2(line units, 2 wheels, vertical, horizontal, 0)}, placed
     * at (x, y) with {@code CGEventSetLocation}: a new scroll event carries no location of its own
     * and would land wherever the cursor is, not on the element.
     */
    record Wheel(int vertical, int horizontal, double x, double y) implements Step {
    }

    static List<Step> steps(PointerInput input) {
        List<Step> out = new ArrayList<>();
        if (input instanceof PointerInput.Click c) {
            int[] t = types(c.button());
            out.add(new Mouse(MOVED, c.x(), c.y(), BUTTON_LEFT, 0));
            for (int n = 1; n <= c.count(); n++) {
                out.add(new Mouse(t[0], c.x(), c.y(), t[2], n));
                out.add(new Mouse(t[1], c.x(), c.y(), t[2], n));
            }
        } else if (input instanceof PointerInput.Drag d) {
            out.add(new Mouse(MOVED, d.fromX(), d.fromY(), BUTTON_LEFT, 0));
            out.add(new Mouse(LEFT_DOWN, d.fromX(), d.fromY(), BUTTON_LEFT, 1));
            for (int i = 1; i <= DRAG_STEPS; i++) {
                double x = d.fromX() + (d.toX() - d.fromX()) * (double) i / DRAG_STEPS;
                double y = d.fromY() + (d.toY() - d.fromY()) * (double) i / DRAG_STEPS;
                out.add(new Mouse(LEFT_DRAGGED, x, y, BUTTON_LEFT, 1));
            }
            out.add(new Mouse(LEFT_UP, d.toX(), d.toY(), BUTTON_LEFT, 1));
        } else {
            PointerInput.Scroll s = (PointerInput.Scroll) input;
            out.add(new Mouse(MOVED, s.x(), s.y(), BUTTON_LEFT, 0));
            switch (s.direction()) {
                case UP:
                    out.add(new Wheel(s.amount(), 0, s.x(), s.y()));
                    break;
                case DOWN:
                    out.add(new Wheel(-s.amount(), 0, s.x(), s.y()));
                    break;
                case LEFT:
                    out.add(new Wheel(0, s.amount(), s.x(), s.y()));
                    break;
                default:
                    out.add(new Wheel(0, -s.amount(), s.x(), s.y()));
                    break;
            }
        }
        return out;
    }

    /** Down type, up type and CGMouseButton for a button. */
    private static int[] types(MouseButton button) {
        switch (button) {
            case RIGHT:
                return new int[] {RIGHT_DOWN, RIGHT_UP, BUTTON_RIGHT};
            case MIDDLE:
                return new int[] {OTHER_DOWN, OTHER_UP, BUTTON_CENTER};
            default:
                return new int[] {LEFT_DOWN, LEFT_UP, BUTTON_LEFT};
        }
    }
}
