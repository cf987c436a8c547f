package dev.countersign.driver;

import dev.countersign.core.ApprovalRequirement;
import dev.countersign.desktop.ElementNode;
import dev.countersign.policy.ActionFacts;
import dev.countersign.policy.Operation;
import dev.countersign.policy.RiskPolicy;
import dev.countersign.policy.ScreenRedactor;
import java.util.Objects;

/**
 * The person's {@link RiskPolicy} as the driver's {@link ApprovalPolicy}: decides from the
 * target's own live labels (name, identifier, description) and the keys, nothing else on screen.
 * The policy is fixed for the life of the driver: an edited policy takes effect on the next start.
 */
public final class PolicyApprovals implements ApprovalPolicy {
    private final RiskPolicy policy;

    public PolicyApprovals(RiskPolicy policy) {
        this.policy = Objects.requireNonNull(policy, "policy");
    }

    @Override
    public ScreenRedactor redactor() {
        return policy.redactor();
    }

    @Override
    public boolean grantable(String category) {
        return policy.grantable(category);
    }

    @Override
    public String currentDigest() {
        return policy.digest().value();
    }

    @Override
    public ApprovalRequirement requirementFor(ActArgs op, ElementNode target) {
        // A refusal (a secure target) throws CountersignException and becomes the act's error.
        return policy.requirement(op.facts(target));
    }

    /** Both elements' own labels in one decision: a drop onto "Trash" asks as delete whatever is dragged. */
    @Override
    public ApprovalRequirement requirementFor(ActArgs op, ElementNode target, ElementNode second) {
        return second == null ? requirementFor(op, target) : policy.requirement(op.facts(target, second));
    }

    /** A key judged by where it lands: the target's states and the landing the driver read. */
    @Override
    public ApprovalRequirement requirementFor(ActArgs op, ElementNode target, ElementNode second,
            ActionFacts.Landing landing) {
        if (second != null || landing == null) {
            return requirementFor(op, target, second);
        }
        ActionFacts facts = op.facts(target);
        return policy.requirement(facts.landing(facts.states(), landing));
    }

    /**
     * The click on the element first (an element whose only action submits is judged as the key it
     * is), then the policy's double-click rule: what it opens or runs.
     */
    @Override
    public ApprovalRequirement requirementForDoubleClick(ElementNode target) {
        ApprovalRequirement click = requirementFor(ActArgs.click(null), target);
        if (click.required()) {
            return click;
        }
        return policy.requirement(ActionFacts.of(Operation.DOUBLE_CLICK, target.role(), target.name(),
                target.identifier(), target.description(), target.secure()).landing(target.states(), null));
    }

    @Override
    public ApprovalRequirement requirementForVisual(VisualArgs.Act op) {
        return policy.requirement(ActionFacts.of(op.operation(), null, null, null, false));
    }
}
