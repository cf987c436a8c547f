package dev.countersign.driver;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.SecureRandom;
import org.junit.jupiter.api.Test;

/** An observation's refs: random, one tag for the whole observation (its marker's key), each its own node part. */
class RefsTest {

    @Test
    void theRefsOfOneObservationShareItsTagAndDifferInTheirOwnPart() {
        String[] refs = Refs.tagged(new SecureRandom(), 300);
        long tag = Refs.tagOf("r" + refs[0]);
        assertThat(tag).isNotNegative();
        assertThat(refs).allMatch(t -> t.matches("[A-Za-z0-9_-]{11}")).allMatch(t -> Refs.tagOf("r" + t) == tag)
                .doesNotHaveDuplicates();
        assertThat(Refs.tagOf("r" + Refs.tagged(new SecureRandom(), 1)[0])).isNotEqualTo(tag);
        assertThat(Refs.tagOf("rnot-a-ref")).isEqualTo(-1);
        assertThat(Refs.tagOf("x" + refs[0])).isEqualTo(-1);
    }

    @Test
    void anIdTokenIsBase64urlOfItsBytes() {
        assertThat(Refs.token(new SecureRandom(), 9)).matches("[A-Za-z0-9_-]{12}");
    }
}
