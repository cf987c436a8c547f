package dev.countersign.desktop.linux;

import dev.countersign.core.Rect;
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
 * <p>What a person cannot see is left out, so the bounds are spent on what they can: an element
 * that is not {@code showing} is skipped with its whole subtree — the items of closed menus
 * ({@code closed_menu}: 303 of mousepad's 321 elements, 205 of Writer's first 400) and hidden
 * pages or toolbars ({@code hidden}) — and so is an element whose frame is GTK's off-screen
 * sentinel ({@code offscreen}). Every skipped element is counted by its reason. GTK 2 never
 * reports its menu items showing; there an open menu's {@code visible} items are seen
 * ({@link GailMenus}).
 *
 * <p>An element's children are listed only once its states and child count are read: one that
 * manages its descendants or has more children than any snapshot keeps (a spreadsheet's table
 * reports 2<sup>31</sup>−1) is never listed but read by what is visible ({@link VisibleChildren}),
 * and a leaf by its count is never asked.
 *
 * <p>Bounds: elements are kept in breadth-first order until {@code maxNodes}, so a cut removes the
 * deepest, last elements, and nothing below {@code maxDepth} is read. Depth is counted from the
 * window, and again from the nearest document, so the content region gets the whole depth bound. The omitted count is exact
 * where the cache knows the subtree and otherwise counts at least the known children.
 */
final class TreeWalker {
    /** The most a snapshot says of one omission reason: "at least this many" past it. */
    static final int COUNT_CAP = (1 << 28) - 1;
    private final BusCalls calls;
    private final NodeReader reader;
    private final CellRefs cells;

    TreeWalker(BusCalls calls, NodeReader reader) {
        this(calls, reader, new CellRefs());
    }

    /** A walk that takes the cells of managed tables earlier walks read from {@code cells} (see {@link CellRefs}). */
    TreeWalker(BusCalls calls, NodeReader reader, CellRefs cells) {
        this.calls = calls;
        this.reader = reader;
        this.cells = cells;
    }

    /** What a walk found: nodes in pre-order, the window first, what it left out by reason, and the window as read. */
    record Result(List<ElementNode> nodes, Map<String, Integer> omitted, RawNode window) {
        int omittedTotal() {
            return omitted.values().stream().mapToInt(Integer::intValue).sum();
        }
    }

    Result walk(AtspiRef window, SnapshotLimits limits) {
        return walk(window, limits, (Rect) null);
    }

    /** The walk of a window whose frame was read moments ago (null: read it again), which it then does not ask for. */
    Result walk(AtspiRef window, SnapshotLimits limits, Rect frame) {
        return walk(window, limits, AppCache.load(calls, window.bus()), frame);
    }

    /**
     * The walk over a given cache; {@link AppCache#EMPTY} reads every element from the application
     * (what scripts/bench/apps compares the cache against: docs/decisions/0009-large-trees.md).
     */
    Result walk(AtspiRef window, SnapshotLimits limits, AppCache cache) {
        return walk(window, limits, cache, null);
    }

    private Result walk(AtspiRef window, SnapshotLimits limits, AppCache cache, Rect frame) {
        List<RawNode> kept = new ArrayList<>();
        RawNode root = new RawNode(window, 0, -1, 0);
        root.frame = frame;
        kept.add(root);
        List<RawNode> level = List.of(root);
        List<NodeReader.Details> details = new ArrayList<>();
        Map<String, Long> omitted = new TreeMap<>();
        GailMenus menus = new GailMenus(calls, reader.toolkit());
        VisibleChildren visible = new VisibleChildren(calls, cells);
        int live = 1;
        while (!level.isEmpty()) {
            List<NodeReader.Structure> structures = new ArrayList<>();
            List<Boolean> identifierKnown = new ArrayList<>(level.size());
            for (RawNode n : level) {
                List<AtspiRef> kids = cache.completeChildren(n.ref);
                if (kids != null) {
                    reader.fillFromCache(n, cache.item(n.ref));
                    n.children = kids;
                    n.childrenListed = true;
                    identifierKnown.add(false);
                } else {
                    structures.add(reader.sendStructure(n));
                    identifierKnown.add(true);
                }
            }
            for (NodeReader.Structure s : structures) {
                reader.collectStructure(s);
            }
            if (root.gone()) {
                return new Result(List.of(), Map.of(), root);
            }
            for (int i = 0; i < level.size(); i++) {
                RawNode n = level.get(i);
                if (n == root || n.gone()) {
                    details.add(reader.sendDetails(n, identifierKnown.get(i)));
                    menus.ask(n);
                    continue;
                }
                RawNode parent = kept.get(n.bfsParent);
                if (!seen(parent, n.stateBits, kept, menus)) {
                    n.skipped = skipReason(parent, menus.open(parent, kept));
                    add(omitted, n.skipped, subtreeSize(n, cache));
                } else if (live < limits.maxNodes()) {
                    // Admitted only now that it is known to be seen: hidden candidates never use the budget.
                    live++;
                    details.add(reader.sendDetails(n, identifierKnown.get(i)));
                    menus.ask(n);
                } else {
                    n.skipped = TreeSnapshot.MAX_NODES;
                    add(omitted, TreeSnapshot.MAX_NODES, subtreeSize(n, cache));
                }
            }
            listChildren(level, limits);
            List<RawNode> next = new ArrayList<>();
            int room = (limits.maxNodes() - live) * 4 + 64;
            for (RawNode n : level) {
                if (n.gone() || n.skipped != null) {
                    continue;
                }
                if (n.boundDepth >= limits.maxDepth()) {
                    add(omitted, TreeSnapshot.MAX_DEPTH, belowCut(n, cache));
                    continue;
                }
                menus.markOpen(n, kept);
                List<AtspiRef> children = n.children;
                VisibleChildren.Read read = null;
                if (!n.childrenListed && VisibleChildren.applies(n)) {
                    // Cells in view are seen: no more of them than the budget can still keep.
                    int free = Math.min(room, limits.maxNodes() - live) - next.size();
                    read = visible.read(n, root.frame, Math.max(0, free));
                    add(omitted, TreeSnapshot.OFFSCREEN, read.offscreen());
                    add(omitted, TreeSnapshot.MAX_NODES, read.cut());
                    children = read.children();
                }
                for (AtspiRef child : children) {
                    Object[] item = cache.item(child);
                    if (item != null && !seen(n, AtspiNames.stateBits(item[9]), kept, menus)) {
                        // Known hidden from the cache: skipped before it costs a call.
                        add(omitted, skipReason(n, menus.open(n, kept)), cache.subtreeSize(child));
                    } else if (next.size() < room) {
                        // A candidate: admitted once its states are read, if the budget still has room.
                        RawNode c = new RawNode(child, n.depth + 1, n.bfsIndex, kept.size());
                        c.boundDepth = AtspiNames.document(n.role) ? 1 : n.boundDepth + 1;
                        if (read != null) {
                            c.headers = read.headers().get(child);
                            c.frame = read.frames().get(child);
                        }
                        kept.add(c);
                        next.add(c);
                    } else {
                        add(omitted, TreeSnapshot.MAX_NODES, cache.subtreeSize(child));
                    }
                }
            }
            level = next;
        }
        for (NodeReader.Details d : details) {
            reader.collectDetails(d);
        }
        reader.finishDetails(details);
        if (root.frame == null) {
            root.frame = childrenFrame(kept);
        }
        List<ElementNode> nodes = preorder(kept, omitted);
        return new Result(nodes, capped(omitted), root);
    }

    /**
     * Lists the children of the level's kept elements that may list them, all requests in flight
     * at once: not a leaf by its child count, not below the depth bound, and not one whose children
     * are read by what is visible ({@link VisibleChildren}), which is never asked for them.
     */
    private void listChildren(List<RawNode> level, SnapshotLimits limits) {
        List<RawNode> asked = new ArrayList<>();
        List<BusCalls.Pending> pending = new ArrayList<>();
        for (RawNode n : level) {
            if (n.childrenListed || n.gone() || n.skipped != null || n.boundDepth >= limits.maxDepth()
                    || VisibleChildren.applies(n)) {
                continue;
            }
            BusCalls.Pending p = reader.sendChildren(n);
            if (p != null) {
                asked.add(n);
                pending.add(p);
            }
        }
        for (int i = 0; i < asked.size(); i++) {
            reader.collectChildren(asked.get(i), pending.get(i));
        }
    }

    /**
     * Whether a child of {@code parent} whose states are {@code bits} is seen: {@code showing} as
     * its toolkit reports it, or {@code visible} in an open GTK 2 menu, whose items gail never
     * reports showing ({@link GailMenus}).
     */
    private boolean seen(RawNode parent, long bits, List<RawNode> kept, GailMenus menus) {
        return reader.toolkit().seen(bits)
                || AtspiNames.has(bits, AtspiNames.STATE_VISIBLE) && menus.open(parent, kept);
    }

    /**
     * A child that is not seen under a closed menu is that menu's item; anything else (an item an
     * open menu hides) is hidden.
     */
    private static String skipReason(RawNode parent, boolean openMenu) {
        int r = parent.role;
        return !openMenu && (r == AtspiNames.ROLE_MENU || r == AtspiNames.ROLE_MENU_BAR || r == AtspiNames.ROLE_POPUP_MENU)
                ? TreeSnapshot.CLOSED_MENU : TreeSnapshot.HIDDEN;
    }

    private static long subtreeSize(RawNode n, AppCache cache) {
        return cache.item(n.ref) != null ? cache.subtreeSize(n.ref) : 1L + n.childCount;
    }

    private static void add(Map<String, Long> omitted, String reason, long count) {
        if (count > 0) {
            omitted.merge(reason, count, Long::sum);
        }
    }

    /**
     * The counts as a snapshot carries them, each at most {@link #COUNT_CAP}: a spreadsheet's
     * off-screen cells number in the billions, and the five reasons' sum must stay an int.
     */
    static Map<String, Integer> capped(Map<String, Long> omitted) {
        Map<String, Integer> out = new TreeMap<>();
        omitted.forEach((reason, count) -> out.put(reason, (int) Math.min(count, COUNT_CAP)));
        return out;
    }

    /** The union of the top-level children's frames, for a window whose toolkit reports none (Java). */
    private static Rect childrenFrame(List<RawNode> kept) {
        Rect union = null;
        for (RawNode n : kept) {
            if (n.depth == 1 && n.skipped == null && !n.gone() && n.frame != null && !n.frame.isEmpty()
                    && !NodeReader.offscreen(n.frame)) {
                Rect f = n.frame;
                if (union == null) {
                    union = f;
                } else {
                    int x = Math.min(union.x(), f.x());
                    int y = Math.min(union.y(), f.y());
                    union = new Rect(x, y, Math.max(union.x() + union.width(), f.x() + f.width()) - x,
                            Math.max(union.y() + union.height(), f.y() + f.height()) - y);
                }
            }
        }
        return union;
    }

    /** How many elements lie below a node whose children the depth bound cut off. */
    private static long belowCut(RawNode n, AppCache cache) {
        List<AtspiRef> kids = cache.completeChildren(n.ref);
        if (kids == null) {
            return n.childCount;
        }
        long count = 0;
        for (AtspiRef k : kids) {
            count += cache.subtreeSize(k);
        }
        return count;
    }

    /**
     * Re-orders the breadth-first kept list into pre-order and renumbers parents; drops vanished
     * and skipped nodes with their subtrees, and off-screen ones (counted as {@code offscreen}).
     */
    private static List<ElementNode> preorder(List<RawNode> kept, Map<String, Long> omitted) {
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
            if (n.gone() || n.skipped != null) {
                continue;
            }
            if (top[0] != 0 && n.frame != null && NodeReader.offscreen(n.frame)) {
                add(omitted, TreeSnapshot.OFFSCREEN, keptSubtree(top[0], childrenOf, kept));
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

    private static int keptSubtree(int index, Map<Integer, List<Integer>> childrenOf, List<RawNode> kept) {
        int size = 1;
        for (int k : childrenOf.getOrDefault(index, List.of())) {
            if (kept.get(k).skipped == null && !kept.get(k).gone()) {
                size += keptSubtree(k, childrenOf, kept);
            }
        }
        return size;
    }
}
