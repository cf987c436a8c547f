package dev.countersign.desktop.linux;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.core.CountersignException;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.SnapshotLimits;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import dev.countersign.desktop.Thunderbird;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Observing Thunderbird once F10 has shown its menu bar leaves it running: its actions are listed
 * by count and read one by one ({@code Toolkit#actionListSafe}), never by {@code GetActions},
 * which made it abort inside libdbus. The menus and their items' key bindings are read all the same.
 */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class ThunderbirdMenusDesktopTest {
    private static final SnapshotLimits LIMITS = new SnapshotLimits(SnapshotLimits.MAX_NODES, SnapshotLimits.MAX_DEPTH);

    @Test
    void itsMenuBarShownByF10IsObservedAndThunderbirdKeepsRunning(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp thunderbird = Thunderbird.launch(desktop);
        String window = TestDesktop.run(List.of("xdotool", "search", "--sync", "--onlyvisible", "--pid",
                Long.toString(thunderbird.pid()))).lines().findFirst().orElseThrow().strip();
        // A person's F10, through XTest into the focused window.
        TestDesktop.run(List.of("xdotool", "windowfocus", "--sync", window, "key", "F10"));

        List<ElementNode>[] nodes = new List[] {List.of()};
        boolean shown = TestDesktop.eventually(Duration.ofSeconds(20), () -> {
            try {
                nodes[0] = desktop.backend().snapshot(thunderbird.app(), thunderbird.window(), LIMITS).nodes();
            } catch (CountersignException e) {
                return !thunderbird.process().isAlive();
            }
            return file(nodes[0]) != null || !thunderbird.process().isAlive();
        });

        assertThat(thunderbird.process().isAlive()).as("Thunderbird runs after its menu bar was observed").isTrue();
        assertThat(shown).as("the menu bar's File menu is observed").isTrue();
        assertThat(file(nodes[0]).actions()).as("action names read one by one").contains("click");
        // File > Close is the first item whose key binding outgrew every string before it: the read
        // that aborted Thunderbird through GetActions.
        try (A11yBus bus = new A11yBus()) {
            AtspiRef file = (AtspiRef) file(nodes[0]).handle();
            NodeReader reader = bus.reader(file.bus());
            List<RawNode> menu = reader.readStructures(List.of(file));
            reader.readChildren(menu);
            List<RawNode> items = reader.readStructures(menu.get(0).children);
            List<List<String>> bindings = reader.keyBindings(items);
            int close = items.stream().map(n -> n.name).toList().indexOf("Close");
            assertThat(close).as("File > Close is read").isNotNegative();
            assertThat(bindings.get(close)).containsExactly("C;<Alt>F:C;<Control>W");
        }
        assertThat(thunderbird.process().isAlive()).as("Thunderbird runs after its key bindings were read").isTrue();
    }

    private static ElementNode file(List<ElementNode> nodes) {
        return nodes.stream().filter(n -> "menu".equals(n.role()) && "File".equals(n.name())).findFirst().orElse(null);
    }
}
