package dev.countersign.driver;

import dev.countersign.desktop.ElementNode;
import java.util.List;
import java.util.Set;

/**
 * The named item an unnamed element is part of: a folder row's inner section in Thunderbird, a
 * list row's icon. A right click there opens that item's menu (and selects it), so a context menu
 * asked for on the part is judged by the item's labels, and the part is named by it in the
 * person's words ("the unnamed section inside tree item ‘Local Folders’").
 */
final class ItemOf {
    /** How far up an item is looked for: a row's cell, its section, its label. */
    static final int MOST_LEVELS = 3;
    private static final Set<String> ITEMS = Set.of("list item", "tree item", "table row", "table cell",
            "AXRow", "AXCell");

    private ItemOf() {
    }

    /** The index of the named item {@code index} is part of, or -1: it has a name of its own, or no such item holds it. */
    static int enclosing(List<ElementNode> nodes, int index) {
        if (index < 0 || index >= nodes.size() || !nodes.get(index).name().isBlank()) {
            return -1;
        }
        int at = nodes.get(index).parent();
        for (int level = 0; level < MOST_LEVELS && at >= 0; level++, at = nodes.get(at).parent()) {
            ElementNode n = nodes.get(at);
            if (ITEMS.contains(n.role()) && !n.name().isBlank()) {
                return at;
            }
        }
        return -1;
    }
}
