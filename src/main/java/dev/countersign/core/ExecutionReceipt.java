package dev.countersign.core;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Optional;

/**
 * A runtime's account of running an action. {@code committed} says it ran; only the attached
 * {@link ReceiptVerification} can say its effect happened (docs/architecture.md).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ExecutionReceipt(
        @JsonProperty("receipt_id") String receiptId,
        @JsonProperty("session_id") String sessionId,
        @JsonProperty("action_id") String actionId,
        @JsonProperty("action_digest") String actionDigest,
        @JsonProperty("status") String status,
        @JsonProperty("verification") ReceiptVerification verification,
        @JsonProperty("detail") String detail) {

    public static final String COMMITTED = "committed";

    @JsonIgnore
    public boolean isCommitted() {
        return COMMITTED.equals(status);
    }

    @JsonIgnore
    public Optional<ReceiptVerification> evidence() {
        return Optional.ofNullable(verification);
    }

    /** The same receipt carrying other evidence. */
    public ExecutionReceipt withVerification(ReceiptVerification evidence) {
        return new ExecutionReceipt(receiptId, sessionId, actionId, actionDigest, status, evidence, detail);
    }
}
