package dev.countersign.desktop.linux;

import dev.countersign.desktop.Dispatch;
import dev.countersign.desktop.MouseButton;
import dev.countersign.desktop.PointerInput;
import dev.countersign.desktop.ScrollDirection;

/** Pointer input as XTest motion and button events; X buttons 4–7 are the wheel's up, down, left and right. */
final class PointerDriver {
    private final X11Session x;

    PointerDriver(X11Session x) {
        this.x = x;
    }

    Dispatch send(PointerInput input) {
        if (input instanceof PointerInput.Click c) {
            int button = button(c.button());
            x.move(c.x(), c.y());
            for (int i = 0; i < c.count(); i++) {
                x.button(button, true);
                x.button(button, false);
            }
            x.sync();
            return new Dispatch("xtest.click", c.button() + " x" + c.count() + " at " + c.x() + "," + c.y());
        }
        if (input instanceof PointerInput.Drag d) {
            x.move(d.fromX(), d.fromY());
            x.button(1, true);
            x.sync();
            // Intermediate motion lets toolkits see a drag rather than a teleporting press.
            x.move((d.fromX() + d.toX()) / 2, (d.fromY() + d.toY()) / 2);
            x.move(d.toX(), d.toY());
            x.button(1, false);
            x.sync();
            return new Dispatch("xtest.drag", d.fromX() + "," + d.fromY() + " -> " + d.toX() + "," + d.toY());
        }
        PointerInput.Scroll s = (PointerInput.Scroll) input;
        int button = wheel(s.direction());
        x.move(s.x(), s.y());
        for (int i = 0; i < s.amount(); i++) {
            x.button(button, true);
            x.button(button, false);
        }
        x.sync();
        return new Dispatch("xtest.wheel", s.direction() + " x" + s.amount() + " at " + s.x() + "," + s.y());
    }

    private static int button(MouseButton b) {
        switch (b) {
            case LEFT:
                return 1;
            case MIDDLE:
                return 2;
            default:
                return 3;
        }
    }

    private static int wheel(ScrollDirection d) {
        switch (d) {
            case UP:
                return 4;
            case DOWN:
                return 5;
            case LEFT:
                return 6;
            default:
                return 7;
        }
    }
}
