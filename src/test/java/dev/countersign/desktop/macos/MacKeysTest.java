package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class MacKeysTest {

    @ParameterizedTest(name = "{0} is kVK {1}")
    @CsvSource({"a, 0", "A, 0", "s, 1", "c, 8", "v, 9", "b, 11", "q, 12", "t, 17", "o, 31", "p, 35", "l, 37",
        "k, 40", "n, 45", "m, 46", "0, 29", "1, 18", "5, 23", "9, 25", "Return, 36", "Enter, 36", "KP_Enter, 76",
        "Tab, 48", "space, 49", "BackSpace, 51", "Delete, 117", "Escape, 53", "esc, 53", "Home, 115", "End, 119",
        "Page_Up, 116", "page-down, 121", "Left, 123", "Right, 124", "Down, 125", "Up, 126", "F1, 122",
        "F5, 96", "F12, 111", "'/', 44", "'.', 47"})
    void keyNamesMapToVirtualKeyCodes(String name, int code) {
        assertThat(MacKeys.keyCode(name)).isEqualTo(code);
    }

    @Test
    void aChordCombinesModifierFlagsAndKeepsTheirOrder() {
        MacKeys.Chord c = MacKeys.chord("cmd+shift+t");
        assertThat(c.keyCode()).isEqualTo(17);
        assertThat(c.flags()).isEqualTo(MacKeys.FLAG_COMMAND | MacKeys.FLAG_SHIFT);
        assertThat(c.modifiers()).extracting(MacKeys.Modifier::keyCode).containsExactly(55, 56);
        assertThat(MacKeys.chord("ctrl+alt+Delete").flags()).isEqualTo(MacKeys.FLAG_CONTROL | MacKeys.FLAG_OPTION);
        assertThat(MacKeys.chord("Return").flags()).isZero();
    }

    @Test
    void unknownNamesAreInvalidArguments() {
        assertThatThrownBy(() -> MacKeys.chord("hyper+a")).isInstanceOfSatisfying(CountersignException.class,
                e -> assertThat(e.error().code()).isEqualTo(ErrorCode.INVALID_ARGUMENT));
        assertThatThrownBy(() -> MacKeys.chord("cmd+Launchpad")).isInstanceOf(CountersignException.class);
    }

    @Test
    void textIsChunkedWithoutSplittingSurrogatePairsAndNewlinesBecomeReturn() {
        String emojiAtBoundary = "x".repeat(19) + "😀" + "tail";
        assertThat(MacKeys.pieces(emojiAtBoundary)).containsExactly(new MacKeys.Unicode("x".repeat(19)),
                new MacKeys.Unicode("😀tail"));
        assertThat(MacKeys.pieces("a\r\nb\tc")).containsExactly(new MacKeys.Unicode("a"),
                new MacKeys.Stroke(MacKeys.KEY_RETURN), new MacKeys.Unicode("b"), new MacKeys.Stroke(MacKeys.KEY_TAB),
                new MacKeys.Unicode("c"));
        assertThat(MacKeys.pieces("")).isEmpty();
    }
}
