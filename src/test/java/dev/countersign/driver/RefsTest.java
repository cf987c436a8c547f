package dev.countersign.driver;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.SecureRandom;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Refs drawn for a whole observation at once are the refs drawn one at a time. */
class RefsTest {

    @Test
    void tokensDrawnTogetherAreTheTokensDrawnOneByOne() {
        Random one = new Random(42);
        Random many = new Random(42);
        String[] together = Refs.tokens(many, 149, 8);
        for (String token : together) {
            assertThat(token).isEqualTo(Refs.token(one, 8));
        }
        assertThat(Refs.token(many, 9)).as("the draws after them line up too").isEqualTo(Refs.token(one, 9));
    }

    @Test
    void eachTokenIsItsOwnBase64urlWordOfItsBytes() {
        String[] tokens = Refs.tokens(new SecureRandom(), 500, 8);
        assertThat(tokens).hasSize(500).allMatch(t -> t.matches("[A-Za-z0-9_-]{11}"));
        assertThat(new HashSet<>(List.of(tokens))).hasSize(500);
        assertThat(Refs.tokens(new SecureRandom(), 0, 8)).isEmpty();
    }
}
