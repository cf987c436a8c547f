package dev.countersign.core;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.EnumSet;
import java.util.Set;

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
     * The action may not run: the person denied it ({@code APPROVAL_DENIED}), nobody decided in
     * time ({@code APPROVAL_EXPIRED}), no UI could ask ({@code APPROVAL_UNAVAILABLE}), or the host
     * consumed the approval because the target changed, the ref expired, the agent's scope was
     * disposed or agents were paused ({@code TARGET_CHANGED}, {@code REF_EXPIRED},
     * {@code REF_UNKNOWN}, {@code AGENT_PAUSED}).
     */
    record Refused(@JsonProperty("code") ErrorCode code, @JsonProperty("reason") String reason)
            implements ApprovalDecision {
        private static final Set<ErrorCode> CODES = EnumSet.of(ErrorCode.APPROVAL_DENIED,
                ErrorCode.APPROVAL_EXPIRED, ErrorCode.APPROVAL_UNAVAILABLE, ErrorCode.TARGET_CHANGED,
                ErrorCode.REF_EXPIRED, ErrorCode.REF_UNKNOWN, ErrorCode.AGENT_PAUSED);

        public Refused {
            if (!CODES.contains(code)) {
                throw new IllegalArgumentException("a refused approval carries one of " + CODES + ", not " + code);
            }
        }
    }
}
