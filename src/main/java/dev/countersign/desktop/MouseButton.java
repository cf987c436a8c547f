package dev.countersign.desktop;

/** A pointer button for synthetic clicks. */
public enum MouseButton {
    LEFT, MIDDLE, RIGHT
}
