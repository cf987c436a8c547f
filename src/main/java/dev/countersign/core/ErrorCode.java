package dev.countersign.core;

/**
 * The one registry of stable error codes that agents, receipts and logs carry.
 *
 * <p>The wire string is the enum name and never changes once released; the default hint tells an
 * agent what to do next. Human messages are separate and may change.
 */
public enum ErrorCode {
    REF_UNKNOWN("observe again and use a ref from your own, fresh observation"),
    REF_EXPIRED("observe again and use a fresh ref"),
    OBSERVATION_CONSUMED("this observation already carried one action; observe again"),
    OBSERVATION_EVICTED("this observation was evicted to stay within your memory budget; observe again"),
    TARGET_CHANGED("the target changed since you observed it; observe again before acting"),
    IDENTITY_MISMATCH("a response did not belong to this action; do not retry it unchanged"),
    SECURE_FIELD_REFUSED("secure fields are out of bounds; ask the person to fill it in themselves"),
    APPROVAL_DENIED("the person denied this action; do not retry it unchanged"),
    APPROVAL_EXPIRED("nobody decided in time; ask the person before retrying"),
    APPROVAL_UNAVAILABLE("no approval UI is available here; this action cannot run unattended"),
    SESSION_LOCKED("the desktop session is locked or unavailable; wait for the person"),
    PERMISSION_MISSING("a required permission is missing; the person must grant it in Countersign"),
    LEASE_INVALID("your lease does not allow this action; ask the person to extend it"),
    RESERVATION_INVALID("the target could not be reserved for you; observe again later"),
    BUDGET_EXHAUSTED("your action budget is used up; ask the person for a new lease"),
    CAPTURE_REJECTED("the capture was blank or unreadable; observe again"),
    INVALID_ARGUMENT("fix the named argument and call again"),
    UNSUPPORTED_PLATFORM("this operation is not available on this platform"),
    AGENT_PAUSED("the person paused all agents; wait until they resume"),
    INTERNAL("an internal error happened; the action's outcome is recorded in the receipt"),
    /** Issue 13: the governor is never governed. Added after wave 1; wire string fixed from here on. */
    TARGET_IS_COUNTERSIGN("Countersign's own windows are never a target, and no input is sent while the person "
            + "is being asked; act on another application, and wait for the person's answer"),
    /**
     * Issue 15: the action ran, and the evidence read back afterwards contradicts its
     * postcondition (a field that stayed empty). Its own outcome, not an internal fault.
     */
    VERIFICATION_FAILED("the action ran but the evidence shows it did not take effect; observe again and check "
            + "before retrying"),
    /**
     * The audit log cannot be written (its disk is full, or a write or fsync failed): nothing is
     * dispatched without its record, so every act is refused until the log takes records again.
     */
    AUDIT_UNWRITABLE("Countersign cannot write its audit log, so nothing was done; wait for the person to free "
            + "disk space, then observe again");

    private final String defaultHint;

    ErrorCode(String defaultHint) {
        this.defaultHint = defaultHint;
    }

    /** What an agent should do next when it meets this code, unless the error carries its own hint. */
    public String defaultHint() {
        return defaultHint;
    }
}
