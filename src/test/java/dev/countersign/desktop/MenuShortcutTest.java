package dev.countersign.desktop;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Accelerators as GTK, LibreOffice, Gecko and Qt spell them, read as {@code computer_act} chords. */
class MenuShortcutTest {
    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource({
        "<Primary>s, ctrl+s",
        "<Control>S, ctrl+s",
        "<Primary><Shift>b, ctrl+shift+b",
        "<Shift><Alt>F8, alt+shift+F8",
        "<Shift><Primary>n, ctrl+shift+n",
        "<Control>Return, ctrl+Return",
        "<Super>q, cmd+q",
        "F5, F5",
        "Ctrl+Shift+S, ctrl+shift+s",
        "Alt+F4, alt+F4",
        "Ctrl++, ctrl++",
    })
    void acceleratorsReadAsChords(String accelerator, String chord) {
        assertThat(MenuShortcut.chordOf(accelerator)).contains(chord);
    }

    @ParameterizedTest(name = "‘{0}’ is no chord")
    @ValueSource(strings = {"", " ", "<Primary>", "<Hyperdrive>s", "Foo+s", "<Primary>page up"})
    void whatCannotBeReadIsNeverTakenForAnotherChord(String accelerator) {
        assertThat(MenuShortcut.chordOf(accelerator)).isEmpty();
    }
}
