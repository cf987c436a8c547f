package dev.countersign.approval;

import dev.countersign.core.ErrorCode;

/**
 * The person's answer as the UI reports it. Only {@link #ALLOW_ONCE} and {@link #ALLOW_FOR_A_WHILE}
 * let an action run.
 */
public enum Decision {
    /** The person clicked "Allow once". */
    ALLOW_ONCE,
    /**
     * The person clicked the grant button of a request that offered one ({@link ApprovalRequest#offer()}):
     * this act runs, and the driver grants the offer exactly as it made it. For a request that
     * offered none it allows nothing.
     */
    ALLOW_FOR_A_WHILE,
    /** The person clicked "Deny", pressed Esc, closed the dialog or quit. */
    DENY,
    /** Nobody answered before the action's envelope expired. */
    TIMEOUT,
    /** No UI could ask (headless, or the request was withdrawn). */
    UNAVAILABLE;

    /** Whether this answer lets the act asked about run. */
    public boolean allows() {
        return this == ALLOW_ONCE || this == ALLOW_FOR_A_WHILE;
    }

    /** The code of an act the person did not allow with this answer. */
    public ErrorCode refusalCode() {
        switch (this) {
            case DENY: return ErrorCode.APPROVAL_DENIED;
            case TIMEOUT: return ErrorCode.APPROVAL_EXPIRED;
            default: return ErrorCode.APPROVAL_UNAVAILABLE;
        }
    }

    /** What the agent reads when the person did not allow the act with this answer (never an enum name). */
    public String refusal() {
        switch (this) {
            case DENY: return "the person denied this action; nothing was done";
            case TIMEOUT: return "nobody allowed this action before it expired; nothing was done";
            default: return "no one could be asked to allow this action; nothing was done";
        }
    }
}
