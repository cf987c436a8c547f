package dev.countersign.policy;

import java.util.Optional;

/**
 * The operations the policy decides on: the element acts of {@code computer_act}, a governed server's
 * double click, and the visual acts.
 */
public enum Operation {
    CLICK,
    FOCUS,
    TYPE,
    KEY,
    SCROLL,
    /** Open an element's context menu: judged as a click on that element. */
    MENU,
    /** Drag one element onto another: judged by both elements' labels. */
    DRAG,
    /** Selecting text or items: changes no data, like focus. */
    SELECT,
    /**
     * A double click on an element (a governed server's {@code double_click}): at least what a click
     * there asks, and it opens or runs what it lands on unless that takes text or is pressed like a
     * button. No tool of Countersign's own sends one, so no envelope names it ({@link #of}).
     */
    DOUBLE_CLICK,
    VISUAL_CLICK,
    VISUAL_DRAG,
    VISUAL_SCROLL;

    static final String ACT_TOOL = "computer_act";
    static final String VISUAL_ACT_TOOL = "computer_visual_act";

    /** Whether the act is aimed at pixels rather than at an element the policy can read. */
    public boolean visual() {
        return this == VISUAL_CLICK || this == VISUAL_DRAG || this == VISUAL_SCROLL;
    }

    /**
     * The operation a tool call names, e.g. ({@code computer_act}, {@code click}) or
     * ({@code computer_visual_act}, {@code drag}); empty for anything else, which the caller must
     * refuse as {@code INVALID_ARGUMENT}.
     */
    public static Optional<Operation> of(String tool, String op) {
        if (op == null) {
            return Optional.empty();
        }
        if (ACT_TOOL.equals(tool)) {
            switch (op) {
                case "click": return Optional.of(CLICK);
                case "focus": return Optional.of(FOCUS);
                case "type": return Optional.of(TYPE);
                case "key": return Optional.of(KEY);
                case "scroll": return Optional.of(SCROLL);
                case "menu": return Optional.of(MENU);
                case "drag": return Optional.of(DRAG);
                case "select": return Optional.of(SELECT);
                default: return Optional.empty();
            }
        }
        if (VISUAL_ACT_TOOL.equals(tool)) {
            switch (op) {
                case "click": return Optional.of(VISUAL_CLICK);
                case "drag": return Optional.of(VISUAL_DRAG);
                case "scroll": return Optional.of(VISUAL_SCROLL);
                default: return Optional.empty();
            }
        }
        return Optional.empty();
    }
}
