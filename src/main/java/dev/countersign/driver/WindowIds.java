package dev.countersign.driver;

import dev.countersign.desktop.ElementHandle;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Stable, opaque window ids for agents: the same window keeps its id for the life of the process,
 * and the backend handle behind it never leaves the driver.
 */
final class WindowIds {
    private final Map<ElementHandle, String> ids = new ConcurrentHashMap<>();
    private final Map<String, ElementHandle> handles = new ConcurrentHashMap<>();
    private final Random random;

    WindowIds(Random random) {
        this.random = random;
    }

    String idOf(ElementHandle handle) {
        return ids.computeIfAbsent(handle, h -> {
            String id = "w_" + Refs.token(random, 6);
            handles.put(id, h);
            return id;
        });
    }

    Optional<ElementHandle> handleOf(String id) {
        return Optional.ofNullable(handles.get(id));
    }
}
