package dev.countersign.audit;

/**
 * What an audit record is about, with its stable wire name and whether {@link AuditLog#append}
 * must fsync it before returning.
 *
 * <p>Durability belongs to the kind, not to the caller: approvals, denials and receipts are what
 * an agent is answered with, so they must be on disk before the answer leaves (docs/audit.md), and
 * no call site can forget that. Chatter kinds are written at once but reach the disk with the next
 * durable record (or on close). Add kinds at the end; never rename a wire name once released.
 */
public enum AuditKind {
    APPROVAL_REQUESTED("approval_requested", true),
    APPROVAL_ALLOWED("approval_allowed", true),
    /** The approval was refused: denied, expired or unavailable (the code goes in {@code data}). */
    APPROVAL_DENIED("approval_denied", true),
    /** The agent went away while the person was asked; the dialog was withdrawn, nothing ran. */
    APPROVAL_WITHDRAWN("approval_withdrawn", true),
    RECEIPT("receipt", true),
    AGENT_ADDED("agent_added", true),
    AGENT_REMOVED("agent_removed", true),
    PAUSED("paused", true),
    RESUMED("resumed", true),
    SERVER_STARTED("server_started", true),
    SERVER_STOPPED("server_stopped", true),
    /** An observation was served; frequent and not a decision, so not fsynced on its own. */
    OBSERVED("observed", false),
    /** Written by {@link AuditLog} itself when it truncated a torn final line on open. */
    LOG_RECOVERED("log_recovered", true),
    /** Written by {@link AuditLog} on open when the log ends before its {@link AuditAnchor}: records were cut off. */
    LOG_CUT("log_cut", true),
    /** The person allowed a kind of act for a while (docs/approvals.md): the grant's scope, lifetime and acts. */
    GRANT_CREATED("grant_created", true),
    /** A grant answered for the person: the act it allowed and the acts left. Written before the act runs. */
    GRANT_USED("grant_used", true),
    /** A grant ran its course: it expired or its last act was used. */
    GRANT_ENDED("grant_ended", true),
    /** A grant was ended early: the person revoked it, paused all agents, removed the agent, or quit. */
    GRANT_REVOKED("grant_revoked", true),
    /**
     * An act is about to be dispatched: written and fsynced before anything reaches a desktop, so
     * no act is without its record. Its outcome is the {@code receipt} with the same {@code action_id}.
     */
    INTENT("intent", true),
    /** Written by {@link AuditLog} when it takes records again after a failed write (the disk had filled). */
    LOG_RESUMED("log_resumed", true);

    private final String wire;
    private final boolean durable;

    AuditKind(String wire, boolean durable) {
        this.wire = wire;
        this.durable = durable;
    }

    /** The name written in the record's {@code kind} field. */
    public String wire() {
        return wire;
    }

    /** Whether {@link AuditLog#append} returns only after this record is fsynced. */
    public boolean durable() {
        return durable;
    }
}
