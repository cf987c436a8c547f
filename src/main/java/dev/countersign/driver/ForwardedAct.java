package dev.countersign.driver;

import dev.countersign.core.CountersignError;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Rect;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.Dispatch;
import dev.countersign.policy.KeyChord;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One mutating action another runtime carries out (an external computer-use server behind
 * {@code countersign govern}), governed here like a local act: Countersign resolves from its own
 * accessibility backend what the action lands on, classifies it, asks the person when the policy
 * says so, and only then lets {@link #forwarder()} dispatch it. What the other runtime answers is
 * never evidence: the receipt of a forwarded act is {@code unknown} after dispatch.
 *
 * @param tool the agent-facing tool name (for the envelope, the receipt and the dialog)
 * @param server the governed server's name, shown to the person
 * @param operation the agent-facing name of the action (e.g. {@code double_click}): a label for the
 *     envelope's operation and the receipt, which nothing here branches on
 * @param input what the action does, in Countersign's own terms: judged, resolved and described
 *     from this alone
 * @param forwarder sends the action, as judged, to the other runtime: the one mutating call
 */
public record ForwardedAct(String tool, String server, String operation, Input input, Forwarder forwarder) {

    /**
     * The most characters one forwarded {@code type} carries. The other runtime types a character
     * every 7–11 ms, inside Countersign's input gate, and no approval dialog opens while input holds
     * it: 200 characters hold it one or two seconds; 4,096 held it 28–45 s while other agents'
     * questions waited. Longer text goes in several {@code type} actions, each checked where focus is.
     */
    public static final int MAX_TYPED = 200;
    /**
     * The most wheel steps one forwarded scroll turns: {@code computer-use-mcp}'s own default, so no
     * amount scrolls further than naming none does.
     */
    public static final int MAX_SCROLL_STEPS = 300;
    private static final Pattern SCROLL = Pattern.compile("(up|down|left|right):([1-9][0-9]{0,5})");

    /**
     * The other runtime's one mutating call, given the input exactly as Countersign judged it (a
     * chord as this desktop presses it), which is what it sends; what it returns is how it was
     * delivered, not that it worked.
     */
    @FunctionalInterface
    public interface Forwarder {
        Dispatch forward(Input judged);
    }

    /** What a forwarded act does: input at a point, or keyboard input where focus is. */
    public sealed interface Input permits Pointer, Typing, Keys {
        /** How the person reads it, e.g. {@code double click}. */
        String words();
    }

    /** What the pointer does at its point. */
    public enum Gesture {
        CLICK("click"), DOUBLE_CLICK("double-click"), SECONDARY_CLICK("right click"), MIDDLE_CLICK("middle click"),
        DRAG("drag"), SCROLL("scroll");

        private final String words;

        Gesture(String words) {
            this.words = words;
        }
    }

    /**
     * Input at a point.
     *
     * @param at every native screen pixel the pointer may land on (the other runtime rounds its own
     *     coordinates)
     * @param to a drag's end, as {@code at}; null for every other gesture
     * @param scroll a scroll's direction and wheel steps, {@code up|down|left|right:STEPS}; null for
     *     every other gesture
     */
    public record Pointer(Gesture gesture, Rect at, Rect to, String scroll) implements Input {
        public Pointer {
            Objects.requireNonNull(gesture, "gesture");
        }

        /** "double-click"; a scroll with its direction and amount: "scroll down 300 steps". */
        @Override
        public String words() {
            Matcher m = scroll == null ? null : SCROLL.matcher(scroll);
            if (m == null || !m.matches()) {
                return gesture.words;
            }
            return gesture.words + " " + m.group(1) + " " + m.group(2) + ("1".equals(m.group(2)) ? " step" : " steps");
        }
    }

    /** Text typed into the element with keyboard focus (never at a point: it lands where focus is). */
    public record Typing(String text) implements Input {
        @Override
        public String words() {
            return "type";
        }
    }

    /** A key chord, in Countersign's key syntax ({@link KeyChord}), sent to the element with keyboard focus. */
    public record Keys(String chord) implements Input {
        @Override
        public String words() {
            return "key";
        }
    }

    public ForwardedAct {
        Objects.requireNonNull(tool, "tool");
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(forwarder, "forwarder");
    }

    /** Whether the action lands at a point; keyboard input never does. */
    boolean pointer() {
        return input instanceof Pointer;
    }

    /** Where the pointer may land; null for keyboard input. */
    Rect at() {
        return input instanceof Pointer p ? p.at() : null;
    }

    /** A drag's end; null otherwise. */
    Rect to() {
        return input instanceof Pointer p ? p.to() : null;
    }

    /**
     * This act with its keys as {@code backend} presses them, in the canonical spelling ({@code cmd}
     * as Control on Linux): what is judged, shown and forwarded. Anything else, and keys outside
     * the grammar (for {@link #validate} to refuse), stay as given.
     */
    ForwardedAct pressedOn(DesktopBackend backend) {
        if (!(input instanceof Keys keys) || keys.chord() == null || KeyChord.validate(keys.chord()).isPresent()) {
            return this;
        }
        String pressed = KeyChord.parse(keys.chord()).withCommandAs(backend.commandModifier()).canonical();
        return pressed.equals(keys.chord()) ? this
                : new ForwardedAct(tool, server, operation, new Keys(pressed), forwarder);
    }

    Optional<CountersignError> validate() {
        if (input instanceof Typing typing) {
            if (typing.text() == null || typing.text().isEmpty()) {
                return Optional.of(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "text", "text is required for type"));
            }
            int length = typing.text().codePointCount(0, typing.text().length());
            if (length > MAX_TYPED) {
                return Optional.of(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "text", "type takes at most "
                        + MAX_TYPED + " characters (this is " + length + "); nothing was typed: typing holds the input "
                        + "other agents' approvals wait for, so send longer text as several type actions"));
            }
            // Control characters would become Return and Tab keystrokes (the other runtime types them
            // with xdotool): a submit, or a move to the next field, that no check looked at.
            if (typing.text().codePoints().anyMatch(Character::isISOControl)) {
                return Optional.of(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "text",
                        "typed text cannot hold control characters (newline, tab); nothing was typed; send Return or "
                                + "Tab with action key (e.g. text Return), which the policy judges as keys"));
            }
            return Optional.empty();
        }
        if (input instanceof Keys keys) {
            return keys.chord() == null || keys.chord().isEmpty()
                    ? Optional.of(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "text", "text (the keys) is required for key"))
                    : KeyChord.validate(keys.chord());
        }
        Pointer pointer = (Pointer) input;
        if (pointer.at() == null) {
            return Optional.of(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "coordinate",
                    "coordinate is required for " + operation));
        }
        boolean drag = pointer.gesture() == Gesture.DRAG;
        if (drag != (pointer.to() != null)) {
            return Optional.of(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "to",
                    drag ? "to is required for drag" : "to is only for drag"));
        }
        boolean scroll = pointer.gesture() == Gesture.SCROLL;
        if (scroll != (pointer.scroll() != null && !pointer.scroll().isEmpty())) {
            return Optional.of(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "text", scroll
                    ? "text (up, down, left, right) is required for scroll" : "text is not taken by " + operation));
        }
        return scroll ? scrollSteps(pointer.scroll()) : Optional.empty();
    }

    /** A scroll names its direction and its wheel steps, at most {@link #MAX_SCROLL_STEPS}. */
    private static Optional<CountersignError> scrollSteps(String scroll) {
        Matcher m = SCROLL.matcher(scroll);
        if (!m.matches()) {
            return Optional.of(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "text",
                    "a scroll is up, down, left or right and its wheel steps, e.g. down:5"));
        }
        int steps = Integer.parseInt(m.group(2));
        return steps <= MAX_SCROLL_STEPS ? Optional.empty() : Optional.of(CountersignError.onField(
                ErrorCode.INVALID_ARGUMENT, "text", "a scroll turns the wheel at most " + MAX_SCROLL_STEPS
                        + " steps (" + steps + " asked); nothing was scrolled"));
    }

    /** The refusal of a point for keyboard input: keys land where focus is, not at the point. */
    public static CountersignError noPoint(String op) {
        return CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "point", op + " takes no point: keys and typed "
                + "text go where keyboard focus is, so nothing was sent; click the field first, then " + op);
    }
}
