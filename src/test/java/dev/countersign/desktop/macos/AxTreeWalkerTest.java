package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.SnapshotLimits;
import java.util.List;
import org.junit.jupiter.api.Test;

class AxTreeWalkerTest {
    private final AxFixture menus = AxFixture.load("menus.json");

    private AxTreeWalker.Result walk(AxFixture f, int maxNodes, int maxDepth) {
        return new AxTreeWalker<>(f, new AxElementMapper(f.displays)).walk(f.window, new SnapshotLimits(maxNodes, maxDepth));
    }

    @Test
    void theDepthBoundCountsExactlyTheChildrenItCut() {
        AxTreeWalker.Result r = walk(menus, 100, 2);
        // Window, two menu bar items, the File menu; its four items are below the bound.
        assertThat(r.nodes()).extracting(ElementNode::role)
                .containsExactly("AXMenuBar", "AXMenuBarItem", "AXMenuBarItem", "AXMenu");
        assertThat(r.omitted()).isEqualTo(4);
        assertThat(menus.requested).doesNotContainKey("0/1/0/0");
    }

    @Test
    void theNodeBoundKeepsBreadthFirstAndCountsWhatItLeftOut() {
        AxTreeWalker.Result r = walk(menus, 3, 16);
        assertThat(r.nodes()).hasSize(3);
        assertThat(r.nodes().get(2).name()).isEqualTo("File");
        // The File menu was not kept; its four items were never reached, so only it is counted.
        assertThat(r.omitted()).isEqualTo(1);
    }

    @Test
    void nothingIsOmittedWhenEverythingFits() {
        AxTreeWalker.Result r = walk(menus, 2000, 16);
        assertThat(r.nodes()).hasSize(8);
        assertThat(r.omitted()).isZero();
        for (int i = 1; i < r.nodes().size(); i++) {
            ElementNode n = r.nodes().get(i);
            assertThat(n.parent()).isLessThan(i);
            assertThat(r.nodes().get(n.parent()).depth()).isEqualTo(n.depth() - 1);
        }
    }

    @Test
    void aWindowThatIsGoneYieldsNoNodesAndSaysWhy() {
        menus.window.gone = true;
        AxTreeWalker.Result r = walk(menus, 100, 8);
        assertThat(r.nodes()).isEmpty();
        assertThat(r.windowGone()).contains("kAXErrorInvalidUIElement");
    }

    @Test
    void anElementThatVanishesMidWalkIsDroppedWithItsSubtree() {
        menus.at("0/1").gone = true;
        List<ElementNode> nodes = walk(menus, 100, 8).nodes();
        assertThat(nodes).extracting(ElementNode::name).containsExactly("", "Apple");
    }

    @Test
    void handlesAreTheSourcesOwn() {
        List<ElementNode> nodes = walk(menus, 100, 8).nodes();
        assertThat(nodes.get(1).handle()).isEqualTo(new AxFixture.Handle("0/0"));
    }
}
