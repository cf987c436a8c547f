package dev.countersign.core;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Optional;

/**
 * The one description of a proposed action that every later step is bound to (docs/graph.md). The
 * preview produces it; reservation, lease, approval and receipt are all checked against it.
 *
 * <p>Timestamps stay the strings that travelled: an unparseable one must reach the validator to be
 * refused, not be lost in deserialization.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ActionEnvelope(
        @JsonProperty("action_id") String actionId,
        @JsonProperty("session_id") String sessionId,
        @JsonProperty("execution_group_id") String executionGroupId,
        @JsonProperty("principal_id") String principalId,
        @JsonProperty("agent_id") String agentId,
        @JsonProperty("tool") String tool,
        @JsonProperty("operation") String operation,
        @JsonProperty("action_class") String actionClass,
        @JsonProperty("requested_mode") String requestedMode,
        @JsonProperty("target") ActionTarget target,
        @JsonProperty("postcondition") ActionPostcondition postcondition,
        @JsonProperty("proposed_at") String proposedAt,
        @JsonProperty("expires_at") String expiresAt,
        @JsonProperty("args_digest") String argsDigest) {

    @JsonIgnore
    public Optional<String> group() {
        return Optional.ofNullable(executionGroupId);
    }

    @JsonIgnore
    public Optional<ActionPostcondition> declaredPostcondition() {
        return Optional.ofNullable(postcondition);
    }

    /** The approval route: which tool call an approval for this envelope is valid for. */
    @JsonIgnore
    public String route() {
        return tool + "/" + operation;
    }
}
