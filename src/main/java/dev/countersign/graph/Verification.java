package dev.countersign.graph;

import dev.countersign.core.ActionPostcondition;
import dev.countersign.core.ExecutionReceipt;
import dev.countersign.core.ReceiptVerification;
import dev.countersign.core.VerificationOutcome;
import java.util.Optional;

/**
 * Classifies a receipt's evidence against the declared postcondition (docs/graph.md evidence table).
 * Absence of evidence is never evidence of success.
 *
 * <table>
 *   <tr><th>receipt evidence</th><th>outcome</th></tr>
 *   <tr><td>not committed</td><td>Failed</td></tr>
 *   <tr><td>no verification object</td><td>CommittedUnverified</td></tr>
 *   <tr><td>{@code satisfied: false}</td><td>Failed</td></tr>
 *   <tr><td>observed digest equals the declared digest</td><td>Verified</td></tr>
 *   <tr><td>observed digest differs</td><td>Failed</td></tr>
 *   <tr><td>digest declared, none observed</td><td>CommittedUnverified</td></tr>
 *   <tr><td>existence-only, {@code satisfied: true}</td><td>Verified</td></tr>
 *   <tr><td>existence-only, no explicit {@code satisfied}</td><td>CommittedUnverified</td></tr>
 * </table>
 */
public final class Verification {
    private Verification() {
    }

    public static VerificationOutcome classify(ActionPostcondition postcondition, ExecutionReceipt receipt) {
        VerificationOutcome outcome = decide(postcondition, receipt);
        // Keep what the evidence itself said (e.g. "states changed: +[checked]") next to the verdict.
        String seen = receipt.evidence().map(ReceiptVerification::detail).orElse(null);
        if (seen == null || seen.isBlank()) {
            return outcome;
        }
        String detail = outcome.detail() + " (" + seen + ")";
        if (outcome instanceof VerificationOutcome.Verified) {
            return new VerificationOutcome.Verified(detail);
        }
        return outcome instanceof VerificationOutcome.Failed ? new VerificationOutcome.Failed(detail)
                : new VerificationOutcome.CommittedUnverified(detail);
    }

    private static VerificationOutcome decide(ActionPostcondition postcondition, ExecutionReceipt receipt) {
        if (!receipt.isCommitted()) {
            return new VerificationOutcome.Failed("the runtime did not commit the action (status: "
                    + receipt.status() + ")");
        }
        Optional<ReceiptVerification> evidence = receipt.evidence();
        if (evidence.isEmpty()) {
            return new VerificationOutcome.CommittedUnverified("the receipt carries no verification evidence");
        }
        ReceiptVerification seen = evidence.get();
        if (Boolean.FALSE.equals(seen.satisfied())) {
            return new VerificationOutcome.Failed("the postcondition was observed not to hold");
        }
        if (postcondition == null) {
            return new VerificationOutcome.CommittedUnverified("no postcondition was declared, so nothing could be verified");
        }
        Optional<String> expected = postcondition.expectedDigest();
        if (expected.isPresent()) {
            if (seen.observedDigest() == null) {
                return new VerificationOutcome.CommittedUnverified(
                        "a digest was declared but the evidence observed none");
            }
            return expected.get().equals(seen.observedDigest())
                    ? new VerificationOutcome.Verified("the observed digest equals the declared digest")
                    : new VerificationOutcome.Failed("the observed digest differs from the declared digest");
        }
        return Boolean.TRUE.equals(seen.satisfied())
                ? new VerificationOutcome.Verified("the postcondition was observed to hold")
                : new VerificationOutcome.CommittedUnverified("the evidence does not say the postcondition holds");
    }
}
