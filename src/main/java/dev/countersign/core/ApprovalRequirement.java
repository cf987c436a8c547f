package dev.countersign.core;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * Whether an action needs the person's allowed-once approval, and why: the risk category and
 * the words that matched, bound to the digest of the policy that decided.
 */
public record ApprovalRequirement(
        @JsonProperty("required") boolean required,
        @JsonProperty("category") String category,
        @JsonProperty("matched_words") List<String> matchedWords,
        @JsonProperty("policy_digest") String policyDigest) {

    public ApprovalRequirement {
        matchedWords = matchedWords == null ? List.of() : List.copyOf(matchedWords);
        if (policyDigest == null || policyDigest.isEmpty()) {
            throw new IllegalArgumentException("an approval requirement names the digest of the policy that decided it");
        }
        if (required && (category == null || category.isEmpty())) {
            throw new IllegalArgumentException("a required approval names its risk category");
        }
    }

    public static ApprovalRequirement notRequired(String policyDigest) {
        return new ApprovalRequirement(false, null, List.of(), policyDigest);
    }

    public static ApprovalRequirement required(String category, List<String> matchedWords, String policyDigest) {
        return new ApprovalRequirement(true, category, matchedWords, policyDigest);
    }
}
