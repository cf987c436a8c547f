package dev.countersign.driver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.core.Rect;
import dev.countersign.desktop.ElementNode;
import dev.countersign.testkit.MemoryDesktop;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The named row an unnamed part belongs to: what its context menu is judged and named by. */
class ItemOfTest {
    private final List<ElementNode> nodes = new ArrayList<>();

    private int add(int parent, String role, String name) {
        int depth = parent < 0 ? 0 : nodes.get(parent).depth() + 1;
        nodes.add(new ElementNode(new MemoryDesktop.Handle("n" + nodes.size()), role, null, name, "", null, null,
                new Rect(0, 0, 10, 10), Set.of(), List.of(), false, depth, parent));
        return nodes.size() - 1;
    }

    @Test
    void anUnnamedPartOfANamedRowBelongsToThatRow() {
        int window = add(-1, "frame", "Mail");
        int tree = add(window, "tree", "Folders");
        int row = add(tree, "tree item", "Local Folders");
        int section = add(row, "section", "");
        int label = add(section, "label", "");

        assertThat(ItemOf.enclosing(nodes, section)).isEqualTo(row);
        assertThat(ItemOf.enclosing(nodes, label)).isEqualTo(row);
    }

    @Test
    void aNamedElementAnUnnamedRowOrNoRowWithinReachGiveNone() {
        int window = add(-1, "frame", "Mail");
        int row = add(window, "list item", "Invoice");
        int trash = add(row, "push button", "Delete");
        int unnamedRow = add(window, "list item", "");
        int part = add(unnamedRow, "section", "");
        int panel = add(window, "panel", "Named panel");
        int loose = add(panel, "section", "");
        int deep = add(row, "panel", "");
        int deeper = add(deep, "panel", "");
        int deeper2 = add(deeper, "panel", "");
        int tooFar = add(deeper2, "section", "");

        // A named element is judged by its own name: a row's "Delete" button is never the row.
        assertThat(ItemOf.enclosing(nodes, trash)).isEqualTo(-1);
        assertThat(ItemOf.enclosing(nodes, part)).isEqualTo(-1);
        assertThat(ItemOf.enclosing(nodes, loose)).isEqualTo(-1);
        assertThat(ItemOf.enclosing(nodes, tooFar)).isEqualTo(-1);
        assertThat(ItemOf.enclosing(nodes, -1)).isEqualTo(-1);
    }
}
