package dev.countersign.policy;

/**
 * The closed set of reasons an action needs approval (docs/policy.md), in precedence order: when a
 * label matches several categories, the earliest one names the approval.
 *
 * <p>The order puts what cannot be undone first: a deletion or a payment outlives the moment, as
 * does an account whose recovery address or second factor changed hands, as
 * do changes thrown away unsaved or a file overwritten; a publication reaches strangers, a message
 * reaches one recipient, a share grants access that can be revoked; an install, a program run and
 * a consent given change what may happen next. {@link #CARRY}, {@link #VALUE} and {@link #UNKNOWN_TARGET}
 * are last because they are never chosen by label words.
 */
public enum RiskCategory {
    DELETE("delete"),
    MONEY("money"),
    /**
     * How an account is protected changed: a recovery address, two-step verification, a password
     * reset, mail forwarding. It hands an account to whoever set it, so it comes right after money.
     */
    SECURITY("security"),
    /** Unsaved changes thrown away or a file replaced: "Don't Save", "Close without Saving", "Replace". */
    DISCARD("discard"),
    PUBLISH("publish"),
    SEND("send"),
    SHARE("share"),
    /** Software added: an app, an extension, a plug-in. */
    INSTALL("install"),
    /** A program or a command run: "Run", "Open anyway", Return on a terminal's command line. */
    RUN("run"),
    /** A permission or an agreement given: "Allow", "Accept", "Authorize", "Trust", "Confirm". */
    CONSENT("consent"),
    /**
     * Text an agent read in one application typed into another: the driver's memory of where
     * observed text came from decides, never label words (docs/security.md).
     */
    CARRY("carry"),
    /** A value control (slider, spin button, combo box, radio group) set to another value. */
    VALUE("value"),
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

    /** Whether the policy file lists words for this category (every one but the three never chosen by words). */
    boolean byWords() {
        return this != CARRY && this != VALUE && this != UNKNOWN_TARGET;
    }
}
