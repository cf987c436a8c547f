package dev.countersign.core;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * An approval the graph is waiting for: everything the person is asked about and everything the
 * answer must be bound to. The nonce is single-use: a decision for another nonce is not an answer.
 */
public record PendingApproval(
        @JsonProperty("action_id") String actionId,
        @JsonProperty("agent_id") String agentId,
        @JsonProperty("route") String route,
        @JsonProperty("action_digest") String actionDigest,
        @JsonProperty("policy_digest") String policyDigest,
        @JsonProperty("category") String category,
        @JsonProperty("matched_words") List<String> matchedWords,
        @JsonProperty("nonce") String nonce,
        @JsonProperty("expires_at") String expiresAt) {

    public PendingApproval {
        matchedWords = matchedWords == null ? List.of() : List.copyOf(matchedWords);
    }
}
