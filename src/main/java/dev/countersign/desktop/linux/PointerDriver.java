package dev.countersign.desktop.linux;

import dev.countersign.desktop.Dispatch;
import dev.countersign.desktop.MouseButton;
import dev.countersign.desktop.PointerInput;
import dev.countersign.desktop.ScrollDirection;

/** Pointer input as XTest motion and button events; X buttons 4–7 are the wheel's up, down, left and right. */
final class PointerDriver {
    /** Motion events between a drag's press and release. */
    static final int DRAG_STEPS = 8;
    /** The pause after each step of a drag, in ms. */
    static final long DRAG_STEP_MS = 15;
    /** The pause before a drag's release, in ms: the drop target answers the source's offer first. */
    static final long DROP_SETTLE_MS = 60;
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
            drag(d);
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

    /**
     * A drag as a toolkit sees a person's: press, motion in steps with pauses, a pause over the
     * target, release. Sent in one burst, GTK starts the drag but cancels the drop: its drag
     * protocol needs the target's answer to the last motion before the release. The button is
     * released whatever happens, so it is never left held down.
     */
    private void drag(PointerInput.Drag d) {
        x.move(d.fromX(), d.fromY());
        x.button(1, true);
        x.sync();
        try {
            pause(DRAG_STEP_MS);
            for (int i = 1; i <= DRAG_STEPS; i++) {
                x.move(d.fromX() + (d.toX() - d.fromX()) * i / DRAG_STEPS,
                        d.fromY() + (d.toY() - d.fromY()) * i / DRAG_STEPS);
                x.sync();
                pause(DRAG_STEP_MS);
            }
            pause(DROP_SETTLE_MS);
        } finally {
            x.move(d.toX(), d.toY());
            x.button(1, false);
            x.sync();
        }
    }

    private static void pause(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            // Finish the drag at once; the caller's thread keeps its interrupt.
            Thread.currentThread().interrupt();
        }
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
