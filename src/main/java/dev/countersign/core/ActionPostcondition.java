package dev.countersign.core;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Optional;

/**
 * What must hold after the action for it to count as verified. A postcondition either declares a
 * digest ({@code value_digest} or {@code content_digest}: verification needs an equal observed
 * digest) or is existence-only (verification needs an explicit {@code satisfied: true}).
 *
 * <p>It may name another element of the same window whose change is the evidence ({@code element},
 * the identity the agent saw, its ref only as a digest) and which of its properties must change
 * ({@code change}); a declared digest is then compared with that property as it reads afterwards.
 * Both are part of the envelope, so the digest the person approves covers them.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ActionPostcondition(
        @JsonProperty("kind") String kind,
        @JsonProperty("exists") Boolean exists,
        @JsonProperty("value_digest") String valueDigest,
        @JsonProperty("content_digest") String contentDigest,
        @JsonProperty("element") ElementEvidence element,
        @JsonProperty("change") String change) {

    /** The properties of a declared element whose change can be the evidence. */
    public static final List<String> CHANGES = List.of("value", "name", "states");

    public ActionPostcondition {
        if (kind == null || kind.isBlank()) {
            throw new IllegalArgumentException("a postcondition names its kind (e.g. \"ui_element\")");
        }
        if (valueDigest != null && contentDigest != null) {
            throw new IllegalArgumentException("a postcondition declares at most one of value_digest and content_digest");
        }
        if ((element == null) != (change == null) || change != null && !CHANGES.contains(change)) {
            throw new IllegalArgumentException("a declared element comes with the change to watch (value, name or states)");
        }
    }

    /** A postcondition on the action's own target. */
    public ActionPostcondition(String kind, Boolean exists, String valueDigest, String contentDigest) {
        this(kind, exists, valueDigest, contentDigest, null, null);
    }

    /** The digest the evidence must match, when this postcondition declares one. */
    @JsonIgnore
    public Optional<String> expectedDigest() {
        return Optional.ofNullable(valueDigest != null ? valueDigest : contentDigest);
    }
}
