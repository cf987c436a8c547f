package dev.countersign.desktop;

import dev.countersign.core.Rect;
import java.util.Objects;

/** One top-level window of an application: its handle, title, frame in screen pixels and whether it is active. */
public record WindowInfo(ElementHandle handle, String title, Rect frame, boolean active) {

    public WindowInfo {
        Objects.requireNonNull(handle, "handle");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(frame, "frame");
    }
}
