package dev.countersign.graph;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.core.ActionPostcondition;
import dev.countersign.core.ExecutionReceipt;
import dev.countersign.core.ReceiptVerification;
import dev.countersign.core.VerificationOutcome;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** docs/graph.md's evidence → outcome table, row by row, and the outcome table's flags. */
class VerificationTest {
    private static final ActionPostcondition DIGEST = new ActionPostcondition("ui_element", null, "abc", null);
    private static final ActionPostcondition CONTENT = new ActionPostcondition("ui_element", null, null, "abc");
    private static final ActionPostcondition EXISTS = new ActionPostcondition("ui_element", true, null, null);

    private static ExecutionReceipt committed(ReceiptVerification evidence) {
        return new ExecutionReceipt("r", "s", "a", "d", "committed", evidence, null);
    }

    static Stream<Arguments> evidenceTable() {
        return Stream.of(
            Arguments.of("satisfied: false", DIGEST, committed(new ReceiptVerification(false, "abc", null)), "failed"),
            Arguments.of("satisfied: false, existence-only", EXISTS, committed(new ReceiptVerification(false, null, null)), "failed"),
            Arguments.of("observed digest matches", DIGEST, committed(new ReceiptVerification(null, "abc", null)), "verified"),
            Arguments.of("observed content digest matches", CONTENT, committed(new ReceiptVerification(null, "abc", null)), "verified"),
            Arguments.of("observed digest differs", DIGEST, committed(new ReceiptVerification(true, "abd", null)), "failed"),
            Arguments.of("no verification object", DIGEST, committed(null), "committed_unverified"),
            Arguments.of("no verification object, existence-only", EXISTS, committed(null), "committed_unverified"),
            Arguments.of("verification without observed digest, digest expected", DIGEST,
                    committed(new ReceiptVerification(true, null, null)), "committed_unverified"),
            Arguments.of("existence-only, satisfied: true", EXISTS, committed(new ReceiptVerification(true, null, null)), "verified"),
            Arguments.of("existence-only, no explicit satisfied", EXISTS,
                    committed(new ReceiptVerification(null, null, "looked")), "committed_unverified"),
            Arguments.of("no postcondition declared", null, committed(new ReceiptVerification(true, null, null)), "committed_unverified"),
            Arguments.of("not committed", DIGEST,
                    new ExecutionReceipt("r", "s", "a", "d", "failed", new ReceiptVerification(true, "abc", null), null), "failed"));
    }

    @ParameterizedTest(name = "{0} -> {3}")
    @MethodSource("evidenceTable")
    void evidenceClassifiesAsTheTableSays(String row, ActionPostcondition post, ExecutionReceipt receipt, String expected) {
        VerificationOutcome outcome = Verification.classify(post, receipt);
        String kind = outcome instanceof VerificationOutcome.Verified ? "verified"
                : outcome instanceof VerificationOutcome.CommittedUnverified ? "committed_unverified" : "failed";
        assertThat(kind).isEqualTo(expected);
        assertThat(outcome.detail()).isNotBlank();
    }

    @Test
    void committedReceiptWithoutEvidenceIsNeverVerified() {
        VerificationOutcome outcome = Verification.classify(EXISTS, committed(null));
        assertThat(outcome).isInstanceOf(VerificationOutcome.CommittedUnverified.class);
        assertThat(outcome.isVerified()).isFalse();
    }

    static Stream<Arguments> outcomeTable() {
        return Stream.of(
            Arguments.of(new VerificationOutcome.Verified("x"), true, true, "completed"),
            Arguments.of(new VerificationOutcome.CommittedUnverified("x"), false, true, "committed_unverified"),
            Arguments.of(new VerificationOutcome.Failed("x"), false, false, "verification_failed"));
    }

    @ParameterizedTest(name = "{3}")
    @MethodSource("outcomeTable")
    void outcomeFlagsFollowTheTable(VerificationOutcome outcome, boolean verified, boolean committed, String name) {
        assertThat(outcome.isVerified()).isEqualTo(verified);
        assertThat(outcome.isCommitted()).isEqualTo(committed);
    }
}
