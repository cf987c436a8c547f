package dev.countersign.remote;

import dev.countersign.core.CountersignException;
import dev.countersign.core.DispatchRefusedException;
import java.util.Map;

/**
 * The wire to a runtime that exposes the runtime operations (docs/govern.md): one call, one JSON
 * answer. A refusal the far side reports comes back as a {@link CountersignException} with the far
 * side's code; one it made before dispatch as a {@link DispatchRefusedException}.
 */
public interface RuntimeLink extends AutoCloseable {

    /** Calls the operation named {@code operation} with {@code arguments} and returns the answer's JSON object. */
    Map<String, Object> call(String operation, Map<String, Object> arguments);

    /** Calls {@code op}: its wire name with its wire arguments. */
    default Map<String, Object> call(RuntimeOp op) {
        return call(op.kind().wire(), op.arguments());
    }

    @Override
    void close();
}
