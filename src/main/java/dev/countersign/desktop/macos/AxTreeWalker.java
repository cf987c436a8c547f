package dev.countersign.desktop.macos;

import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.SnapshotLimits;
import dev.countersign.desktop.TreeSnapshot;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * A bounded walk of one window's tree over {@link AxCalls}: elements are kept breadth-first up to
 * {@code maxNodes} (so a cut removes the deepest, last ones), nothing below {@code maxDepth} is
 * read, and the output is pre-order with parent indices, the window first.
 *
 * <p>A table is read by what is in view: its {@code AXVisibleRows} (after its {@code AXHeader}),
 * or for a cell-based table its {@code AXVisibleCells}, never its {@code AXChildren} or
 * {@code AXRows}, which for a spreadsheet or a long list are millions of elements the application
 * would build; the rows out of view are counted as off screen from {@code AXRowCount}. Any other
 * collection ({@link AxNames#COLLECTIONS}) is counted first, and past {@link #LARGE} children read
 * by its {@code AXVisibleChildren}, or else by its first children as far as the node bound allows
 * ({@code AXUIElementCopyAttributeValues}), the rest counted as cut.
 *
 * <p>The omitted counts are by reason: exact at the depth bound (one
 * {@code AXUIElementGetAttributeValueCount} per cut element) and at least the cut children at the
 * node bound, since reading their subtrees just to count them would defeat the bound.
 */
final class AxTreeWalker<E> {
    /** More children than the largest snapshot could keep: such a collection is read by what is in view. */
    static final int LARGE = SnapshotLimits.MAX_NODES;
    /** The most one reason's count says: "at least this many" past it, as on Linux. */
    static final int COUNT_CAP = (1 << 28) - 1;

    private final AxCalls<E> calls;
    private final ElementReader<E> reader;
    private final AxElementMapper mapper;

    AxTreeWalker(AxCalls<E> calls, AxElementMapper mapper) {
        this.calls = calls;
        this.reader = new ElementReader<>(calls);
        this.mapper = mapper;
    }

    /** What a walk found: nodes in pre-order, what it left out by reason, and why the window itself is gone (or null). */
    record Result(List<ElementNode> nodes, Map<String, Integer> omitted, String windowGone) {
        int omittedTotal() {
            return omitted.values().stream().mapToInt(Integer::intValue).sum();
        }

        /** Whether the bounds cut anything (not what was out of view). */
        boolean truncated() {
            return omitted.containsKey(TreeSnapshot.MAX_NODES) || omitted.containsKey(TreeSnapshot.MAX_DEPTH);
        }
    }

    private static final class Kept<E> {
        final E element;
        final int depth;
        final int bfsParent;
        ElementReader.Read read;

        Kept(E element, int depth, int bfsParent) {
            this.element = element;
            this.depth = depth;
            this.bfsParent = bfsParent;
        }
    }

    /** The children a walk goes on with, and how many it left out off screen or cut while choosing them. */
    private record Children<E>(List<E> elements, long offscreen, long cut) {
    }

    Result walk(E window, SnapshotLimits limits) {
        List<Kept<E>> kept = new ArrayList<>();
        kept.add(new Kept<>(window, 0, -1));
        Map<String, Long> omitted = new TreeMap<>();
        for (int i = 0; i < kept.size(); i++) {
            Kept<E> k = kept.get(i);
            k.read = reader.read(k.element);
            if (k.read.gone()) {
                if (i == 0) {
                    return new Result(List.of(), Map.of(), k.read.goneReason());
                }
                continue;
            }
            if (k.depth >= limits.maxDepth()) {
                add(omitted, TreeSnapshot.MAX_DEPTH, count(k.element));
                continue;
            }
            Children<E> children = children(k, limits.maxNodes() - kept.size());
            add(omitted, TreeSnapshot.OFFSCREEN, children.offscreen());
            add(omitted, TreeSnapshot.MAX_NODES, children.cut());
            for (E child : children.elements()) {
                if (kept.size() < limits.maxNodes()) {
                    kept.add(new Kept<>(child, k.depth + 1, i));
                } else {
                    add(omitted, TreeSnapshot.MAX_NODES, 1);
                }
            }
        }
        Map<String, Integer> counts = new TreeMap<>();
        omitted.forEach((reason, n) -> counts.put(reason, (int) Math.min(n, COUNT_CAP)));
        return new Result(preorder(kept), counts, null);
    }

    /**
     * The children to go on with: a table's in view, a large collection's in view (or its first
     * {@code room}), anything else's all.
     */
    private Children<E> children(Kept<E> k, int room) {
        String role = AxElementMapper.string(k.read.attributes(), AxNames.ROLE);
        if (AxNames.table(role)) {
            List<E> rows = optional(() -> calls.elementsIfAny(k.element, AxNames.VISIBLE_ROWS));
            if (rows != null) {
                List<E> out = new ArrayList<>(rows.size() + 1);
                E header = optional(() -> calls.elementIfAny(k.element, AxNames.HEADER));
                if (header != null) {
                    out.add(header);
                }
                out.addAll(rows);
                long all = number(k.element, AxNames.ROW_COUNT);
                return new Children<>(out, Math.max(0, all - rows.size()), 0);
            }
            List<E> cells = optional(() -> calls.elementsIfAny(k.element, AxNames.VISIBLE_CELLS));
            if (cells != null) {
                long all = number(k.element, AxNames.ROW_COUNT) * number(k.element, AxNames.COLUMN_COUNT);
                return new Children<>(cells, Math.max(0, all - cells.size()), 0);
            }
        }
        if (AxNames.collection(role)) {
            int all = count(k.element);
            if (all > LARGE) {
                List<E> visible = optional(() -> calls.elementsIfAny(k.element, AxNames.VISIBLE_CHILDREN));
                if (visible != null) {
                    return new Children<>(visible, Math.max(0, all - visible.size()), 0);
                }
                int first = Math.max(0, room);
                List<E> some = first == 0 ? List.of()
                        : optional(() -> calls.elements(k.element, AxNames.CHILDREN, 0, first));
                some = some == null ? List.of() : some;
                return new Children<>(some, 0, all - some.size());
            }
        }
        return new Children<>(children(k.element), 0, 0);
    }

    /** A read that may fail as a whole: then it is as if the element had no such attribute. */
    private static <T> T optional(Supplier<T> read) {
        try {
            return read.get();
        } catch (AxFailure f) {
            return null;
        }
    }

    /** A count attribute ({@code AXRowCount}) as a number; 0 when the element does not say. */
    private long number(E element, String attribute) {
        Map<String, Object> a = optional(() -> calls.attributes(element, List.of(attribute)));
        Object v = a == null ? null : a.get(attribute);
        return v instanceof Number n && n.longValue() > 0 ? n.longValue() : 0;
    }

    private static void add(Map<String, Long> omitted, String reason, long count) {
        if (count > 0) {
            omitted.merge(reason, count, Long::sum);
        }
    }

    private List<E> children(E element) {
        try {
            return calls.children(element);
        } catch (AxFailure f) {
            // The element was read a moment ago; if its children cannot be listed now it is a leaf for this snapshot.
            return List.of();
        }
    }

    private int count(E element) {
        try {
            return calls.childCount(element);
        } catch (AxFailure f) {
            return 0;
        }
    }

    private List<ElementNode> preorder(List<Kept<E>> kept) {
        Map<Integer, List<Integer>> childrenOf = new HashMap<>();
        for (int i = 1; i < kept.size(); i++) {
            childrenOf.computeIfAbsent(kept.get(i).bfsParent, x -> new ArrayList<>()).add(i);
        }
        List<ElementNode> out = new ArrayList<>(kept.size());
        Deque<int[]> stack = new ArrayDeque<>();
        stack.push(new int[] {0, -1});
        while (!stack.isEmpty()) {
            int[] top = stack.pop();
            Kept<E> k = kept.get(top[0]);
            if (k.read == null || k.read.gone()) {
                continue;
            }
            int index = out.size();
            out.add(mapper.node(calls.handle(k.element), k.read.attributes(), k.read.actions(), k.depth, top[1]));
            List<Integer> kids = childrenOf.getOrDefault(top[0], List.of());
            for (int c = kids.size() - 1; c >= 0; c--) {
                stack.push(new int[] {kids.get(c), index});
            }
        }
        return out;
    }
}
