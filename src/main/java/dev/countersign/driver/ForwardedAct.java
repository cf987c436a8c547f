package dev.countersign.driver;

import dev.countersign.core.CountersignError;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Rect;
import dev.countersign.desktop.Dispatch;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One mutating action another runtime carries out (an external computer-use server behind
 * {@code countersign govern}), governed here like a local act: Countersign resolves from its own
 * accessibility backend what the action lands on, classifies it, asks the person when the policy
 * says so, and only then lets {@link #forward()} dispatch it. What the other runtime answers is
 * never evidence: the receipt of a forwarded act is {@code unknown} after dispatch.
 *
 * @param tool the agent-facing tool name (for the envelope, the receipt and the dialog)
 * @param server the governed server's name, shown to the person
 * @param op {@code click}, {@code double_click}, {@code right_click}, {@code middle_click},
 *     {@code drag}, {@code scroll}, {@code type} or {@code key}
 * @param at every native screen pixel the pointer may land on (the other runtime rounds its own
 *     coordinates); always null for {@code type} and {@code key}, which go to the focused element
 *     (a point would be judged while the keys land wherever focus is)
 * @param to a drag's end, as {@code at}; null otherwise
 * @param text the text of {@code type}, the direction of {@code scroll}
 * @param keys the chord of {@code key}, in Countersign's key syntax
 * @param forwarder sends the action to the other runtime: the one mutating call
 */
public record ForwardedAct(String tool, String server, String op, Rect at, Rect to, String text, String keys,
        Forwarder forwarder) {

    /** Pointer operations; the rest ({@code type}, {@code key}) go where keyboard focus is. */
    public static final Set<String> POINTER = Set.of("click", "double_click", "right_click", "middle_click", "drag",
            "scroll");
    public static final Set<String> KEYBOARD = Set.of("type", "key");

    /** The other runtime's one mutating call; what it returns is how it was delivered, not that it worked. */
    @FunctionalInterface
    public interface Forwarder {
        Dispatch forward();
    }

    public ForwardedAct {
        Objects.requireNonNull(tool, "tool");
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(forwarder, "forwarder");
    }

    /** Whether the action lands at a point (every pointer op; keyboard input never does). */
    boolean pointer() {
        return at != null;
    }

    Optional<CountersignError> validate() {
        if (!POINTER.contains(op) && !KEYBOARD.contains(op)) {
            return Optional.of(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "action", "not a governed action: " + op));
        }
        if (POINTER.contains(op) && at == null) {
            return Optional.of(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "coordinate",
                    "coordinate is required for " + op));
        }
        if ("drag".equals(op) && to == null) {
            return Optional.of(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "to", "to is required for drag"));
        }
        if (KEYBOARD.contains(op) && at != null) {
            return Optional.of(noPoint(op));
        }
        if ("type".equals(op) && (text == null || text.isEmpty())) {
            return Optional.of(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "text", "text is required for type"));
        }
        // Control characters would become Return and Tab keystrokes (the other runtime types them
        // with xdotool): a submit, or a move to the next field, that no check looked at.
        if ("type".equals(op) && text.codePoints().anyMatch(Character::isISOControl)) {
            return Optional.of(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "text",
                    "typed text cannot hold control characters (newline, tab); nothing was typed; send Return or "
                            + "Tab with action key (e.g. text Return), which the policy judges as keys"));
        }
        if ("key".equals(op) && (keys == null || keys.isEmpty())) {
            return Optional.of(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "text", "text (the keys) is required for key"));
        }
        return Optional.empty();
    }

    /** The refusal of a point for keyboard input: keys land where focus is, not at the point. */
    public static CountersignError noPoint(String op) {
        return CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "point", op + " takes no point: keys and typed "
                + "text go where keyboard focus is, so nothing was sent; click the field first, then " + op);
    }
}
