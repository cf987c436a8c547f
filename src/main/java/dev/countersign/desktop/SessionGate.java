package dev.countersign.desktop;

import dev.countersign.core.CountersignError;
import java.util.Optional;

/**
 * What the caller of an observation says of the session's state before anything read for it is
 * used: the refusal the agent gets (a locked session, a missing permission), or nothing when the
 * call may go on. See {@link DesktopBackend#resolveForObservation(AppSelector, SessionGate)}.
 */
@FunctionalInterface
public interface SessionGate {
    Optional<CountersignError> problem(SessionState state);
}
