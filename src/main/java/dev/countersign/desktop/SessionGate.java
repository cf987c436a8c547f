package dev.countersign.desktop;

import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What the caller of an observation says of the session's state before anything read for it is
 * used: the refusal the agent gets (a locked session, a missing permission), or nothing when the
 * call may go on. See {@link DesktopBackend#resolveForObservation(AppSelector, SessionGate)}.
 */
@FunctionalInterface
public interface SessionGate {
    Optional<CountersignError> problem(SessionState state);

    /**
     * Returns when the call may go on; otherwise throws the gate's refusal, or, for a session
     * that is not available but that the gate lets through, {@code otherwise}'s: no gate can
     * admit reads of a session that is not available.
     */
    default void admit(SessionState state, Supplier<CountersignError> otherwise) {
        Optional<CountersignError> refused = problem(state);
        if (refused.isPresent()) {
            throw new CountersignException(refused.get());
        }
        if (state != SessionState.AVAILABLE) {
            throw new CountersignException(otherwise.get());
        }
    }

    /** {@link #admit(SessionState, Supplier)} with {@code SESSION_LOCKED} naming the state as the last word. */
    default void admit(SessionState state) {
        admit(state, () -> CountersignError.of(ErrorCode.SESSION_LOCKED,
                "the desktop session is " + state.name().toLowerCase(Locale.ROOT)));
    }
}
