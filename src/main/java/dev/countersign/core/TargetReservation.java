package dev.countersign.core;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A per-window hold that stops two agents from mutating the same window at once. Bound to one
 * action through {@code intent_id == action_id}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TargetReservation(
        @JsonProperty("reservation_id") String reservationId,
        @JsonProperty("session_id") String sessionId,
        @JsonProperty("principal_id") String principalId,
        @JsonProperty("agent_id") String agentId,
        @JsonProperty("execution_group_id") String executionGroupId,
        @JsonProperty("intent_id") String intentId,
        @JsonProperty("state") String state,
        @JsonProperty("expires_at") String expiresAt,
        @JsonProperty("scope") ReservationScope scope) {

    public static final String ACTIVE = "active";
}
