package dev.countersign.desktop.macos;

import dev.countersign.desktop.SessionState;
import java.util.Map;

/**
 * Reads the session state from {@code CGSessionCopyCurrentDictionary}. The keys are the
 * {@code CFSTR} values of {@code CGSession.h} (note the double S of the console key) plus the
 * undocumented {@code CGSSessionScreenIsLocked}, present and true only while the screen is locked.
 */
final class SessionDictionary {
    static final String ON_CONSOLE = "kCGSSessionOnConsoleKey";
    static final String LOGIN_DONE = "kCGSessionLoginDoneKey";
    static final String SCREEN_LOCKED = "CGSSessionScreenIsLocked";

    private SessionDictionary() {
    }

    /**
     * The state for a session dictionary; null (no GUI session: ssh, a daemon) is UNKNOWN. Not on
     * the console (fast user switching moved the person away) or not logged in yet counts as
     * locked: nobody is at this session to see what an agent does.
     */
    static SessionState state(Map<String, Object> session) {
        if (session == null) {
            return SessionState.UNKNOWN;
        }
        if (Boolean.TRUE.equals(session.get(SCREEN_LOCKED))) {
            return SessionState.LOCKED;
        }
        if (!Boolean.TRUE.equals(session.get(ON_CONSOLE))) {
            return SessionState.LOCKED;
        }
        if (Boolean.FALSE.equals(session.get(LOGIN_DONE))) {
            return SessionState.LOCKED;
        }
        return SessionState.AVAILABLE;
    }

    /** Why a state is not available, for the refusal's message. */
    static String why(Map<String, Object> session) {
        if (session == null) {
            return "there is no window-server session (CGSessionCopyCurrentDictionary returned nothing)";
        }
        if (Boolean.TRUE.equals(session.get(SCREEN_LOCKED))) {
            return "the screen is locked";
        }
        if (!Boolean.TRUE.equals(session.get(ON_CONSOLE))) {
            return "this session is not on the console (another user is active)";
        }
        return "the login has not finished";
    }
}
