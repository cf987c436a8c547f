package dev.countersign.server;

import java.util.List;
import java.util.Map;

/**
 * How the runtime endpoint reaches a governed runtime (SPEC.md §9) without depending on the
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

    /** The operations, in the graph's order. */
    List<String> OPERATIONS = List.of(PREVIEW, RESERVE, RELEASE, LEASE, EXECUTE, VERIFY, PAUSE, STOP);

    /**
     * Runs one operation for {@code governorId} (from the authenticated connection, never from the
     * arguments) and returns its JSON answer as plain values.
     */
    Map<String, Object> call(String governorId, String operation, Map<String, Object> arguments);
}
