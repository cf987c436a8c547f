package dev.countersign.policy;

import dev.countersign.core.ApprovalRequirement;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import java.util.List;
import java.util.Objects;

/**
 * What the policy says about one action: it may run, it needs the person's allowed-once
 * approval, or it is refused outright (no approval can unlock it). Every variant names the
 * digest of the policy that decided.
 */
public sealed interface PolicyDecision {

    /** The digest of the policy that made this decision. */
    PolicyDigest policyDigest();

    /**
     * This decision as the graph's approval requirement. A refusal has no such form: it raises a
     * {@link CountersignException} carrying its error, which the graph turns back into that error
     * value, so a refusal can never pass as "not required".
     */
    ApprovalRequirement toRequirement();

    /** The action may run without asking. */
    record NotRequired(PolicyDigest policyDigest) implements PolicyDecision {
        public NotRequired {
            Objects.requireNonNull(policyDigest, "policyDigest");
        }

        @Override
        public ApprovalRequirement toRequirement() {
            return ApprovalRequirement.notRequired(policyDigest.value());
        }
    }

    /**
     * The action needs approval for {@code category}; {@code matchedWords} say why, in folded form
     * (what matched in the label, or the canonical key chord).
     */
    record Required(RiskCategory category, List<String> matchedWords, PolicyDigest policyDigest)
            implements PolicyDecision {
        public Required {
            Objects.requireNonNull(category, "a required approval names its risk category");
            matchedWords = List.copyOf(matchedWords);
            Objects.requireNonNull(policyDigest, "policyDigest");
        }

        @Override
        public ApprovalRequirement toRequirement() {
            return ApprovalRequirement.required(category.wireName(), matchedWords, policyDigest.value());
        }
    }

    /** The action is refused before any approval, e.g. {@code SECURE_FIELD_REFUSED}. */
    record Refused(CountersignError error, PolicyDigest policyDigest) implements PolicyDecision {
        public Refused {
            Objects.requireNonNull(error, "a refusal carries its error");
            Objects.requireNonNull(policyDigest, "policyDigest");
        }

        @Override
        public ApprovalRequirement toRequirement() {
            throw new CountersignException(error);
        }
    }
}
