package dev.countersign.core;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a caller asks the governed graph to do: who (session, principal, agent — always from the
 * host, never from tool arguments), which tool and operation with which arguments, on which target,
 * with what postcondition, bound to which observation, and for how long the proposal stays valid.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ActionRequest(
        @JsonProperty("session_id") String sessionId,
        @JsonProperty("principal_id") String principalId,
        @JsonProperty("agent_id") String agentId,
        @JsonProperty("execution_group_id") String executionGroupId,
        @JsonProperty("tool") String tool,
        @JsonProperty("operation") String operation,
        @JsonProperty("action_class") String actionClass,
        @JsonProperty("requested_mode") String requestedMode,
        @JsonProperty("arguments") Map<String, Object> arguments,
        @JsonProperty("target") ActionTarget target,
        @JsonProperty("postcondition") ActionPostcondition postcondition,
        @JsonProperty("observation_fingerprint") String observationFingerprint,
        @JsonProperty("validity_ms") long validityMs) {

    public ActionRequest {
        // Sorted so the same arguments always serialize the same way, before JCS sorts them again.
        arguments = arguments == null ? Map.of() : new TreeMap<>(arguments);
    }
}
