package dev.countersign.driver;

import dev.countersign.core.CountersignError;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.ElementHandle;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.SnapshotLimits;
import dev.countersign.desktop.TreeSnapshot;
import dev.countersign.policy.ActionFacts;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Keys in a window whose app never says which of its elements has keyboard focus (GTK 2 with gail,
 * Qt's item views): the window system still proves the keys reach the target's own window, and the
 * policy judges them as reaching an unknown element of it ({@link ActionFacts.UnknownFocus}).
 *
 * <p>Which windows those are is learned, never guessed: a key whose target never reported focus
 * while its window held input focus, and no other element of that window reported it either, marks
 * the window; the next key there is judged as reaching an unknown element, so the person is asked
 * with words that say so. A key whose judgement passes either way (Tab, Escape) needs no such lesson.
 */
final class UnreportedFocus {
    private static final SnapshotLimits WHOLE_WINDOW = new SnapshotLimits(SnapshotLimits.MAX_NODES,
            SnapshotLimits.MAX_DEPTH);
    private static final String FOCUSED = "focused";
    private static final int REMEMBERED = 256;

    /** The windows (by id) whose app did not report focus, most recent last; bounded. */
    private final Map<String, Boolean> silent = Collections.synchronizedMap(
            new LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
                    return size() > REMEMBERED;
                }
            });

    /** Whether a key in {@code windowId} is judged as reaching an unknown element of it. */
    boolean silent(String windowId) {
        return silent.containsKey(windowId);
    }

    void remember(String windowId) {
        silent.put(windowId, Boolean.TRUE);
    }

    /** The window as the policy sees an unknown element of it: its roles, whether read whole, its secure fields. */
    static ActionFacts.UnknownFocus window(List<ElementNode> nodes, boolean truncated) {
        List<String> roles = new ArrayList<>();
        boolean secure = false;
        for (ElementNode node : nodes) {
            roles.add(node.role());
            secure |= node.secure();
        }
        return new ActionFacts.UnknownFocus(roles, !truncated, secure);
    }

    /** What a live read of the target's window says about a key that found focus unreported. */
    sealed interface Live {
        /** No element outside the target reports focus: the app is silent about it. */
        record Silent(ActionFacts.UnknownFocus window) implements Live {
        }

        /** An element outside the target reports focus: the key would land there, not on the target. */
        record Elsewhere(ElementNode focused) implements Live {
        }
    }

    /** Reads the target's whole window live and tells where, if anywhere, it reports focus. */
    static Live read(DriverContext ctx, Observation observation, ElementHandle target) {
        TreeSnapshot live = ctx.backend.snapshot(observation.app, observation.window, WHOLE_WINDOW);
        List<ElementNode> nodes = live.nodes();
        int at = -1;
        for (int i = 0; i < nodes.size() && at < 0; i++) {
            if (nodes.get(i).handle().equals(target)) {
                at = i;
            }
        }
        for (int i = 0; i < nodes.size(); i++) {
            if (nodes.get(i).hasState(FOCUSED) && !within(nodes, i, at)) {
                return new Live.Elsewhere(nodes.get(i));
            }
        }
        return new Live.Silent(window(nodes, live.truncated()));
    }

    /**
     * Lets keys go on to an unknown element of the window judged as {@code judged}, or refuses: the
     * window's input focus is proven by the caller; here, no other element of it reports focus and
     * the window holds no secure field or value control, nor an unread part, it was not judged with.
     */
    static Optional<CountersignError> check(Live live, ActionFacts.UnknownFocus judged) {
        if (live instanceof Live.Elsewhere elsewhere) {
            ElementNode other = elsewhere.focused();
            if (other.secure()) {
                return Optional.of(CountersignError.onField(ErrorCode.SECURE_FIELD_REFUSED, "focus",
                        "a secure field of the window reports keyboard focus; no keys were sent"));
            }
            return Optional.of(CountersignError.onField(ErrorCode.TARGET_CHANGED, "focus",
                    "keyboard focus is on another element of the window (" + other.role() + " \u2018"
                            + other.name() + "\u2019), not the target; no keys were sent"));
        }
        ActionFacts.UnknownFocus now = ((Live.Silent) live).window();
        if (judged == null) {
            return Optional.of(CountersignError.onField(ErrorCode.TARGET_CHANGED, "focus",
                    "the app does not say which element has focus; no keys were sent"));
        }
        if (!now.within(judged)) {
            return Optional.of(CountersignError.onField(now.secureField() && !judged.secureField()
                            ? ErrorCode.SECURE_FIELD_REFUSED : ErrorCode.TARGET_CHANGED, "focus",
                    "the app does not say which element has focus, and its window now holds "
                            + (now.secureField() && !judged.secureField() ? "a secure field"
                            : !now.complete() ? "more than one read covers" : "a control whose value the key changes")
                            + " it did not when the key was judged; no keys were sent"));
        }
        return Optional.empty();
    }

    /** Whether node {@code i} is the element at {@code target} or inside it. */
    private static boolean within(List<ElementNode> nodes, int i, int target) {
        if (target < 0) {
            return false;
        }
        for (int at = i; at >= 0; at = nodes.get(at).parent()) {
            if (at == target) {
                return true;
            }
        }
        return false;
    }
}
