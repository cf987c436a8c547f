package dev.countersign.driver;

import dev.countersign.core.CountersignError;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.VerificationOutcome;
import dev.countersign.graph.ActionResult;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** Turns the graph's result for one act into the receipt the agent gets. */
final class Receipts {
    private Receipts() {
    }

    static Receipt of(ActionResult result, Optional<TimedRuntime.Delivery> delivery, long verifyNanos,
            long started, long approvalNanos, String decidedAt) {
        return of(result, delivery, verifyNanos, started, approvalNanos, decidedAt, null, null);
    }

    /**
     * The receipt, naming the grant for a task that allowed the act ({@code grantId}, null when
     * none did) with {@code grantDecision} as its approval's decision ("allowed_for_a_while" when the
     * person gave the grant on this act, "allowed_by_grant" when the grant answered for them).
     */
    static Receipt of(ActionResult result, Optional<TimedRuntime.Delivery> delivery, long verifyNanos,
            long started, long approvalNanos, String decidedAt, String grantId, String grantDecision) {
        CountersignError error = result.error();
        VerificationOutcome outcome = result.verification();
        Map<String, Long> timings = new LinkedHashMap<>();
        timings.put("total_ms", (System.nanoTime() - started) / 1_000_000);
        delivery.ifPresent(d -> timings.put("dispatch_ms", d.nanos() / 1_000_000));
        if (verifyNanos >= 0) {
            timings.put("verify_ms", verifyNanos / 1_000_000);
        }
        if (approvalNanos > 0) {
            timings.put("approval_ms", approvalNanos / 1_000_000);
        }
        ActionResult.ApprovalSummary approval = result.approval();
        // A failed receipt always carries a code: the error that stopped it, or, when the action
        // ran and the evidence contradicts it, VERIFICATION_FAILED (never left for a reader to call INTERNAL).
        ErrorCode code = error != null ? error.code() : verificationFailed(result) ? ErrorCode.VERIFICATION_FAILED : null;
        return new Receipt(
                "rcpt_" + result.actionId(),
                result.actionId(),
                result.status(),
                code == null ? null : code.name(),
                error != null ? error.message() : outcome == null ? null : outcome.detail(),
                error != null ? error.hint() : code == null ? null : code.defaultHint(),
                outcome == null ? null : new Receipt.VerificationView(outcomeWord(outcome), outcome.detail()),
                approval == null || !approval.required() ? null
                        : new Receipt.ApprovalView(true, approval.category(),
                                grantId != null && "allowed_once".equals(approval.decision()) ? grantDecision
                                        : approval.decision(), decidedAt, grantId),
                null,
                delivery.map(TimedRuntime.Delivery::strategy).orElse(null),
                timings);
    }

    /** The graph said {@code failed} because the evidence says the action did not take effect. */
    static boolean verificationFailed(ActionResult result) {
        VerificationOutcome outcome = result.verification();
        return ActionResult.FAILED.equals(result.status()) && outcome != null && !outcome.isVerified()
                && !outcome.isCommitted();
    }

    private static String outcomeWord(VerificationOutcome outcome) {
        if (outcome.isVerified()) {
            return "verified";
        }
        return outcome.isCommitted() ? "committed_unverified" : "failed";
    }
}
