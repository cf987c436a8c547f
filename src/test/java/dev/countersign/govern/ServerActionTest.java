package dev.countersign.govern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import dev.countersign.core.Rect;
import dev.countersign.driver.ForwardedAct;
import dev.countersign.driver.ForwardedAct.Gesture;
import dev.countersign.govern.ServerAction.Button;
import dev.countersign.govern.ServerAction.Direction;
import dev.countersign.govern.ServerAction.Pixel;
import dev.countersign.policy.KeyChord;
import dev.countersign.govern.GuestTool.Call;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Each agent-facing name, its argument checks, the driver's input and the server's calls, row by row. */
class ServerActionTest {
    private static final int[] P = {10, 20};
    private static final int[] TO = {30, 40};

    private static Call call(String action, int[] point, int[] to, String text) {
        return new Call(action, point, to, text);
    }

    static Stream<Arguments> names() {
        Pixel p = new Pixel(10, 20);
        return Stream.of(
                arguments(call("screenshot", null, null, null), new ServerAction.Screenshot()),
                arguments(call("cursor_position", null, null, null), new ServerAction.CursorPosition()),
                arguments(call("click", P, null, null), new ServerAction.Click(Button.LEFT, p)),
                arguments(call("double_click", P, null, null), new ServerAction.Click(Button.DOUBLE, p)),
                arguments(call("right_click", P, null, null), new ServerAction.Click(Button.RIGHT, p)),
                arguments(call("middle_click", P, null, null), new ServerAction.Click(Button.MIDDLE, p)),
                arguments(call("drag", P, TO, null), new ServerAction.Drag(p, new Pixel(30, 40))),
                arguments(call("scroll", P, null, "up"), new ServerAction.Scroll(Direction.UP, null, p)),
                arguments(call("scroll", P, null, "left:300"), new ServerAction.Scroll(Direction.LEFT, 300, p)),
                arguments(call("type", null, null, "hello"), new ServerAction.Type("hello")),
                arguments(call("key", null, null, "ctrl+s"), new ServerAction.Key(KeyChord.parse("ctrl+s"))),
                // Parsed once: the canonical chord, whatever the agent's spelling.
                arguments(call("key", null, null, "Control+Shift+T"),
                        new ServerAction.Key(KeyChord.parse("ctrl+shift+T"))));
    }

    @ParameterizedTest
    @MethodSource("names")
    void eachNameParsesToItsVariant(Call call, ServerAction expected) {
        ServerAction parsed = ActionNames.parse(call);

        assertThat(parsed).isEqualTo(expected);
        assertThat(parsed.wire()).isEqualTo(call.action());
    }

    static Stream<Arguments> refusals() {
        String noChord = "text (the keys, e.g. ctrl+s) is required for key";
        String scrollSyntax = "scroll takes up, down, left or right, optionally :STEPS, the wheel steps, at most 300 "
                + "(e.g. down:5)";
        return Stream.of(
                arguments(call("hover", P, null, null), "action", "not offered: hover"),
                arguments(call("left_click", P, null, null), "action", "not offered: left_click"),
                arguments(call("click", P, null, "x"), "text", "text is not taken by click"),
                arguments(call("right_click", P, TO, null), "to", "to is only for drag"),
                arguments(call("double_click", null, null, null), "coordinate", "coordinate is required for double_click"),
                arguments(call("middle_click", null, null, null), "coordinate", "coordinate is required for middle_click"),
                arguments(call("drag", P, TO, "x"), "text", "text is not taken by drag"),
                arguments(call("drag", null, TO, null), "coordinate", "coordinate is required for drag"),
                arguments(call("drag", P, null, null), "to", "to is required for drag"),
                arguments(call("scroll", P, null, null), "text", "text (up, down, left, right) is required for scroll"),
                arguments(call("scroll", P, null, ""), "text", "text (up, down, left, right) is required for scroll"),
                arguments(call("scroll", P, null, "sideways"), "text", scrollSyntax),
                arguments(call("scroll", P, null, "down:0"), "text", scrollSyntax),
                arguments(call("scroll", P, null, "down:1000000"), "text", scrollSyntax),
                arguments(call("scroll", P, TO, "down"), "to", "to is only for drag"),
                arguments(call("scroll", null, null, "down"), "coordinate", "coordinate is required for scroll"),
                arguments(call("type", P, null, "hello"), "point", ForwardedAct.noPoint("type").message()),
                arguments(call("type", null, null, null), "text", "text is required for type"),
                arguments(call("type", null, null, ""), "text", "text is required for type"),
                arguments(call("type", null, TO, "hello"), "to", "to is only for drag"),
                arguments(call("key", P, null, "Return"), "point", ForwardedAct.noPoint("key").message()),
                arguments(call("key", null, null, null), "text", noChord),
                arguments(call("key", null, TO, "Return"), "to", "to is only for drag"),
                arguments(call("key", null, null, "ctrl+nosuchkey"), "keys",
                        KeyChord.validate("ctrl+nosuchkey").orElseThrow().message()),
                // Keys the server knows by no name are never sent as something it would read otherwise.
                arguments(call("key", null, null, "ctrl++"), "text",
                        "the governed server has no key for '+'; send it as text with type, or name another key"),
                arguments(call("key", null, null, "KP_Enter"), "text",
                        "the governed server has no key for 'KP_Enter'; send it as text with type, or name another key"));
    }

    @ParameterizedTest
    @MethodSource("refusals")
    void eachBadArgumentIsRefusedOnItsField(Call call, String field, String message) {
        assertThatThrownBy(() -> ActionNames.parse(call)).isInstanceOfSatisfying(CountersignException.class, e -> {
            CountersignError error = e.error();
            assertThat(error.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
            assertThat(error.field()).isEqualTo(field);
            assertThat(error.message()).isEqualTo(message);
        });
    }

    static Stream<Arguments> serverCalls() {
        return Stream.of(
                arguments(call("screenshot", null, null, null), "[{\"action\":\"get_screenshot\"}]"),
                arguments(call("cursor_position", null, null, null), "[{\"action\":\"get_cursor_position\"}]"),
                arguments(call("click", P, null, null), "[{\"action\":\"left_click\",\"coordinate\":[10,20]}]"),
                arguments(call("double_click", P, null, null), "[{\"action\":\"double_click\",\"coordinate\":[10,20]}]"),
                arguments(call("right_click", P, null, null), "[{\"action\":\"right_click\",\"coordinate\":[10,20]}]"),
                arguments(call("middle_click", P, null, null), "[{\"action\":\"middle_click\",\"coordinate\":[10,20]}]"),
                arguments(call("drag", P, TO, null), "[{\"action\":\"mouse_move\",\"coordinate\":[10,20]},"
                        + "{\"action\":\"left_click_drag\",\"coordinate\":[30,40]}]"),
                // The server's default steps, written out: what is sent is what the person was shown.
                arguments(call("scroll", P, null, "down"),
                        "[{\"action\":\"scroll\",\"coordinate\":[10,20],\"text\":\"down:300\"}]"),
                arguments(call("scroll", P, null, "down:300"),
                        "[{\"action\":\"scroll\",\"coordinate\":[10,20],\"text\":\"down:300\"}]"),
                arguments(call("type", null, null, "hello"), "[{\"action\":\"type\",\"text\":\"hello\"}]"),
                arguments(call("key", null, null, "ctrl+s"), "[{\"action\":\"key\",\"text\":\"ctrl+s\"}]"),
                // The chord in the server's own key names: punctuation by name, a capital as Shift and its letter.
                arguments(call("key", null, null, "Control+;"), "[{\"action\":\"key\",\"text\":\"ctrl+semicolon\"}]"),
                arguments(call("key", null, null, "ctrl+T"), "[{\"action\":\"key\",\"text\":\"ctrl+shift+t\"}]"),
                arguments(call("key", null, null, "PageDown"), "[{\"action\":\"key\",\"text\":\"page_down\"}]"),
                arguments(call("key", null, null, "cmd+option+Esc"),
                        "[{\"action\":\"key\",\"text\":\"alt+super+escape\"}]"));
    }

    @ParameterizedTest
    @MethodSource("serverCalls")
    void eachVariantSendsTheServerExactlyItsCalls(Call call, String json) throws Exception {
        assertThat(Json.mapper().writeValueAsString(ActionNames.parse(call).calls())).isEqualTo(json);
    }

    /**
     * What the server is sent is the chord the driver judged (cmd pressed as Control on Linux), not
     * what the agent wrote: a string the judge read one way cannot reach the server to be read another.
     */
    @ParameterizedTest
    @MethodSource("judgedKeys")
    void keysAreSentAsJudged(String agentWrote, String judged, String sent) throws Exception {
        ServerAction.Act act = (ServerAction.Act) ActionNames.parse(call("key", null, null, agentWrote));

        assertThat(Json.mapper().writeValueAsString(act.calls(new ForwardedAct.Keys(judged))))
                .isEqualTo("[{\"action\":\"key\",\"text\":\"" + sent + "\"}]");
    }

    static Stream<Arguments> judgedKeys() {
        return Stream.of(
                arguments("cmd+d", "ctrl+d", "ctrl+d"),
                arguments("super+shift+Delete", "ctrl+shift+Delete", "ctrl+shift+delete"),
                arguments("esc", "Escape", "escape"));
    }

    /** Places a point one native pixel per screenshot pixel, offset so the placement shows. */
    private static Rect placed(String field, Pixel p) {
        return new Rect(p.x() + 1000, p.y() + (field.equals("to") ? 2000 : 0), 1, 1);
    }

    static Stream<Arguments> inputs() {
        Rect at = new Rect(1010, 20, 1, 1);
        return Stream.of(
                arguments(call("click", P, null, null), new ForwardedAct.Pointer(Gesture.CLICK, at, null, null)),
                arguments(call("double_click", P, null, null), new ForwardedAct.Pointer(Gesture.DOUBLE_CLICK, at, null, null)),
                arguments(call("right_click", P, null, null),
                        new ForwardedAct.Pointer(Gesture.SECONDARY_CLICK, at, null, null)),
                arguments(call("middle_click", P, null, null), new ForwardedAct.Pointer(Gesture.MIDDLE_CLICK, at, null, null)),
                arguments(call("drag", P, TO, null),
                        new ForwardedAct.Pointer(Gesture.DRAG, at, new Rect(1030, 2040, 1, 1), null)),
                arguments(call("scroll", P, null, "right:5"), new ForwardedAct.Pointer(Gesture.SCROLL, at, null, "right:5")),
                arguments(call("scroll", P, null, "up"), new ForwardedAct.Pointer(Gesture.SCROLL, at, null, "up:300")),
                arguments(call("key", null, null, "Control+Shift+T"), new ForwardedAct.Keys("ctrl+shift+T")),
                arguments(call("type", null, null, "hello"), new ForwardedAct.Typing("hello")),
                arguments(call("key", null, null, "ctrl+s"), new ForwardedAct.Keys("ctrl+s")));
    }

    @ParameterizedTest
    @MethodSource("inputs")
    void eachActBecomesTheDriversInputInItsOwnTerms(Call call, ForwardedAct.Input expected) {
        ServerAction.Act act = (ServerAction.Act) ActionNames.parse(call);

        assertThat(act.input(ServerActionTest::placed)).isEqualTo(expected);
    }
}
