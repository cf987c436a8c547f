package dev.countersign.driver;

import dev.countersign.core.ApprovalRequirement;
import dev.countersign.desktop.ElementNode;
import dev.countersign.policy.ActionFacts;
import dev.countersign.policy.RiskPolicy;

/**
 * The person's {@link RiskPolicy} as the driver's {@link ApprovalPolicy}: decides from the
 * target's own live labels (name, identifier, description) and the keys, nothing else on screen.
 */
public final class PolicyApprovals implements ApprovalPolicy {
    private final java.util.concurrent.atomic.AtomicReference<RiskPolicy> policy;

    public PolicyApprovals(RiskPolicy policy) {
        this.policy = new java.util.concurrent.atomic.AtomicReference<>(policy);
    }

    /** Puts an edited policy in force; approvals granted under the old one stop counting. */
    public void replace(RiskPolicy edited) {
        policy.set(edited);
    }

    @Override
    public dev.countersign.policy.ScreenRedactor redactor() {
        return policy.get().redactor();
    }

    @Override
    public String currentDigest() {
        return policy.get().digest().value();
    }

    @Override
    public ApprovalRequirement requirementFor(ActArgs op, ElementNode target) {
        // A refusal (a secure target) throws CountersignException and becomes the act's error.
        return policy.get().requirement(op.facts(target));
    }

    @Override
    public ApprovalRequirement requirementForVisual(VisualArgs.Act op) {
        return policy.get().requirement(ActionFacts.of(op.operation(), null, null, null, false));
    }
}
