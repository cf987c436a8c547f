package dev.countersign.desktop;

import dev.countersign.core.Rect;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The windows as the window system stacks them, independent of any accessibility tree: which one
 * is on top at a point, which one has keyboard focus, and which process owns each. This is where
 * synthetic input really lands, so it is what the last checks before dispatch ask (a point
 * covered by another window, keys while another app has focus, input aimed at Countersign).
 * Implementations are safe for concurrent use and fail closed: an answer they cannot give is
 * empty, and callers treat empty as "not proven safe".
 */
public interface ScreenWindows extends AutoCloseable {

    /** One top-level window on screen: its window-system id, owning process (0 if unknown), title and frame. */
    record ScreenWindow(long id, long pid, String title, Rect frame) {
        public ScreenWindow {
            Objects.requireNonNull(title, "title");
            Objects.requireNonNull(frame, "frame");
        }
    }

    /** The viewable top-level windows, topmost first. */
    List<ScreenWindow> stack();

    /** The topmost viewable window containing the point (native screen pixels); empty if none or unknown. */
    default Optional<ScreenWindow> windowAt(int x, int y) {
        return topmostAt(stack(), x, y);
    }

    /** The topmost window of {@code stack} (topmost first, as {@link #stack()} gives it) containing the point. */
    static Optional<ScreenWindow> topmostAt(List<ScreenWindow> stack, int x, int y) {
        return stack.stream().filter(w -> w.frame().contains(x, y)).findFirst();
    }

    /** The whole screen (the root window) in native pixels; empty where it cannot be told. */
    default Optional<Rect> screen() {
        return Optional.empty();
    }

    /** The top-level window that has keyboard input focus; empty when none or it cannot be told. */
    Optional<ScreenWindow> focusedWindow();

    @Override
    void close();
}
