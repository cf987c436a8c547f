package dev.countersign.core;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * What verification found, never a boolean (docs/graph.md): the postcondition was observed to hold,
 * the action ran without evidence of its effect, or it failed or was contradicted.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "outcome")
@JsonSubTypes({
    @JsonSubTypes.Type(value = VerificationOutcome.Verified.class, name = "verified"),
    @JsonSubTypes.Type(value = VerificationOutcome.CommittedUnverified.class, name = "committed_unverified"),
    @JsonSubTypes.Type(value = VerificationOutcome.Failed.class, name = "failed"),
})
public sealed interface VerificationOutcome {

    @JsonIgnore
    boolean isVerified();

    @JsonIgnore
    boolean isCommitted();


    /** Why the outcome is what it is, for a person. */
    String detail();

    /** The declared postcondition was observed to hold. */
    record Verified(@JsonProperty("detail") String detail) implements VerificationOutcome {
        @Override
        public boolean isVerified() {
            return true;
        }

        @Override
        public boolean isCommitted() {
            return true;
        }

    }

    /** The runtime ran the action; there is no evidence that its postcondition holds. */
    record CommittedUnverified(@JsonProperty("detail") String detail) implements VerificationOutcome {
        @Override
        public boolean isVerified() {
            return false;
        }

        @Override
        public boolean isCommitted() {
            return true;
        }

    }

    /** Not committed, or the evidence contradicts the postcondition. */
    record Failed(@JsonProperty("detail") String detail) implements VerificationOutcome {
        @Override
        public boolean isVerified() {
            return false;
        }

        @Override
        public boolean isCommitted() {
            return false;
        }

    }
}
