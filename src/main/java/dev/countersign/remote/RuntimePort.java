package dev.countersign.remote;

import java.util.Map;

/**
 * The governed side of the runtime operations (docs/govern.md): what the runtime endpoint serves
 * to a governing Countersign, authenticated by a governor token; agents never see it. The app
 * wires a {@link RuntimeHost} behind it.
 *
 * <p>An operation reports an expected refusal by throwing
 * {@link dev.countersign.core.CountersignException}; a
 * {@link dev.countersign.core.DispatchRefusedException} from {@link RuntimeOp.Execute} says nothing
 * reached the desktop, and travels as such.
 */
public interface RuntimePort {

    /**
     * Runs {@code op} for {@code governorId} (from the authenticated connection, never from the
     * arguments) and returns its JSON answer as plain values.
     */
    Map<String, Object> call(String governorId, RuntimeOp op);
}
