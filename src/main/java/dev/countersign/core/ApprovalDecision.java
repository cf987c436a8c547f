package dev.countersign.core;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * The person's answer to a {@link PendingApproval}, as it flows back from the local UI: allowed
 * once (with the grant that binds it) or refused (denied, expired, or no UI to ask).
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "decision")
@JsonSubTypes({
    @JsonSubTypes.Type(value = ApprovalDecision.AllowedOnce.class, name = "allowed_once"),
    @JsonSubTypes.Type(value = ApprovalDecision.Refused.class, name = "refused"),
})
public sealed interface ApprovalDecision {

    /** The person allowed this one action. */
    record AllowedOnce(@JsonProperty("grant") ApprovalGrant grant) implements ApprovalDecision {
    }

    /**
     * The action may not run: {@code APPROVAL_DENIED}, {@code APPROVAL_EXPIRED} or
     * {@code APPROVAL_UNAVAILABLE}.
     */
    record Refused(@JsonProperty("code") ErrorCode code, @JsonProperty("reason") String reason)
            implements ApprovalDecision {
        public Refused {
            if (code != ErrorCode.APPROVAL_DENIED && code != ErrorCode.APPROVAL_EXPIRED
                    && code != ErrorCode.APPROVAL_UNAVAILABLE) {
                throw new IllegalArgumentException("a refused approval is APPROVAL_DENIED, APPROVAL_EXPIRED or "
                        + "APPROVAL_UNAVAILABLE, not " + code);
            }
        }
    }
}
