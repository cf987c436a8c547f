package dev.countersign.desktop.linux;

import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.SnapshotLimits;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A bounded, pipelined walk of one window's tree.
 *
 * <p>Why this shape: every AT-SPI call is a D-Bus round trip, and a plain call-per-property walk
 * of a 260-node window spends 250–450 ms waiting. Here the structure of the whole window (roles,
 * names, states, interfaces, parents) comes from one {@code Cache.GetItems} reply; only what the
 * cache lacks — screen extents, action names, ids of actionable elements, values — is read per
 * element, and all of those requests are in flight at once before the first reply is awaited.
 * Elements the cache does not describe (children of lists that manage their descendants, or
 * applications with no cache) are read level by level, each level's requests sent together.
 *
 * <p>Bounds: elements are kept in breadth-first order until {@code maxNodes}, so a cut removes the
 * deepest, last elements, and nothing below {@code maxDepth} is read. The omitted count is exact
 * where the cache knows the subtree and otherwise counts at least the known children.
 */
final class TreeWalker {
    private final BusCalls calls;
    private final NodeReader reader;

    TreeWalker(BusCalls calls) {
        this.calls = calls;
        this.reader = new NodeReader(calls);
    }

    /** What a walk found: nodes in pre-order, the window first, how many it left out, and the window as read. */
    record Result(List<ElementNode> nodes, int omitted, RawNode window) {
    }

    Result walk(AtspiRef window, SnapshotLimits limits) {
        AppCache cache = AppCache.load(calls, window.bus());
        List<RawNode> kept = new ArrayList<>();
        RawNode root = new RawNode(window, 0, -1, 0);
        kept.add(root);
        List<RawNode> level = List.of(root);
        List<NodeReader.Details> details = new ArrayList<>();
        int omitted = 0;
        while (!level.isEmpty()) {
            List<NodeReader.Structure> structures = new ArrayList<>();
            List<Boolean> identifierKnown = new ArrayList<>(level.size());
            for (RawNode n : level) {
                List<AtspiRef> kids = cache.completeChildren(n.ref);
                if (kids != null) {
                    NodeReader.fillFromCache(n, cache.item(n.ref));
                    n.children = kids;
                    identifierKnown.add(false);
                } else {
                    structures.add(reader.sendStructure(n, n.depth < limits.maxDepth()));
                    identifierKnown.add(true);
                }
            }
            for (NodeReader.Structure s : structures) {
                reader.collectStructure(s);
            }
            if (root.gone()) {
                return new Result(List.of(), 0, root);
            }
            for (int i = 0; i < level.size(); i++) {
                details.add(reader.sendDetails(level.get(i), identifierKnown.get(i)));
            }
            List<RawNode> next = new ArrayList<>();
            for (RawNode n : level) {
                if (n.gone()) {
                    continue;
                }
                if (n.depth >= limits.maxDepth()) {
                    omitted += belowCut(n, cache);
                    continue;
                }
                for (AtspiRef child : n.children) {
                    if (kept.size() < limits.maxNodes()) {
                        RawNode c = new RawNode(child, n.depth + 1, n.bfsIndex, kept.size());
                        kept.add(c);
                        next.add(c);
                    } else {
                        omitted += cache.subtreeSize(child);
                    }
                }
            }
            level = next;
        }
        for (NodeReader.Details d : details) {
            reader.collectDetails(d);
        }
        return new Result(preorder(kept), omitted, root);
    }

    /** How many elements lie below a node whose children the depth bound cut off. */
    private static int belowCut(RawNode n, AppCache cache) {
        List<AtspiRef> kids = cache.completeChildren(n.ref);
        if (kids == null) {
            return n.childCount;
        }
        int count = 0;
        for (AtspiRef k : kids) {
            count += cache.subtreeSize(k);
        }
        return count;
    }

    /** Re-orders the breadth-first kept list into pre-order and renumbers parents; drops vanished nodes and their subtrees. */
    private static List<ElementNode> preorder(List<RawNode> kept) {
        Map<Integer, List<Integer>> childrenOf = new HashMap<>();
        for (int i = 1; i < kept.size(); i++) {
            childrenOf.computeIfAbsent(kept.get(i).bfsParent, k -> new ArrayList<>()).add(i);
        }
        List<ElementNode> out = new ArrayList<>(kept.size());
        Deque<int[]> stack = new ArrayDeque<>();
        stack.push(new int[] {0, -1});
        while (!stack.isEmpty()) {
            int[] top = stack.pop();
            RawNode n = kept.get(top[0]);
            if (n.gone()) {
                continue;
            }
            int index = out.size();
            out.add(n.toNode(n.depth, top[1]));
            List<Integer> kids = childrenOf.getOrDefault(top[0], List.of());
            for (int k = kids.size() - 1; k >= 0; k--) {
                stack.push(new int[] {kids.get(k), index});
            }
        }
        return out;
    }
}
