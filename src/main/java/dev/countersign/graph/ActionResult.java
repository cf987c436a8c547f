package dev.countersign.graph;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.countersign.core.CountersignError;
import dev.countersign.core.VerificationOutcome;
import java.util.List;
import java.util.Optional;

/**
 * How one governed action ended. {@code status} is what an agent may rely on:
 * <ul>
 *   <li>{@code confirmed}: evidence shows the postcondition holds ({@link VerificationOutcome.Verified});</li>
 *   <li>{@code unknown}: the action may have run but nothing shows its effect (committed but
 *       unverified, or dispatched with a missing, failed or unbound receipt);</li>
 *   <li>{@code failed}: it did not commit, or the evidence contradicts the postcondition;</li>
 *   <li>{@code rejected}: refused before anything was dispatched.</li>
 * </ul>
 * {@code error} is set whenever something went wrong, including a cleanup failure after success.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ActionResult(
        @JsonProperty("action_id") String actionId,
        @JsonProperty("status") String status,
        @JsonProperty("error") CountersignError error,
        @JsonProperty("verification") VerificationOutcome verification,
        @JsonProperty("approval") ApprovalSummary approval,
        @JsonProperty("args_digest") String argsDigest,
        @JsonProperty("trace") List<Transition> trace) {

    public static final String CONFIRMED = "confirmed";
    public static final String UNKNOWN = "unknown";
    public static final String FAILED = "failed";
    public static final String REJECTED = "rejected";

    public ActionResult {
        trace = List.copyOf(trace);
    }

    /**
     * The status an act ends with: {@code confirmed} only with verified evidence; {@code unknown}
     * when it was committed (or dispatched) without proof; {@code failed} when the evidence
     * contradicts it; {@code rejected} when nothing was dispatched. The graph and a runtime that
     * reports on an act it ran for another Countersign use this one rule.
     */
    public static String statusOf(VerificationOutcome outcome, boolean dispatched) {
        if (outcome != null) {
            if (outcome.isVerified()) {
                return CONFIRMED;
            }
            return outcome.isCommitted() ? UNKNOWN : FAILED;
        }
        return dispatched ? UNKNOWN : REJECTED;
    }

    public Optional<CountersignError> failure() {
        return Optional.ofNullable(error);
    }

    /** Whether approval was required, why, and what the person decided (null when never asked). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ApprovalSummary(
            @JsonProperty("required") boolean required,
            @JsonProperty("category") String category,
            @JsonProperty("decision") String decision) {
    }
}
