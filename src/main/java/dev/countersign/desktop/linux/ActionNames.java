package dev.countersign.desktop.linux;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The action names ({@code Action.GetName(i)}) an observation already read for an element, kept
 * with the {@code GetActions} answer they belong to. The next observation that gets the very same
 * {@code GetActions} answer from the same element reuses them instead of asking once per action
 * again (about a hundred calls of gtk3-widget-factory's ~540; the application answers each in turn).
 *
 * <p>Only observations use it: an act re-reads its element and its action names afresh
 * ({@code AtspiActions.reread}) and performs what those name, so a stale entry could only show in
 * what the agent reads, never decide what an act does (docs/decisions/0009-large-trees.md). An element is
 * its application's unique bus name and object path, never reused while the bus lives.
 */
final class ActionNames {
    /** Enough for every actionable element of several large windows; past it, start over. */
    private static final int MAX_ELEMENTS = 16_384;

    private record Known(List<?> answer, List<String> names) {
    }

    private final Map<AtspiRef, Known> known = new ConcurrentHashMap<>();

    /** The names read before for this element when {@code GetActions} answers exactly as it did then; else null. */
    List<String> names(AtspiRef element, List<?> getActionsAnswer) {
        Known k = known.get(element);
        return k != null && same(k.answer, getActionsAnswer) ? k.names : null;
    }

    void remember(AtspiRef element, List<?> getActionsAnswer, List<String> names) {
        if (known.size() >= MAX_ELEMENTS) {
            known.clear();
        }
        known.put(element, new Known(getActionsAnswer, List.copyOf(names)));
    }

    /** Each action's (localized name, description, key binding), in order. */
    private static boolean same(List<?> a, List<?> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            Object x = a.get(i);
            Object y = b.get(i);
            if (!(x instanceof Object[] && y instanceof Object[] && Arrays.equals((Object[]) x, (Object[]) y))) {
                return false;
            }
        }
        return true;
    }
}
