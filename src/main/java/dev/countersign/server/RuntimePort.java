package dev.countersign.server;

import java.util.List;
import java.util.Map;

/**
 * How the runtime endpoint reaches a governed runtime (docs/govern.md) without depending on the
 * package that implements it: the app wires a {@code remote.RuntimeHost} behind it. Only a
 * governing Countersign calls these operations, authenticated by a governor token; agents never
 * see them.
 *
 * <p>An operation reports an expected refusal by throwing
 * {@link dev.countersign.core.CountersignException}; a
 * {@link dev.countersign.core.DispatchRefusedException} from {@code execute_action} says nothing
 * reached the desktop, and travels as such.
 */
public interface RuntimePort {
    String PREVIEW = "preview_action";
    String RESERVE = "reserve_target";
    String RELEASE = "release_target";
    String LEASE = "acquire_lease";
    String EXECUTE = "execute_action";
    String VERIFY = "verify_action";
    String PAUSE = "pause_session";
    String STOP = "emergency_stop";
    /**
     * What the governed desktop shows, for the governing side's agents: its apps and windows
     * (no {@code app}) or one window's observation, under the governed side's own redaction,
     * secure-field and self-window rules, with refs it minted.
     */
    String OBSERVE = "observe";

    /** The operations, in the graph's order, then {@link #OBSERVE}. */
    List<String> OPERATIONS = List.of(PREVIEW, RESERVE, RELEASE, LEASE, EXECUTE, VERIFY, PAUSE, STOP,
            OBSERVE);

    /**
     * Runs one operation for {@code governorId} (from the authenticated connection, never from the
     * arguments) and returns its JSON answer as plain values.
     */
    Map<String, Object> call(String governorId, String operation, Map<String, Object> arguments);
}
