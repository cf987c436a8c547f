package dev.countersign.app.windows;

import java.time.Instant;
import java.util.List;

/**
 * The agents the person has connected and their bearer tokens, as the tray sees them: list, issue
 * a token (shown once), revoke. The server's token store implements it; tests use a map.
 */
public interface AgentRegistry {

    /** One connected agent; the token itself is never kept in plain text. */
    record Agent(String name, Instant addedAt) {
    }

    /** A freshly issued token: shown to the person once and never again. */
    record IssuedToken(String name, String token) {
        @Override
        public String toString() {
            return "IssuedToken[name=" + name + ", token=(hidden)]";
        }
    }

    List<Agent> agents();

    /**
     * Issues a token for a new agent.
     *
     * @throws IllegalArgumentException when the name is malformed or already taken
     */
    IssuedToken add(String name);

    /** Revokes the agent's token: its next request is answered 401. */
    boolean remove(String name);

    /** Whether a name is acceptable for {@link #add}; empty when it is, else why not. */
    String problemWithName(String name);
}
