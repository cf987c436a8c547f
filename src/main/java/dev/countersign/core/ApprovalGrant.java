package dev.countersign.core;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * An allowed-once approval given by the person in the local UI. It names exactly one authority
 * source: a grant id issued by the host, or an approval the runtime holds itself
 * ({@code runtime_approval_id}); it is bound to the route, the action digest, the policy digest
 * and the single-use nonce of the request it answers.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ApprovalGrant(
        @JsonProperty("grant_id") String grantId,
        @JsonProperty("runtime_approval_id") String runtimeApprovalId,
        @JsonProperty("action_id") String actionId,
        @JsonProperty("route") String route,
        @JsonProperty("action_digest") String actionDigest,
        @JsonProperty("policy_digest") String policyDigest,
        @JsonProperty("nonce") String nonce,
        @JsonProperty("decided_at") String decidedAt) {

    /** How many authority sources this grant names; a valid grant names exactly one. */
    @JsonIgnore
    public int authoritySources() {
        return (grantId == null || grantId.isEmpty() ? 0 : 1)
                + (runtimeApprovalId == null || runtimeApprovalId.isEmpty() ? 0 : 1);
    }
}
