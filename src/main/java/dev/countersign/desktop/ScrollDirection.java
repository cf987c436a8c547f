package dev.countersign.desktop;

/** A scroll direction for pointer (wheel) scrolling. */
public enum ScrollDirection {
    UP, DOWN, LEFT, RIGHT
}
