package dev.countersign.govern;

import static dev.countersign.govern.ActionArgs.call;
import static dev.countersign.govern.ActionArgs.noPoint;
import static dev.countersign.govern.ActionArgs.noText;
import static dev.countersign.govern.ActionArgs.noTo;
import static dev.countersign.govern.ActionArgs.point;
import static dev.countersign.govern.ActionArgs.refused;
import static dev.countersign.govern.ActionArgs.require;

import dev.countersign.core.CountersignException;
import dev.countersign.core.Rect;
import dev.countersign.driver.ForwardedAct;
import dev.countersign.driver.ForwardedAct.Gesture;
import dev.countersign.govern.GuestTool.Call;
import dev.countersign.policy.KeyChord;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One action of a governed server's computer tool, as an agent asked for it. {@link ActionNames}
 * matches the agent's {@code action} to a variant (the one place a name is matched); each variant
 * checks its own arguments, and knows its name, the driver's {@link ForwardedAct.Input} it becomes
 * and the calls it sends the server. Points stay in the pixels of the agent's last screenshot: the
 * server maps them itself, and {@link ComputerProxy} places them on the screen for the driver.
 */
sealed interface ServerAction permits ServerAction.Read, ServerAction.Act {

    /** The agent-facing name: the value of {@code action}. */
    String wire();

    /** The server's calls for this action, in order, with the agent's own points. */
    List<Map<String, Object>> calls();

    /** A point in the pixels of the agent's last screenshot. */
    record Pixel(int x, int y) {
        static Pixel of(int[] p) {
            return p == null ? null : new Pixel(p[0], p[1]);
        }
    }

    /** Places an agent's point on the screen: every native pixel the server may land on. */
    @FunctionalInterface
    interface Placement {
        Rect area(String field, Pixel p);
    }

    /** Read-only: content passed through Countersign's checks, never an envelope. */
    sealed interface Read extends ServerAction permits Screenshot, CursorPosition {
    }

    /** Mutating: a {@link ForwardedAct} the driver's governed graph runs before the server is called. */
    sealed interface Act extends ServerAction permits Click, Drag, Scroll, Type, Key {
        ForwardedAct.Input input(Placement place);

        /**
         * The server's calls for this action as the driver judged it ({@code judged}, this action's
         * {@link #input} with a chord as the desktop presses it): what is forwarded. Points stay the
         * agent's own pixels (the server maps them itself).
         */
        default List<Map<String, Object>> calls(ForwardedAct.Input judged) {
            return calls();
        }
    }

    record Screenshot() implements Read {
        static final String WIRE = "screenshot";

        @Override
        public String wire() {
            return WIRE;
        }

        @Override
        public List<Map<String, Object>> calls() {
            return List.of(call("get_screenshot", null, null));
        }
    }

    record CursorPosition() implements Read {
        static final String WIRE = "cursor_position";

        @Override
        public String wire() {
            return WIRE;
        }

        @Override
        public List<Map<String, Object>> calls() {
            return List.of(call("get_cursor_position", null, null));
        }
    }

    /** The four clicks: the agent's name, the server's name, and what the driver judges. */
    enum Button {
        LEFT("click", "left_click", Gesture.CLICK),
        DOUBLE("double_click", "double_click", Gesture.DOUBLE_CLICK),
        RIGHT("right_click", "right_click", Gesture.SECONDARY_CLICK),
        MIDDLE("middle_click", "middle_click", Gesture.MIDDLE_CLICK);

        final String wire;
        final String server;
        final Gesture gesture;

        Button(String wire, String server, Gesture gesture) {
            this.wire = wire;
            this.server = server;
            this.gesture = gesture;
        }
    }

    record Click(Button button, Pixel at) implements Act {
        static Click parse(Button button, Call call) {
            noText(call, button.wire);
            noTo(call);
            return new Click(button, point(call, button.wire));
        }

        @Override
        public String wire() {
            return button.wire;
        }

        @Override
        public List<Map<String, Object>> calls() {
            return List.of(call(button.server, at, null));
        }

        @Override
        public ForwardedAct.Input input(Placement place) {
            return new ForwardedAct.Pointer(button.gesture, place.area("point", at), null, null);
        }
    }

    /** Press at {@code from}, release at {@code to}: the server moves the pointer first, then drags. */
    record Drag(Pixel from, Pixel to) implements Act {
        static final String WIRE = "drag";

        static Drag parse(Call call) {
            noText(call, WIRE);
            Pixel from = point(call, WIRE);
            if (call.to() == null) {
                throw refused("to", "to is required for drag");
            }
            return new Drag(from, Pixel.of(call.to()));
        }

        @Override
        public String wire() {
            return WIRE;
        }

        @Override
        public List<Map<String, Object>> calls() {
            return List.of(call("mouse_move", from, null), call("left_click_drag", to, null));
        }

        @Override
        public ForwardedAct.Input input(Placement place) {
            return new ForwardedAct.Pointer(Gesture.DRAG, place.area("point", from), place.area("to", to), null);
        }
    }

    enum Direction {
        UP, DOWN, LEFT, RIGHT
    }

    /**
     * A scroll at a point by {@code steps} wheel steps (the server's scroll counts steps, whatever
     * its description says), or by the server's own default, {@value #DEFAULT_STEPS}, when the agent
     * names none. The server is always sent the steps, so what it does is what the person was shown.
     */
    record Scroll(Direction direction, Integer steps, Pixel at) implements Act {
        static final String WIRE = "scroll";
        /** {@code computer-use-mcp}'s own default. */
        static final int DEFAULT_STEPS = ForwardedAct.MAX_SCROLL_STEPS;
        private static final Pattern SYNTAX = Pattern.compile("(up|down|left|right)(?::([1-9][0-9]{0,5}))?");

        static Scroll parse(Call call) {
            Matcher m = SYNTAX.matcher(require(call.text(), "text (up, down, left, right) is required for scroll"));
            if (!m.matches()) {
                throw refused("text", "scroll takes up, down, left or right, optionally :STEPS, the wheel steps, "
                        + "at most " + ForwardedAct.MAX_SCROLL_STEPS + " (e.g. down:5)");
            }
            noTo(call);
            return new Scroll(Direction.valueOf(m.group(1).toUpperCase(Locale.ROOT)),
                    m.group(2) == null ? null : Integer.valueOf(m.group(2)), point(call, WIRE));
        }

        /** What the server is sent: {@code down:5}, the default steps written out. */
        String text() {
            return direction.name().toLowerCase(Locale.ROOT) + ":" + (steps == null ? DEFAULT_STEPS : steps);
        }

        @Override
        public String wire() {
            return WIRE;
        }

        @Override
        public List<Map<String, Object>> calls() {
            return List.of(call("scroll", at, text()));
        }

        @Override
        public ForwardedAct.Input input(Placement place) {
            return new ForwardedAct.Pointer(Gesture.SCROLL, place.area("point", at), null, text());
        }
    }

    /** Text typed where keyboard focus is. */
    record Type(String text) implements Act {
        static final String WIRE = "type";

        static Type parse(Call call) {
            noPoint(call, WIRE);
            String text = require(call.text(), "text is required for type");
            noTo(call);
            return new Type(text);
        }

        @Override
        public String wire() {
            return WIRE;
        }

        @Override
        public List<Map<String, Object>> calls() {
            return List.of(call("type", null, text));
        }

        @Override
        public List<Map<String, Object>> calls(ForwardedAct.Input judged) {
            return List.of(call("type", null, ((ForwardedAct.Typing) judged).text()));
        }

        @Override
        public ForwardedAct.Input input(Placement place) {
            return new ForwardedAct.Typing(text);
        }
    }

    /**
     * A key chord in Countersign's key syntax, sent where keyboard focus is: parsed once, judged in
     * its canonical spelling, and sent spelled in the server's own key names ({@link ServerKeys}),
     * never as the agent wrote it.
     */
    record Key(KeyChord chord) implements Act {
        static final String WIRE = "key";

        static Key parse(Call call) {
            noPoint(call, WIRE);
            String keys = require(call.text(), "text (the keys, e.g. ctrl+s) is required for key");
            KeyChord.validate(keys).ifPresent(bad -> {
                throw new CountersignException(bad);
            });
            noTo(call);
            KeyChord chord = KeyChord.parse(keys);
            if (ServerKeys.spell(chord).isEmpty()) {
                throw refused("text", "the governed server has no key for '" + chord.key() + "'; send it as text with "
                        + "type, or name another key");
            }
            return new Key(chord);
        }

        @Override
        public String wire() {
            return WIRE;
        }

        @Override
        public List<Map<String, Object>> calls() {
            return calls(input(null));
        }

        /** The chord the driver judged, spelled for the server; one it cannot spell is never sent. */
        @Override
        public List<Map<String, Object>> calls(ForwardedAct.Input judged) {
            KeyChord pressed = KeyChord.parse(((ForwardedAct.Keys) judged).chord());
            String spelled = ServerKeys.spell(pressed).orElseThrow(() -> refused("text",
                    "the governed server has no key for '" + pressed.key() + "'; nothing was sent"));
            return List.of(call("key", null, spelled));
        }

        @Override
        public ForwardedAct.Input input(Placement place) {
            return new ForwardedAct.Keys(chord.canonical());
        }
    }
}
