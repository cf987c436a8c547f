package dev.countersign.core;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Optional;

/**
 * What must hold after the action for it to count as verified. A postcondition either declares a
 * digest ({@code value_digest} or {@code content_digest}: verification needs an equal observed
 * digest) or is existence-only (verification needs an explicit {@code satisfied: true}).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ActionPostcondition(
        @JsonProperty("kind") String kind,
        @JsonProperty("exists") Boolean exists,
        @JsonProperty("value_digest") String valueDigest,
        @JsonProperty("content_digest") String contentDigest) {

    public ActionPostcondition {
        if (kind == null || kind.isBlank()) {
            throw new IllegalArgumentException("a postcondition names its kind (e.g. \"ui_element\")");
        }
        if (valueDigest != null && contentDigest != null) {
            throw new IllegalArgumentException("a postcondition declares at most one of value_digest and content_digest");
        }
    }

    /** The digest the evidence must match, when this postcondition declares one. */
    @JsonIgnore
    public Optional<String> expectedDigest() {
        return Optional.ofNullable(valueDigest != null ? valueDigest : contentDigest);
    }
}
