package dev.countersign.core;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A person's standing grant to one agent: which apps and windows, how many actions, until when.
 * As a runtime's response it proves shape only; {@code graph.Binding.validateLease} proves it
 * belongs to the action.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ControlLease(
        @JsonProperty("lease_id") String leaseId,
        @JsonProperty("session_id") String sessionId,
        @JsonProperty("principal_id") String principalId,
        @JsonProperty("agent_id") String agentId,
        @JsonProperty("execution_mode") String executionMode,
        @JsonProperty("state") String state,
        @JsonProperty("expires_at") String expiresAt,
        @JsonProperty("action_budget") int actionBudget,
        @JsonProperty("actions_used") int actionsUsed,
        @JsonProperty("boundaries") LeaseBoundaries boundaries) {

    public static final String ACTIVE = "active";

    public ControlLease {
        if (boundaries == null) {
            boundaries = LeaseBoundaries.unscoped();
        }
    }
}
