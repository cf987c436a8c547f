package dev.countersign.app.dialog;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** App-controlled text in the dialog: one line, no control or bidi characters, cut with a mark. */
class DialogTextTest {
    @Test
    void controlFormatAndLineCharactersBecomeOneSpace() {
        assertThat(DialogText.clean("Delete\u202e\n\n\tall\u200bfiles\u2028now\r", 100)).isEqualTo("Delete all files now");
    }

    @Test
    void longTextIsCutAndMarked() {
        String shown = DialogText.clean("x".repeat(500), 240);
        assertThat(shown).hasSize(240 + DialogText.CUT.length()).endsWith(DialogText.CUT);
    }

    @Test
    void shortTextIsKept() {
        assertThat(DialogText.clean("click \u2018Delete\u2019 in Mail", 240)).isEqualTo("click \u2018Delete\u2019 in Mail");
        assertThat(DialogText.clean(null, 10)).isEmpty();
    }
}
