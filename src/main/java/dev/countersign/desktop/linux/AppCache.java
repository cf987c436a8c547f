package dev.countersign.desktop.linux;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One application's element cache as {@code org.a11y.atspi.Cache.GetItems} returned it: each
 * element's entry and the children the cache knows, in index order. GTK leaves out the children
 * of elements that manage their descendants (long lists and tables); a walker notices that a
 * child count and the cached children disagree and reads those elements itself.
 *
 * <p>The cache files each element under the parent the element names, at the index it gives;
 * where those disagree with the parent's own list, the cached children are wrong even when their
 * count is right. LibreOffice's "Select Range" tip, shown while an address is typed into Calc's
 * Name Box, names the document frame's inner panel as its parent at index -1, while that panel's
 * only child stays the document's root pane (which names another parent): the panel's one cached
 * child was the tip, and a walk lost the whole document. So cached children count as complete
 * only when their indices are exactly 0, 1, 2, … in order.
 */
final class AppCache {
    private static final String PATH = "/org/a11y/atspi/cache";
    private static final String IFACE = "org.a11y.atspi.Cache";
    static final AppCache EMPTY = new AppCache(Map.of(), Map.of());

    private final Map<AtspiRef, Object[]> items;
    private final Map<AtspiRef, List<AtspiRef>> children;

    private AppCache(Map<AtspiRef, Object[]> items, Map<AtspiRef, List<AtspiRef>> children) {
        this.items = items;
        this.children = children;
    }

    /** Reads the cache of the application behind {@code bus}; empty when the application has none. */
    static AppCache load(BusCalls calls, String bus) {
        BusCalls.Reply reply = calls.call(bus, PATH, IFACE, "GetItems", null);
        return reply.ok() ? of((List<?>) reply.value(0)) : EMPTY;
    }

    /** The cache of these {@code GetItems} entries, each {@code ((so)(so)(so)iiassusau)} as dbus-java decodes it raw. */
    static AppCache of(List<?> entries) {
        Map<AtspiRef, Object[]> items = new HashMap<>();
        Map<AtspiRef, List<Object[]>> byParent = new HashMap<>();
        for (Object o : entries) {
            Object[] item = (Object[]) o;
            AtspiRef ref = AtspiRef.fromStruct(item[0]);
            items.put(ref, item);
            byParent.computeIfAbsent(AtspiRef.fromStruct(item[2]), k -> new ArrayList<>()).add(item);
        }
        Map<AtspiRef, List<AtspiRef>> children = new HashMap<>();
        for (Map.Entry<AtspiRef, List<Object[]>> e : byParent.entrySet()) {
            List<Object[]> kids = e.getValue();
            kids.sort(Comparator.comparingInt(item -> (Integer) item[3]));
            List<AtspiRef> refs = new ArrayList<>(kids.size());
            for (Object[] k : kids) {
                refs.add(AtspiRef.fromStruct(k[0]));
            }
            children.put(e.getKey(), refs);
        }
        return new AppCache(items, children);
    }

    /** How many elements the cache describes, in all of the application's windows. */
    int size() {
        return items.size();
    }

    Object[] item(AtspiRef ref) {
        return items.get(ref);
    }

    /** The cached children, only when the cache holds all of them, each at its own index (else null). */
    List<AtspiRef> completeChildren(AtspiRef ref) {
        Object[] item = items.get(ref);
        List<AtspiRef> kids = children.getOrDefault(ref, List.of());
        if (item == null || kids.size() != (Integer) item[4]) {
            return null;
        }
        for (int i = 0; i < kids.size(); i++) {
            if ((Integer) items.get(kids.get(i))[3] != i) {
                return null;
            }
        }
        return kids;
    }

    /** How many elements the subtree under {@code ref} holds, itself included, as far as the cache knows. */
    long subtreeSize(AtspiRef ref) {
        long size = 1;
        List<AtspiRef> kids = children.get(ref);
        if (kids == null) {
            Object[] item = items.get(ref);
            // A long: a spreadsheet's table says it has 2^31 - 1 children.
            return item == null ? 1 : 1L + (Integer) item[4];
        }
        for (AtspiRef k : kids) {
            size += subtreeSize(k);
        }
        return size;
    }
}
