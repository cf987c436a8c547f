package dev.countersign.arch;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * docs/architecture.md's package map as data, the one place it is written: each top-level package and the
 * project packages it may depend on. {@link PackageMapTest} builds its layer rule from it and
 * checks the table in docs/architecture.md against it.
 */
final class PackageMap {
    static final List<String> LEAVES = List.of("graph", "policy", "desktop", "vision", "approval", "audit");

    /** Package → the packages it may depend on (besides itself), in the order the doc lists them. */
    static final Map<String, Set<String>> MAY_DEPEND_ON = build();

    private PackageMap() {
    }

    private static Map<String, Set<String>> build() {
        Map<String, Set<String>> map = new LinkedHashMap<>();
        map.put("core", Set.of());
        for (String leaf : LEAVES) {
            map.put(leaf, Set.of("core"));
        }
        map.put("driver", Set.of("core", "graph", "policy", "desktop", "vision", "approval"));
        map.put("server", Set.of("core", "driver", "approval", "audit", "remote", "govern"));
        // bridge: the stdio bridge client shares nothing with the endpoint it dials but the wire.
        map.put("bridge", Set.of());
        map.put("script", Set.of("core", "driver", "approval"));
        map.put("govern", Set.of("core", "policy", "desktop", "vision", "driver", "approval"));
        // remote: graph (the runtime interface and the binding checks), driver (the run owner that
        // carries its acts, the hosted acts it serves), approval (the watch on a carried act's
        // question), audit (the governed side records governed acts).
        map.put("remote", Set.of("core", "graph", "driver", "approval", "audit"));
        map.put("app", Set.of("core", "policy", "desktop", "vision", "approval", "audit", "driver", "server",
                "script", "govern", "remote", "bridge"));
        return Collections.unmodifiableMap(map);
    }
}
