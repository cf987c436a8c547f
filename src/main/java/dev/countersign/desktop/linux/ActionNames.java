package dev.countersign.desktop.linux;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The action names ({@code Action.GetName(i)}) an observation already read for an element, kept
 * with the {@code GetActions} answer and the states they belong to. The next observation that gets
 * the very same {@code GetActions} answer from the same element in the same states reuses them
 * instead of asking once per action again (about a hundred calls of gtk3-widget-factory's ~540;
 * the application answers each in turn).
 *
 * <p>Only walks use it (observations, and the snapshots that checks before an act take, which do
 * not look at actions): an act re-reads its element and its action names afresh
 * ({@code AtspiActions.reread}) and performs what those name, so a stale entry could only show in
 * what the agent reads, never decide what an act does (docs/decisions/0009-large-trees.md). An
 * element is its application's unique bus name and object path, never reused while the bus lives.
 */
final class ActionNames {
    /** Enough for every actionable element of several large windows; past it, start over. */
    private static final int MAX_ELEMENTS = 16_384;

    private record Known(List<?> answer, long states, List<String> names) {
    }

    private final Map<AtspiRef, Known> known = new ConcurrentHashMap<>();

    /**
     * The names read before for this element when {@code GetActions} answers exactly as it did then
     * and its states are the same; else null. The states count because some toolkits name an action
     * after the state it changes (a browser's check box: "check", then "uncheck") while its label
     * stays empty.
     */
    List<String> names(AtspiRef element, List<?> getActionsAnswer, long states) {
        Known k = known.get(element);
        return k != null && k.states == states && same(k.answer, getActionsAnswer) ? k.names : null;
    }

    void remember(AtspiRef element, List<?> getActionsAnswer, long states, List<String> names) {
        if (known.size() >= MAX_ELEMENTS) {
            known.clear();
        }
        known.put(element, new Known(getActionsAnswer, states, List.copyOf(names)));
    }

    /** Forgets everything (the bus was reconnected: its unique names are handed out again). */
    void clear() {
        known.clear();
    }

    /** Each action's (localized name, description, key binding), in order. */
    private static boolean same(List<?> a, List<?> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            Object x = a.get(i);
            Object y = b.get(i);
            if (!(x instanceof Object[] xs && y instanceof Object[] ys && Arrays.equals(xs, ys))) {
                return false;
            }
        }
        return true;
    }
}
