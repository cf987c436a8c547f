package dev.countersign.desktop.macos;

import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.SnapshotLimits;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A bounded walk of one window's tree over {@link AxCalls}: elements are kept breadth-first up to
 * {@code maxNodes} (so a cut removes the deepest, last ones), nothing below {@code maxDepth} is
 * read, and the output is pre-order with parent indices, the window first.
 *
 * <p>The omitted count is the number of children the bounds left unread: exact at the depth bound
 * (one {@code AXUIElementGetAttributeValueCount} per cut element) and at least the cut children
 * at the node bound, since reading their subtrees just to count them would defeat the bound.
 */
final class AxTreeWalker<E> {
    private final AxCalls<E> calls;
    private final ElementReader<E> reader;
    private final AxElementMapper mapper;

    AxTreeWalker(AxCalls<E> calls, AxElementMapper mapper) {
        this.calls = calls;
        this.reader = new ElementReader<>(calls);
        this.mapper = mapper;
    }

    /** What a walk found: nodes in pre-order, how many it left out, and why the window itself is gone (or null). */
    record Result(List<ElementNode> nodes, int omitted, String windowGone) {
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

    Result walk(E window, SnapshotLimits limits) {
        List<Kept<E>> kept = new ArrayList<>();
        kept.add(new Kept<>(window, 0, -1));
        int omitted = 0;
        for (int i = 0; i < kept.size(); i++) {
            Kept<E> k = kept.get(i);
            k.read = reader.read(k.element);
            if (k.read.gone()) {
                if (i == 0) {
                    return new Result(List.of(), 0, k.read.goneReason());
                }
                continue;
            }
            if (k.depth >= limits.maxDepth()) {
                omitted += count(k.element);
                continue;
            }
            List<E> children = children(k.element);
            for (E child : children) {
                if (kept.size() < limits.maxNodes()) {
                    kept.add(new Kept<>(child, k.depth + 1, i));
                } else {
                    omitted++;
                }
            }
        }
        return new Result(preorder(kept), omitted, null);
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
