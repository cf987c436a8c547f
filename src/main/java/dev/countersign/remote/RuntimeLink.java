package dev.countersign.remote;

import java.util.Map;

/**
 * The wire to a runtime that exposes the runtime operations (docs/govern.md): one call, one JSON
 * answer. A refusal the far side reports comes back as a
 * {@link dev.countersign.core.CountersignException} with the far side's code; one it made before
 * dispatch as a {@link dev.countersign.core.DispatchRefusedException}.
 */
public interface RuntimeLink extends AutoCloseable {

    /** Calls {@code operation} with {@code arguments} and returns the answer's JSON object. */
    Map<String, Object> call(String operation, Map<String, Object> arguments);

    @Override
    void close();
}
