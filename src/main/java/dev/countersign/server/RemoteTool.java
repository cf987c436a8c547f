package dev.countersign.server;

import dev.countersign.core.CountersignError;
import java.util.Map;
import java.util.Objects;

/**
 * A tool for one registered remote: another machine's Countersign that this one governs
 * ({@code countersign remote add}). The endpoint owns its schema ({@code action} is
 * {@code observe} or a {@code computer_act} operation; {@code app}, {@code window}, {@code ref}
 * and {@code text} as for the endpoint's own tools), takes the agent from the authenticated
 * connection, and runs it under the agent's lease and the kill switch like every tool.
 */
public interface RemoteTool {
    /** The actions offered: {@code observe}, then the acts. */
    java.util.List<String> ACTIONS = java.util.List.of("observe", "click", "focus", "type", "key", "scroll");

    /** The agent-facing name (lowercase letters, digits, {@code _}); never one of the endpoint's own. */
    String name();

    /** One or two sentences: every byte is paid for by every agent on every connect. */
    String description();

    /** Runs one call that passed the schema; expected refusals are {@link Reply#error()} replies. */
    Reply call(String agentId, Call call);

    /** One checked call; everything but {@code action} may be null. */
    record Call(String action, String app, String window, String ref, String text) {
        public Call {
            Objects.requireNonNull(action, "action");
        }
    }

    /** A JSON answer, or a refusal. */
    record Reply(Map<String, Object> body, CountersignError error) {
        public static Reply ok(Map<String, Object> body) {
            return new Reply(body, null);
        }

        public static Reply refused(CountersignError error) {
            return new Reply(null, error);
        }
    }
}
