package dev.countersign.driver;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.countersign.core.CountersignError;
import dev.countersign.core.ErrorCode;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The agent-facing receipt of one {@code computer_act} (docs/endpoint.md). {@code status} is
 * {@code confirmed} only with evidence; {@code unknown} when the action may have run but nothing
 * shows its effect; {@code rejected} when nothing was dispatched; {@code failed} when it did not
 * commit or the evidence contradicts it.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Receipt(
        @JsonProperty("receipt_id") String receiptId,
        @JsonProperty("action_id") String actionId,
        @JsonProperty("status") String status,
        @JsonProperty("code") String code,
        @JsonProperty("detail") String detail,
        @JsonProperty("hint") String hint,
        @JsonProperty("verification") VerificationView verification,
        @JsonProperty("approval") ApprovalView approval,
        @JsonProperty("post_observation_id") String postObservationId,
        @JsonProperty("strategy") String strategy,
        @JsonProperty("timings") Map<String, Long> timings) {

    /** What verification found. */
    public record VerificationView(
            @JsonProperty("outcome") String outcome,
            @JsonProperty("detail") String detail) {
    }

    /**
     * Whether approval was required and what the person decided; {@code grant} names the grant for
     * a task that allowed the act (docs/approvals.md), absent when the person allowed it once.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ApprovalView(
            @JsonProperty("required") boolean required,
            @JsonProperty("category") String category,
            @JsonProperty("decision") String decision,
            @JsonProperty("decided_at") String decidedAt,
            @JsonProperty("grant") String grant) {

        /** An approval without a grant. */
        public ApprovalView(boolean required, String category, String decision, String decidedAt) {
            this(required, category, decision, decidedAt, null);
        }
    }

    private static final Logger LOG = LoggerFactory.getLogger(Receipt.class);

    /**
     * The error an agent gets instead of a receipt the audit log could not hold: the act may have
     * run (its intent is in the log), and an agent must never learn of an outcome the log does not
     * record. The receipt is logged here, so its ids are not lost with it.
     */
    public static CountersignError unrecorded(Receipt receipt) {
        LOG.error("the receipt {} of action {} ({}) could not be recorded in the audit log; its intent is there",
                receipt.receiptId(), receipt.actionId(), receipt.status());
        return CountersignError.of(ErrorCode.AUDIT_UNWRITABLE, "the receipt " + receipt.receiptId() + " of action "
                + receipt.actionId() + " could not be recorded in the audit log; treat the action's outcome as unknown");
    }

    /**
     * The fields of this receipt's audit record, in the one shape every path writes: the tool, the
     * ids, the status and code, the verification outcome, the approval decision, the strategy, then
     * what the path adds ({@code extra}: a forwarded act's target, a governor's name).
     */
    public Map<String, Object> auditRecord(String tool, Map<String, Object> extra) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("tool", tool);
        data.put("receipt_id", receiptId);
        data.put("action_id", actionId);
        data.put("status", status);
        if (code != null) {
            data.put("code", code);
        }
        if (verification != null) {
            data.put("verification", verification.outcome());
        }
        if (approval != null) {
            data.put("approval", approval.decision());
            if (approval.grant() != null) {
                data.put("grant", approval.grant());
            }
        }
        if (strategy != null) {
            data.put("strategy", strategy);
        }
        data.putAll(extra);
        return data;
    }

    public boolean isError() {
        return "rejected".equals(status) || "failed".equals(status);
    }
}
