package dev.countersign.driver;

import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.ApprovalGrant;
import dev.countersign.core.CountersignError;
import java.util.Optional;

/**
 * Where an act's intent is recorded before it is dispatched (the app's audit log): the one record
 * without which nothing reaches a desktop. Its outcome is the act's receipt, recorded by whoever
 * answers the agent.
 */
public interface ActJournal {

    /**
     * Records, durably, that the act {@code envelope} describes is about to be dispatched;
     * {@code approval} is what allowed it (null when the policy required none). Returns only once
     * the record is on disk; throws {@link dev.countersign.core.CountersignException} with
     * {@code AUDIT_UNWRITABLE} when it cannot be written, and then nothing may be dispatched.
     */
    void intent(ActionEnvelope envelope, ApprovalGrant approval);

    /** Why the journal takes no records now (its last write failed), or empty when it does; writes nothing. */
    Optional<CountersignError> unwritable();

    /**
     * Why no act may start now — the journal cannot be written, also after trying it once more —
     * or empty when it can. Trying again is how a journal recovers once the disk has room.
     */
    Optional<CountersignError> tryAgain();
}
