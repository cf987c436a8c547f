package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** macOS key equivalents ({@code AXMenuItemCmdChar} and modifiers) read as chords; pure, runs anywhere. */
class MacMenuShortcutsTest {
    @Test
    void commandIsHeldUnlessTheModifiersSayNoCommand() {
        assertThat(MacMenuShortcuts.chord("S", 0L)).contains("cmd+s");
        assertThat(MacMenuShortcuts.chord("S", (long) MacMenuShortcuts.SHIFT)).contains("shift+cmd+s");
        assertThat(MacMenuShortcuts.chord("Z", (long) (MacMenuShortcuts.SHIFT | MacMenuShortcuts.OPTION)))
                .contains("alt+shift+cmd+z");
        assertThat(MacMenuShortcuts.chord("F", (long) (MacMenuShortcuts.CONTROL | MacMenuShortcuts.NO_COMMAND)))
                .contains("ctrl+f");
        assertThat(MacMenuShortcuts.chord("q", null)).contains("cmd+q");
    }

    @Test
    void aGlyphOrAnEmptyCharacterIsNotRead() {
        assertThat(MacMenuShortcuts.chord("", 0L)).isEmpty();
        assertThat(MacMenuShortcuts.chord(null, 0L)).isEmpty();
        assertThat(MacMenuShortcuts.chord("\u001b", 0L)).isEmpty();
        assertThat(MacMenuShortcuts.chord("\uF700", 0L)).isEmpty();
        assertThat(MacMenuShortcuts.chord("ab", 0L)).isEmpty();
    }
}
