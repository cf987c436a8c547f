package dev.countersign.driver;

import dev.countersign.core.ApprovalRequirement;
import dev.countersign.desktop.ElementNode;
import dev.countersign.policy.ActionFacts;
import dev.countersign.policy.Operation;
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
    public ApprovalRequirement requirementFor(String op, ElementNode target, String keys) {
        Operation operation = Operation.of("computer_act", op).orElseThrow(() ->
                new IllegalArgumentException("unknown op " + op));
        ActionFacts facts = operation == Operation.KEY
                ? ActionFacts.key(keys, target.role(), target.name(), target.identifier(), target.description(),
                        target.secure())
                : ActionFacts.of(operation, target.name(), target.identifier(), target.description(), target.secure());
        // A refusal (a secure target) throws CountersignException and becomes the act's error.
        return policy.get().requirement(facts);
    }

    @Override
    public ApprovalRequirement requirementForVisual(String op) {
        Operation operation = Operation.of("computer_visual_act", op).orElseThrow(() ->
                new IllegalArgumentException("unknown visual op " + op));
        return policy.get().requirement(ActionFacts.of(operation, null, null, null, false));
    }
}
