package dev.countersign.driver;

import dev.countersign.desktop.AppInfo;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.WindowInfo;
import dev.countersign.vision.Geometry;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One stored observation: what the agent was shown, and the backend handles behind its refs.
 * Kept only in memory; handles never leave the driver.
 */
final class Observation {
    final String id;
    final String agentId;
    final AppInfo app;
    final WindowInfo window;
    final String windowId;
    final List<ElementNode> nodes;
    /** ref → index into {@link #nodes}. */
    final Map<String, Integer> refs;
    final Instant expiresAt;
    /** The view's header as the agent was answered: ids, fingerprint, expiry, truncation; no nodes. */
    final ObservationView view;
    final long bytes;
    /** Geometry of each capture delivered for this observation, by {@code capture_sha256}. */
    final Map<String, Geometry> captures = new ConcurrentHashMap<>();
    private final AtomicBoolean consumed = new AtomicBoolean();
    /** The window-system window the first point check of this observation's act took for the observed one; 0 until then. */
    private final AtomicLong screenWindow = new AtomicLong();

    Observation(String id, String agentId, AppInfo app, WindowInfo window, String windowId, List<ElementNode> nodes,
            Map<String, Integer> refs, Instant expiresAt, ObservationView view, long bytes) {
        this.id = id;
        this.agentId = agentId;
        this.app = app;
        this.window = window;
        this.windowId = windowId;
        this.nodes = List.copyOf(nodes);
        this.refs = Map.copyOf(refs);
        this.expiresAt = expiresAt;
        this.view = view;
        this.bytes = bytes;
    }

    /** The ref the agent was given for the node at {@code index}; null when it was given none. */
    String refOf(int index) {
        return refs.entrySet().stream().filter(e -> e.getValue() == index).map(Map.Entry::getKey).findFirst()
                .orElse(null);
    }

    boolean isExpired(Instant now) {
        return !now.isBefore(expiresAt);
    }

    boolean isConsumed() {
        return consumed.get();
    }

    /**
     * Whether {@code id} is the window-system window this observation's act is bound to: the first
     * point check binds the window it found, and every later check (before the person is asked,
     * right before dispatch) must find that same window. A window laid over the observed one after
     * the first check cannot become "the observed window" by fitting it as well or better.
     */
    boolean boundToScreenWindow(long id) {
        long bound = screenWindow.compareAndExchange(0, id);
        return bound == 0 || bound == id;
    }

    /** Spends the observation; false when another act already did (two acts raced on one observation). */
    boolean consume() {
        return consumed.compareAndSet(false, true);
    }
}
