package dev.countersign.remote;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.core.ApprovalGrant;
import dev.countersign.core.CountersignError;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Timestamps;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A governed desktop cannot verify who decided a grant the governor presents, but a stale grant,
 * one dated in the future, or a nonce presented twice is refused with its code (execute refuses
 * before anything is dispatched when this check fails).
 */
class RuntimeHostGrantTest {
    private static final Instant NOW = Instant.parse("2026-12-02T02:00:00Z");

    private static ApprovalGrant grant(String nonce, Instant decided) {
        return new ApprovalGrant("g1", null, "act_1", "computer_act/click", "d1", "p1", nonce,
                decided == null ? null : Timestamps.format(decided));
    }

    @Test
    void aFreshGrantPassesOnceAndItsNonceReplayedIsRefused() {
        Map<String, Instant> used = new HashMap<>();
        assertThat(RuntimeHost.grantProblem(grant("n1", NOW.minusSeconds(5)), NOW, used)).isEmpty();
        Optional<CountersignError> replay = RuntimeHost.grantProblem(grant("n1", NOW.minusSeconds(5)),
                NOW.plusSeconds(1), used);
        assertThat(replay).get().extracting(CountersignError::code).isEqualTo(ErrorCode.IDENTITY_MISMATCH);
        assertThat(replay.get().field()).isEqualTo("nonce");
    }

    @Test
    void anExpiredGrantIsRefusedAndDoesNotSpendItsNonce() {
        Map<String, Instant> used = new HashMap<>();
        Optional<CountersignError> expired = RuntimeHost.grantProblem(
                grant("n2", NOW.minus(RuntimeHost.GRANT_LIFETIME).minusSeconds(1)), NOW, used);
        assertThat(expired).get().extracting(CountersignError::code).isEqualTo(ErrorCode.APPROVAL_EXPIRED);
        assertThat(used).isEmpty();
    }

    @Test
    void aGrantWithoutADecisionTimeANonceOrDatedInTheFutureIsRefused() {
        Map<String, Instant> used = new HashMap<>();
        assertThat(RuntimeHost.grantProblem(grant("n3", null), NOW, used).orElseThrow().field())
                .isEqualTo("decided_at");
        assertThat(RuntimeHost.grantProblem(grant("n3", NOW.plus(RuntimeHost.GRANT_SKEW).plusSeconds(1)), NOW, used)
                .orElseThrow().field()).isEqualTo("decided_at");
        assertThat(RuntimeHost.grantProblem(grant(" ", NOW), NOW, used).orElseThrow().field()).isEqualTo("nonce");
        assertThat(used).isEmpty();
    }
}
