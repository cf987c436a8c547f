package dev.countersign.desktop;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * A bounded read of one window's tree: nodes in pre-order (the window itself first, depth 0), and
 * an honest account of what was left out, by reason.
 *
 * <p>Two kinds of omission: the bounds cut ({@link #MAX_NODES}, {@link #MAX_DEPTH}) — then
 * {@code truncated} is true, because something a person could see may be missing — and elements
 * left out on purpose because nobody can see them ({@link #CLOSED_MENU}, {@link #HIDDEN},
 * {@link #OFFSCREEN}), which do not make a snapshot truncated. {@code omittedCount} is the sum
 * over every reason.
 */
public record TreeSnapshot(AppInfo app, WindowInfo window, List<ElementNode> nodes, boolean truncated,
                           int omittedCount, Map<String, Integer> omittedByReason) {

    /** Cut by the node bound. */
    public static final String MAX_NODES = "max_nodes";
    /** Cut by the depth bound. */
    public static final String MAX_DEPTH = "max_depth";
    /** Items of a menu that is not open. */
    public static final String CLOSED_MENU = "closed_menu";
    /** Not showing: a hidden page, toolbar, document or tab. */
    public static final String HIDDEN = "hidden";
    /** Showing by its states but placed off screen. */
    public static final String OFFSCREEN = "offscreen";

    private static final Set<String> BOUNDS = Set.of(MAX_NODES, MAX_DEPTH);
    private static final Set<String> REASONS = Set.of(MAX_NODES, MAX_DEPTH, CLOSED_MENU, HIDDEN, OFFSCREEN);

    public TreeSnapshot {
        Objects.requireNonNull(app, "app");
        Objects.requireNonNull(window, "window");
        nodes = List.copyOf(nodes);
        omittedByReason = Map.copyOf(omittedByReason);
        if (omittedCount < 0) {
            throw new IllegalArgumentException("omitted count is not negative, got " + omittedCount);
        }
        int sum = 0;
        int cut = 0;
        for (Map.Entry<String, Integer> e : omittedByReason.entrySet()) {
            if (!REASONS.contains(e.getKey()) || e.getValue() <= 0) {
                throw new IllegalArgumentException("an omission reason is one of " + REASONS + " with a positive count, got "
                        + e.getKey() + "=" + e.getValue());
            }
            sum += e.getValue();
            cut += BOUNDS.contains(e.getKey()) ? e.getValue() : 0;
        }
        if (sum != omittedCount) {
            throw new IllegalArgumentException("omitted count is the sum over its reasons, got " + omittedCount + " vs " + sum);
        }
        if (truncated != (cut > 0)) {
            throw new IllegalArgumentException("truncated must be true exactly when the bounds cut nodes");
        }
    }

    /**
     * The same read with its nodes replaced one for one (a wrapper's judgement of them): the
     * bounds' cut and the omissions by reason stay as the backend counted them.
     */
    public TreeSnapshot withNodes(List<ElementNode> judged) {
        if (judged.size() != nodes.size()) {
            throw new IllegalArgumentException("withNodes replaces nodes one for one");
        }
        return new TreeSnapshot(app, window, judged, truncated, omittedCount, omittedByReason);
    }

    /** A snapshot whose only omissions are the bounds' cut, counted as {@link #MAX_NODES}. */
    public TreeSnapshot(AppInfo app, WindowInfo window, List<ElementNode> nodes, boolean truncated, int omittedCount) {
        this(app, window, nodes, truncated, omittedCount,
                omittedCount > 0 ? Map.of(MAX_NODES, omittedCount) : Map.of());
    }

    /** The omissions in a stable order, for the wire. */
    public Map<String, Integer> omittedSorted() {
        return new TreeMap<>(omittedByReason);
    }
}
