package dev.countersign.approval;

import dev.countersign.core.CountersignException;
import java.time.Duration;

/**
 * The caller's view of an act that waits for the person: told before the person is asked and
 * once they decided (both before anything is dispatched, so a host can make them durable first),
 * and polled while the wait lasts so that a caller who went away withdraws the request.
 *
 * <p>{@link #asking} and {@link #decided} may throw {@link CountersignException}: the approval is
 * then refused ({@code APPROVAL_UNAVAILABLE}) and nothing is dispatched, because a decision the
 * host could not record must not take effect.
 */
public interface ApprovalWatch {

    /** Watches nothing: the act waits until the person decides or the request expires. */
    ApprovalWatch NONE = new ApprovalWatch() {
    };

    /** How often {@link #keepWaiting} is polled while the person has not decided. */
    default Duration tick() {
        return Duration.ofSeconds(1);
    }

    /** The person is about to be asked this request. */
    default void asking(ApprovalRequest request) {
    }

    /**
     * Polled about every {@link #tick()} while the person has not decided; returning false
     * withdraws the request from the person and refuses the act without dispatching anything.
     */
    default boolean keepWaiting(Duration waited, Duration left) {
        return true;
    }

    /** Why the request was withdrawn once {@link #keepWaiting} said to stop; the refusal's detail. */
    default String withdrawnBecause() {
        return "the agent went away while the person was asked; the request was withdrawn and nothing was done";
    }

    /** The person's decision (or the timeout, or the withdrawal), before anything is dispatched. */
    default void decided(ApprovalRequest request, Decision decision, boolean withdrawn) {
    }
}
