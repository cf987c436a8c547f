package dev.countersign.driver;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.countersign.core.CountersignError;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.SnapshotLimits;
import java.util.Optional;

/**
 * The arguments of {@code computer_observe} (docs/endpoint.md). Absent numbers take their defaults;
 * {@link #validate()} names the first field out of range.
 *
 * @param app the application: its name (Linux) or bundle id (macOS), or its pid as digits; null
 *     for the frontmost application
 * @param window a window id from an earlier observation; null for the app's active window
 */
public record ObserveArgs(
        @JsonProperty("app") String app,
        @JsonProperty("window") String window,
        @JsonProperty("max_nodes") Integer maxNodes,
        @JsonProperty("max_depth") Integer maxDepth,
        @JsonProperty("ttl_ms") Integer ttlMs) {

    public static final int DEFAULT_MAX_NODES = 400;
    public static final int DEFAULT_MAX_DEPTH = 8;
    public static final int DEFAULT_TTL_MS = 15_000;
    public static final int MIN_TTL_MS = 1_000;
    public static final int MAX_TTL_MS = 30_000;

    /**
     * One window whole, as one observation may hold it, kept as long as any: what a governed act
     * is matched against, so that one match proves the element unique unless the window is cut.
     */
    public static ObserveArgs whole(String app, String window) {
        return new ObserveArgs(app, window, SnapshotLimits.MAX_NODES, SnapshotLimits.MAX_DEPTH, MAX_TTL_MS);
    }

    public int nodes() {
        return maxNodes == null ? DEFAULT_MAX_NODES : maxNodes;
    }

    public int depth() {
        return maxDepth == null ? DEFAULT_MAX_DEPTH : maxDepth;
    }

    public int ttl() {
        return ttlMs == null ? DEFAULT_TTL_MS : ttlMs;
    }

    /** The first argument that is out of its range, if any. */
    public Optional<CountersignError> validate() {
        if (nodes() < 1 || nodes() > SnapshotLimits.MAX_NODES) {
            return invalid("max_nodes", "max_nodes is 1-" + SnapshotLimits.MAX_NODES);
        }
        if (depth() < 1 || depth() > SnapshotLimits.MAX_DEPTH) {
            return invalid("max_depth", "max_depth is 1-" + SnapshotLimits.MAX_DEPTH);
        }
        if (ttl() < MIN_TTL_MS || ttl() > MAX_TTL_MS) {
            return invalid("ttl_ms", "ttl_ms is 1000-30000");
        }
        if (app != null && app.isBlank()) {
            return invalid("app", "app is an application name, bundle id or pid; omit it for the frontmost app");
        }
        if (window != null && window.isBlank()) {
            return invalid("window", "window is a window id from an observation; omit it for the active window");
        }
        return Optional.empty();
    }

    static Optional<CountersignError> invalid(String field, String message) {
        return Optional.of(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, field, message));
    }
}
