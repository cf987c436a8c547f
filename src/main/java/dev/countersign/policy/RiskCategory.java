package dev.countersign.policy;

/**
 * The closed set of reasons an action needs approval (docs/policy.md), in precedence order: when a
 * label matches several categories, the earliest one names the approval.
 *
 * <p>The order puts what cannot be undone first: a deletion or a payment outlives the moment,
 * a publication reaches strangers, a message reaches one recipient, a share grants access that
 * can be revoked. {@link #UNKNOWN_TARGET} is last because it is never chosen by label words.
 */
public enum RiskCategory {
    DELETE("delete"),
    MONEY("money"),
    PUBLISH("publish"),
    SEND("send"),
    SHARE("share"),
    /** Every visual act, unlabeled clicks and key chords whose effect only the focused app knows. */
    UNKNOWN_TARGET("unknown_target");

    private final String wireName;

    RiskCategory(String wireName) {
        this.wireName = wireName;
    }

    /** The stable string that approvals, receipts and the policy file carry. */
    public String wireName() {
        return wireName;
    }
}
