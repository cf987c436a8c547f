package dev.countersign.driver;

import dev.countersign.core.ApprovalRequirement;
import dev.countersign.desktop.ElementNode;
import dev.countersign.policy.ActionFacts;
import dev.countersign.policy.ScreenRedactor;
import java.util.List;

/**
 * Decides whether one act needs the person's approval, from the target's live labels (never from
 * other screen text). The policy package implements it; the driver refuses secure targets itself,
 * before asking.
 */
public interface ApprovalPolicy {
    /** An act on an element: the operation and the live target's own labels decide. */
    ApprovalRequirement requirementFor(ActArgs op, ElementNode liveTarget);

    /**
     * An act on two elements (a drag onto {@code liveSecond}); with no second element, as
     * {@link #requirementFor(ActArgs, ElementNode)}. By default each element is judged alone and
     * the act asks when either would (the drop target's reason first), so a policy that knows
     * nothing of second elements never judges a drag by what is dragged alone; the person's policy
     * ({@link PolicyApprovals}) reads both labels at once.
     */
    default ApprovalRequirement requirementFor(ActArgs op, ElementNode liveTarget, ElementNode liveSecond) {
        ApprovalRequirement source = requirementFor(op, liveTarget);
        if (liveSecond == null) {
            return source;
        }
        ApprovalRequirement drop = requirementFor(op, liveSecond);
        return drop.required() || !source.required() ? drop : source;
    }

    /**
     * As {@link #requirementFor(ActArgs, ElementNode, ElementNode)}, with what a key lands on
     * beyond its target ({@link KeyLanding}; null for other acts). By default the landing is not
     * read, so every rule that needs it asks.
     */
    default ApprovalRequirement requirementFor(ActArgs op, ElementNode liveTarget, ElementNode liveSecond,
            ActionFacts.Landing landing) {
        return requirementFor(op, liveTarget, liveSecond);
    }

    /**
     * A double click on an element (a governed server's): never less than a click there. By
     * default a double click the click rule lets pass asks as {@code run} (it may open or run what
     * it lands on), so a policy that knows nothing of double clicks fails closed; the person's
     * policy ({@link PolicyApprovals}) lets one on text or on a button pass as the click does.
     */
    default ApprovalRequirement requirementForDoubleClick(ElementNode liveTarget) {
        ApprovalRequirement click = requirementFor(ActArgs.click(null), liveTarget);
        return click.required() ? click : ApprovalRequirement.required("run", List.of("double-click"), currentDigest());
    }

    /** A coordinate act ({@code click}, {@code drag}, {@code scroll}): there is no element to judge. */
    ApprovalRequirement requirementForVisual(VisualArgs.Act op);

    /**
     * Whether the person may allow acts of {@code category} for a while instead of once
     * (docs/approvals.md). False by default: a policy that says nothing of grants offers none.
     */
    default boolean grantable(String category) {
        return false;
    }

    /** The digest of the policy in force now; grants bound to another digest are refused at dispatch. */
    String currentDigest();

    /** The credentials withheld from every observation (docs/endpoint.md); Countersign's tokens at least. */
    default ScreenRedactor redactor() {
        return ScreenRedactor.TOKENS_ONLY;
    }
}
