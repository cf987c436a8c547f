package dev.countersign.core;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What the agent saw of the target element when it asked to act: the identity the execute step
 * re-checks right before dispatch. {@code refDigest} binds the opaque ref without revealing it.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ElementEvidence(
        @JsonProperty("ref_digest") String refDigest,
        @JsonProperty("role") String role,
        @JsonProperty("subrole") String subrole,
        @JsonProperty("name") String name,
        @JsonProperty("description") String description,
        @JsonProperty("identifier") String identifier,
        @JsonProperty("frame") Rect frame,
        @JsonProperty("secure") boolean secure) {
}
