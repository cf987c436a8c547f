package dev.countersign.desktop;

/** A scroll direction for element and pointer scrolling. */
public enum ScrollDirection {
    UP, DOWN, LEFT, RIGHT
}
