package dev.countersign.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.countersign.core.CountersignError;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Rect;
import dev.countersign.driver.ForwardedAct.Gesture;
import dev.countersign.driver.ForwardedAct.Keys;
import dev.countersign.driver.ForwardedAct.Pointer;
import dev.countersign.driver.ForwardedAct.Typing;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The driver checks a forwarded act's input in its own terms, whatever the operation is called. */
class ForwardedActTest {
    private static final Rect AT = new Rect(10, 20, 2, 2);
    private static final Rect TO = new Rect(30, 40, 2, 2);

    private static ForwardedAct act(String operation, ForwardedAct.Input input) {
        return new ForwardedAct("desk", "server", operation, input, judged -> {
            throw new AssertionError("validation never forwards");
        });
    }

    static Stream<Arguments> valid() {
        return Stream.of(
                arguments("click", new Pointer(Gesture.CLICK, AT, null, null), "click"),
                arguments("right_click", new Pointer(Gesture.SECONDARY_CLICK, AT, null, null), "right click"),
                arguments("drag", new Pointer(Gesture.DRAG, AT, TO, null), "drag"),
                arguments("double_click", new Pointer(Gesture.DOUBLE_CLICK, AT, null, null), "double-click"),
                // The person reads how far a scroll turns the wheel, up to the bound.
                arguments("scroll", new Pointer(Gesture.SCROLL, AT, null, "down:300"), "scroll down 300 steps"),
                arguments("scroll", new Pointer(Gesture.SCROLL, AT, null, "left:1"), "scroll left 1 step"),
                arguments("type", new Typing("hello"), "type"),
                arguments("type", new Typing("x".repeat(ForwardedAct.MAX_TYPED)), "type"),
                arguments("key", new Keys("ctrl+s"), "key"));
    }

    @ParameterizedTest
    @MethodSource("valid")
    void wellFormedInputPassesAndReadsInThePersonsWords(String operation, ForwardedAct.Input input, String words) {
        assertThat(act(operation, input).validate()).isEmpty();
        assertThat(input.words()).isEqualTo(words);
    }

    static Stream<Arguments> refused() {
        return Stream.of(
                arguments("double_click", new Pointer(Gesture.DOUBLE_CLICK, null, null, null), "coordinate",
                        "coordinate is required for double_click"),
                arguments("drag", new Pointer(Gesture.DRAG, AT, null, null), "to", "to is required for drag"),
                arguments("click", new Pointer(Gesture.CLICK, AT, TO, null), "to", "to is only for drag"),
                arguments("scroll", new Pointer(Gesture.SCROLL, AT, null, null), "text",
                        "text (up, down, left, right) is required for scroll"),
                arguments("middle_click", new Pointer(Gesture.MIDDLE_CLICK, AT, null, "down"), "text",
                        "text is not taken by middle_click"),
                arguments("type", new Typing(""), "text", "text is required for type"),
                arguments("type", new Typing("a\nb"), "text", "typed text cannot hold control characters (newline, "
                        + "tab); nothing was typed; send Return or Tab with action key (e.g. text Return), which the "
                        + "policy judges as keys"),
                arguments("key", new Keys(null), "text", "text (the keys) is required for key"),
                arguments("scroll", new Pointer(Gesture.SCROLL, AT, null, "down:301"), "text",
                        "a scroll turns the wheel at most 300 steps (301 asked); nothing was scrolled"),
                arguments("scroll", new Pointer(Gesture.SCROLL, AT, null, "down:99999"), "text",
                        "a scroll turns the wheel at most 300 steps (99999 asked); nothing was scrolled"),
                arguments("scroll", new Pointer(Gesture.SCROLL, AT, null, "down"), "text",
                        "a scroll is up, down, left or right and its wheel steps, e.g. down:5"),
                // A long type would hold the input gate for tens of seconds while other agents' approvals wait.
                arguments("type", new Typing("x".repeat(4096)), "text", "type takes at most 200 characters (this is "
                        + "4096); nothing was typed: typing holds the input other agents' approvals wait for, so send "
                        + "longer text as several type actions"),
                arguments("key", new Keys("ctrl+nosuchkey"), "keys",
                        dev.countersign.policy.KeyChord.validate("ctrl+nosuchkey").orElseThrow().message()));
    }

    @ParameterizedTest
    @MethodSource("refused")
    void malformedInputIsRefusedOnItsField(String operation, ForwardedAct.Input input, String field, String message) {
        CountersignError error = act(operation, input).validate().orElseThrow();

        assertThat(error.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(error.field()).isEqualTo(field);
        assertThat(error.message()).isEqualTo(message);
    }
}
