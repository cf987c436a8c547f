package dev.countersign.driver;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * When an insert's read-back counts as evidence ({@link EffectProbe#splicedIn}): the value before
 * with the text put in at one place and nothing else changed. Anything else leaves the receipt
 * unknown, never confirmed.
 */
class InsertReadBackTest {
    // Values with leading or trailing spaces are quoted: CsvSource trims the rest.
    @ParameterizedTest(name = "''{0}'' + ''{1}'' -> ''{2}'': {3}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "Hello world|,|Hello, world|true",
        "Hello|\">> \"|>> Hello|true",
        "Hello|\" there\"|Hello there|true",
        "\"\"|abc|abc|true",
        // The text repeats what follows it: still one insertion.
        "aaa|aa|aaaaa|true",
        "Hello world|,|Hello,world!|false",
        // Held somewhere, but something else changed too (autocorrect, a field that rewrites).
        "Hello world|,|hello, world|false",
        "cats|\" and dogs\"|cats|false",
        "Hello|lo|Hello lo|false",
    })
    void onlyTheValueBeforeWithTheTextPutInAtOnePlaceCounts(String before, String text, String after,
            boolean counts) {
        assertThat(EffectProbe.splicedIn(before, text, after)).isEqualTo(counts);
    }
}
