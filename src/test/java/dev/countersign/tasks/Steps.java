package dev.countersign.tasks;

import dev.countersign.tasks.McpAgent.Node;
import dev.countersign.tasks.McpAgent.Observation;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The moves a competent agent makes, written once for every plan: open a menu path, find an
 * element in a fresh observation (waiting for it as an agent re-observes), and insist on the
 * receipts it gets. Each move goes through {@link McpAgent}, so through Countersign only.
 */
final class Steps {
    /** What a menu entry may be, by AT-SPI role. */
    static final Set<String> MENU_ENTRIES = Set.of("menu item", "check menu item", "radio menu item", "menu");

    private Steps() {
    }

    /**
     * Clicks through a menu path from the menu bar: each menu is clicked open, the app re-observed,
     * and the last entry clicked. Entries match by name without a trailing ellipsis, by any menu
     * role (Qt names a menu bar's menus "menu item").
     */
    static Map<String, Object> menu(McpAgent agent, String app, String... path) throws InterruptedException {
        Map<String, Object> last = null;
        for (int i = 0; i < path.length; i++) {
            String name = path[i];
            boolean leaf = i == path.length - 1;
            Node entry = await(agent, app, null, n -> n.role() != null && MENU_ENTRIES.contains(n.role())
                    && name.equals(Observation.plain(n.name())),
                    (leaf ? "menu entry" : "menu") + " '" + name + "'");
            last = ok(agent.click(entry), "click " + name);
        }
        return last;
    }

    /** Re-observes {@code app} until an element matches (as an agent waits for a dialog to open). */
    static Node await(McpAgent agent, String app, String window, Predicate<Node> p, String what)
            throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        Observation o = agent.observe(app, window);
        while (o.find(p).isEmpty() && System.nanoTime() < end) {
            Thread.sleep(400);
            o = agent.observe(app, window);
        }
        return o.get(p, what);
    }

    /** The element with this role and name, waiting for it. */
    static Node await(McpAgent agent, String app, String window, String role, String name)
            throws InterruptedException {
        return await(agent, app, window, n -> role.equals(n.role()) && name.equals(Observation.plain(n.name())),
                role + " '" + name + "'");
    }

    /** Fails the plan unless the act was carried out (confirmed, or dispatched with its effect unproven). */
    static Map<String, Object> ok(Map<String, Object> receipt, String what) {
        Object status = receipt.get("status");
        // A receipt that carries a code was refused (nothing was sent), whatever its status says.
        if (status == null || receipt.get("code") != null
                || !List.of("confirmed", "committed_unverified", "unknown").contains(status)) {
            throw new McpAgent.PlanFailure(what + ": " + status + " " + receipt.get("code") + " "
                    + receipt.getOrDefault("message", ""));
        }
        return receipt;
    }

    /**
     * Opens a page of a tree of pages (LibreOffice's Options) the way a keyboard user does: the
     * tree takes focus, Right on the parent's row expands it, and Down or Up moves the tree's
     * cursor row by row onto the page, which is what makes such a dialog switch pages (selecting
     * a row through accessibility, or its "activate" action, does not).
     */
    static void treePage(McpAgent agent, String app, String window, String parent, String page)
            throws InterruptedException {
        for (int step = 0; step < 40; step++) {
            Observation o = agent.observe(app, window);
            Node tree = o.get(n -> "tree table".equals(n.role()) || "tree".equals(n.role()), "tree of pages");
            List<Node> cells = o.nodes().stream().filter(n -> "table cell".equals(n.role())
                    || "tree item".equals(n.role())).toList();
            int p = index(cells, parent, 0);
            int at = -1;
            for (int i = 0; i < cells.size(); i++) {
                if (cells.get(i).has("selected")) {
                    at = i;
                }
            }
            if (at == p && !cells.get(p).has("expanded")) {
                ok(agent.key(tree, "Right"), "expand " + parent);
                continue;
            }
            if (!cells.get(p).has("expanded")) {
                ok(agent.key(tree, at < p ? "Down" : "Up"), "move towards " + parent);
                continue;
            }
            int c = index(cells, page, p + 1);
            if (at == c) {
                return;
            }
            ok(agent.key(tree, at < c ? "Down" : "Up"), "move towards " + page);
        }
        throw new McpAgent.PlanFailure("the tree's cursor did not reach " + parent + " › " + page);
    }

    private static int index(List<Node> cells, String name, int from) {
        for (int i = from; i < cells.size(); i++) {
            if (name.equals(cells.get(i).name())) {
                return i;
            }
        }
        throw new McpAgent.PlanFailure("no tree entry '" + name + "' (entries: "
                + cells.stream().map(Node::name).toList() + ")");
    }

    /** Clicks a check box so that it ends {@code checked} (no click when it already is). */
    static void check(McpAgent agent, String app, String window, String name, boolean checked)
            throws InterruptedException {
        Node box = await(agent, app, window, "check box", name);
        if (box.has("checked") != checked) {
            ok(agent.click(box), (checked ? "check " : "uncheck ") + name);
        }
    }

    /**
     * Moves the selection of a list or icon view onto {@code item} with the arrow keys, one row at
     * a time, re-observing after each: the way a keyboard user picks an entry whose selecting is
     * what applies it (a transition, a layout).
     */
    static void arrowTo(McpAgent agent, String app, String window, String item) throws InterruptedException {
        for (int step = 0; step < 60; step++) {
            Observation o = agent.observe(app, window);
            List<Node> items = o.nodes().stream().filter(n -> "list item".equals(n.role())).toList();
            int target = -1;
            int at = -1;
            for (int i = 0; i < items.size(); i++) {
                if (item.equals(items.get(i).name()) && target < 0) {
                    target = i;
                }
            }
            if (target < 0) {
                throw new McpAgent.PlanFailure("no list item '" + item + "' in '" + o.title() + "'");
            }
            // The list holding the item: the item's nearest list-like ancestor in the observation.
            Node list = o.get(n -> List.of("list", "list box", "layered pane", "tree table", "table").contains(n.role())
                    && contains(o, n, items.get(0)), "the list holding '" + item + "'");
            List<Node> own = items.stream().filter(n -> contains(o, list, n)).toList();
            for (int i = 0; i < own.size(); i++) {
                if (own.get(i).has("selected")) {
                    at = i;
                }
            }
            int t = own.indexOf(items.get(target));
            if (at == t) {
                return;
            }
            ok(agent.key(list, at < 0 ? "Home" : at < t ? "Right" : "Left"), "move towards " + item);
        }
        throw new McpAgent.PlanFailure("the selection did not reach '" + item + "'");
    }

    /** Whether {@code inner} lies inside {@code outer}'s frame (the observation is flat). */
    private static boolean contains(Observation o, Node outer, Node inner) {
        List<Integer> a = outer.frame();
        List<Integer> b = inner.frame();
        return a != null && b != null && b.get(0) >= a.get(0) && b.get(1) >= a.get(1)
                && b.get(0) + b.get(2) <= a.get(0) + a.get(2) + 1 && b.get(1) + b.get(3) <= a.get(1) + a.get(3) + 1;
    }

    /**
     * Chooses a radio button or toggle as an agent does when its click does not take: click it,
     * look again, and when it is still not checked, press space on it (the keyboard's way).
     */
    static void choose(McpAgent agent, String app, Predicate<Node> option, String what) throws InterruptedException {
        choose(agent, app, null, option, what);
    }

    /** As {@link #choose(McpAgent, String, Predicate, String)}, in the window whose title contains {@code window}. */
    static void choose(McpAgent agent, String app, String window, Predicate<Node> option, String what)
            throws InterruptedException {
        ok(agent.click(await(agent, app, window, option, what)), "choose " + what);
        Thread.sleep(300);
        Node again = await(agent, app, window, option, what);
        if (!again.has("checked")) {
            ok(agent.key(again, "space"), "choose " + what + " with space");
            await(agent, app, window, option.and(n -> n.has("checked")), what + ", checked");
        }
    }

    /**
     * Acts on a fresh ref as an agent told "the target changed since you observed it" does:
     * observes again and acts again, up to three times.
     */
    static Map<String, Object> fresh(McpAgent agent, String app, Predicate<Node> target, String what,
            java.util.function.Function<Node, Map<String, Object>> act) throws InterruptedException {
        Map<String, Object> r = null;
        for (int attempt = 0; attempt < 3; attempt++) {
            r = act.apply(await(agent, app, null, target, what));
            if (!"TARGET_CHANGED".equals(r.get("code"))) {
                return ok(r, what);
            }
            Thread.sleep(500);
        }
        return ok(r, what);
    }

    /** Like {@link #await}, looking in every window of the app (a popup menu or panel is its own window). */
    static Node awaitAnywhere(McpAgent agent, String app, Predicate<Node> p, String what) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (true) {
            for (Observation o : agent.observeEveryWindow(app)) {
                java.util.Optional<Node> hit = o.find(p);
                if (hit.isPresent()) {
                    return hit.get();
                }
            }
            if (System.nanoTime() > end) {
                throw new McpAgent.PlanFailure("no " + what + " in any window of " + app);
            }
            Thread.sleep(400);
        }
    }
}
