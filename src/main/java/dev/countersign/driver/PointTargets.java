package dev.countersign.driver;

import dev.countersign.core.ApprovalRequirement;
import dev.countersign.core.CountersignException;
import dev.countersign.core.Rect;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.PointHit;
import dev.countersign.policy.RiskCategory;
import dev.countersign.vision.Point;
import java.util.ArrayList;
import java.util.List;

/**
 * What a click at one point of a window may land on, read from a whole-window observation. The
 * deepest element whose frame holds the point is not proof: stacking inside a window is not in the
 * tree, so an element laid over another (a transparent "Delete" over "Next", a pass-through label
 * over "Delete") holds the point as well, in another subtree, and which one the application hands
 * the click to cannot be told from here. So every element that is deepest in its own branch at
 * the point is a candidate, and each brings the element that takes a click for it (itself when it
 * has an action, takes focus or a selection, or is editable; else its nearest ancestor that does:
 * an image's link, a label's button). A caller judges every candidate and asks as the riskiest.
 *
 * @param candidates the candidates, in the observation's order (empty when only the window itself
 *     holds the point)
 * @param deepest the deepest, then smallest, element holding the point (what the tree alone would
 *     name; the window when nothing else holds it); -1 when none
 * @param taker the element that takes a click at {@code deepest}, which names a click no candidate
 *     asks for; -1 when none
 * @param branches how many branches of the tree hold the point at their deepest: more than one and
 *     the elements there overlap
 */
record PointTargets(List<Integer> candidates, int deepest, int taker, int branches) {

    PointTargets {
        candidates = List.copyOf(candidates);
    }

    /** Whether elements of different branches overlap at the point, so the tree cannot say which is hit. */
    boolean overlapping() {
        return branches > 1;
    }

    /** The candidates at ({@code x}, {@code y}) among {@code nodes}, a pre-order read of one window. */
    static PointTargets at(List<ElementNode> nodes, int x, int y) {
        boolean[] holds = new boolean[nodes.size()];
        boolean[] holdingBelow = new boolean[nodes.size()];
        for (int i = 0; i < nodes.size(); i++) {
            ElementNode n = nodes.get(i);
            holds[i] = n.frame() != null && n.frame().contains(x, y) && !n.hasState("invisible")
                    && !clippedAt(nodes, i, x, y);
            if (holds[i]) {
                for (int p = n.parent(); p >= 0; p = nodes.get(p).parent()) {
                    if (holdingBelow[p]) {
                        break;
                    }
                    holdingBelow[p] = true;
                }
            }
        }
        int deepest = -1;
        int branches = 0;
        List<Integer> candidates = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            if (!holds[i] || holdingBelow[i]) {
                continue;
            }
            if (deeper(nodes, i, deepest)) {
                deepest = i;
            }
            if (nodes.get(i).parent() < 0) {
                // Only the window holds the point: nothing inside it to judge.
                continue;
            }
            branches++;
            add(candidates, i);
            int taker = taker(nodes, i);
            if (taker != i && taker >= 0) {
                add(candidates, taker);
            }
        }
        candidates.sort(Integer::compare);
        return new PointTargets(candidates, deepest, deepest < 0 ? -1 : taker(nodes, deepest), branches);
    }

    /**
     * Whether a container the element is in does not hold the point, so the part of the element
     * there is cut off and cannot take a click: VLC's preference page, taller than its scroll area,
     * reaches under the dialog's own buttons. Native toolkits (Qt, GTK, AppKit) cut every widget
     * to its parent; web content may overflow its boxes, so there only scroll panes and viewports
     * cut. A container without an extent cuts nothing. An element the pointer cannot reach is no
     * candidate; the elements it can reach there are, and the app's own hit test still has to agree.
     */
    static boolean clippedAt(List<ElementNode> nodes, int i, int x, int y) {
        boolean web = false;
        for (int p = nodes.get(i).parent(); p >= 0; p = nodes.get(p).parent()) {
            if (WEB.contains(nodes.get(p).role())) {
                web = true;
                break;
            }
        }
        for (int p = nodes.get(i).parent(); p >= 0 && nodes.get(p).parent() >= 0; p = nodes.get(p).parent()) {
            ElementNode clip = nodes.get(p);
            if ((!web || CLIPS.contains(clip.role())) && clip.frame() != null && !clip.frame().isEmpty()
                    && !clip.frame().contains(x, y)) {
                return true;
            }
        }
        return false;
    }

    private static final java.util.Set<String> CLIPS = java.util.Set.of("scroll pane", "viewport", "AXScrollArea");
    private static final java.util.Set<String> WEB = java.util.Set.of("document web", "AXWebArea");

    /** The corner pixels of {@code r}: every extreme pixel another runtime's rounding may land on. */
    static List<Point> corners(Rect r) {
        List<Point> points = new ArrayList<>(4);
        int x1 = r.x() + r.width() - 1;
        int y1 = r.y() + r.height() - 1;
        points.add(new Point(r.x(), r.y()));
        if (x1 != r.x() || y1 != r.y()) {
            points.add(new Point(x1, r.y()));
            points.add(new Point(r.x(), y1));
            points.add(new Point(x1, y1));
        }
        return points;
    }

    /** Whether {@code i} is deeper than {@code best}, or as deep and smaller. */
    private static boolean deeper(List<ElementNode> nodes, int i, int best) {
        if (best < 0) {
            return true;
        }
        ElementNode n = nodes.get(i);
        ElementNode b = nodes.get(best);
        long area = (long) n.frame().width() * n.frame().height();
        long bestArea = (long) b.frame().width() * b.frame().height();
        return n.depth() > b.depth() || n.depth() == b.depth() && area < bestArea;
    }

    /**
     * The element that takes a click at {@code i}: {@code i} when it does something with a click
     * itself, else its nearest ancestor below the window that does, else {@code i} (nothing above
     * it takes one).
     */
    static int taker(List<ElementNode> nodes, int i) {
        for (int at = i; at >= 0 && nodes.get(at).parent() >= 0; at = nodes.get(at).parent()) {
            if (takesClick(nodes.get(at))) {
                return at;
            }
        }
        return i;
    }

    /** Whether a click on the element does something of its own: an action, focus, a selection or text. */
    static boolean takesClick(ElementNode n) {
        return !n.actions().isEmpty() || n.hasState("focusable") || n.hasState("selectable")
                || ClickSemantics.editable(n);
    }

    /** How a click here was judged: its requirement, the element that names it (-1: none), the app's hit test (null: not asked). */
    record Judged(ApprovalRequirement requirement, int element, PointHit hit) {
    }

    /**
     * A click (or double click, {@code twice}) at {@code at} is judged by every candidate and named
     * by the riskiest: the first that asks, by its category's precedence ({@link RiskCategory}),
     * else the element that takes the click. When none asks, the application's own hit test must
     * find that element there too; where it finds something else (an element the tree does not
     * show where it is, or one not showing, or two overlapping), the act asks, naming what it found.
     */
    Judged judge(ApprovalPolicy policy, DesktopBackend backend, Observation observation, Rect at, boolean twice) {
        ApprovalRequirement blind = policy.requirementForVisual(new VisualArgs.Act.Click(observation.id, null, null));
        if (candidates.isEmpty()) {
            return new Judged(blind, -1, null);
        }
        ApprovalRequirement worst = null;
        int worstAt = -1;
        for (int i : candidates) {
            ElementNode n = observation.nodes.get(i);
            ApprovalRequirement r = twice ? policy.requirementForDoubleClick(n)
                    : policy.requirementFor(ActArgs.click(observation.refOf(i)), n);
            if (worst == null || riskier(r, worst)) {
                worst = r;
                worstAt = i;
            }
        }
        if (worst.required()) {
            return new Judged(worst, worstAt, null);
        }
        PointHit hit = hitTest(backend, observation.nodes, at);
        return new Judged(hit.onElement() ? worst
                : new ApprovalRequirement(true, blind.category(), List.of(hit.found()), blind.policyDigest()), taker, hit);
    }

    /**
     * The application's own hit test at the centre of {@code at}, from the element that takes the
     * click there: whether what it finds is that element (or inside it). One it cannot answer is a
     * disagreement.
     */
    PointHit hitTest(DesktopBackend backend, List<ElementNode> nodes, Rect at) {
        try {
            return backend.hitTest(nodes.get(taker).handle(), at.centerX(), at.centerY());
        } catch (CountersignException e) {
            return PointHit.elsewhere("nothing it can name (" + e.error().message() + ")");
        }
    }

    /**
     * Whether {@code live}, a fresh read of the window, has the same elements at ({@code x},
     * {@code y}) as {@code seen} had when this was read from it, each the same element
     * ({@link IdentityCheck#differingField}).
     */
    boolean sameIn(List<ElementNode> seen, List<ElementNode> live, int x, int y) {
        PointTargets now = at(live, x, y);
        if (now.candidates.size() != candidates.size() || (now.deepest < 0) != (deepest < 0)) {
            return false;
        }
        for (int i = 0; i < candidates.size(); i++) {
            if (IdentityCheck.differingField(seen.get(candidates.get(i)), live.get(now.candidates.get(i))).isPresent()) {
                return false;
            }
        }
        return deepest < 0 || IdentityCheck.differingField(seen.get(deepest), live.get(now.deepest)).isEmpty();
    }

    /** Whether {@code a} asks where {@code b} does not, or asks for a category that comes first. */
    private static boolean riskier(ApprovalRequirement a, ApprovalRequirement b) {
        if (a.required() != b.required()) {
            return a.required();
        }
        return a.required() && precedence(a.category()) < precedence(b.category());
    }

    private static int precedence(String category) {
        for (RiskCategory c : RiskCategory.values()) {
            if (c.wireName().equals(category)) {
                return c.ordinal();
            }
        }
        return RiskCategory.values().length;
    }

    private static void add(List<Integer> candidates, int i) {
        if (!candidates.contains(i)) {
            candidates.add(i);
        }
    }
}
