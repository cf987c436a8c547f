package dev.countersign.desktop.linux;

import dev.countersign.desktop.MenuShortcut;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The accelerators a window's menu bar binds, read over AT-SPI: the window's containers are
 * walked down to its {@code menu bar} (LibreOffice's sits under panels, a scroll pane and a
 * viewport), never into documents, tables, lists or tool bars; then every menu under it, and for
 * each enabled item its actions' key bindings ({@link ActionReads}), each {@code mnemonic;path;accelerator}
 * (GTK, LibreOffice: {@code s;<Alt>f:s;<Primary>s}). Items of closed menus are read as well: the
 * toolkits keep them in the tree.
 */
final class MenuShortcuts {
    /** What lies between a window and its menu bar. */
    private static final Set<String> CONTAINERS = Set.of("frame", "window", "dialog", "panel", "filler",
            "root pane", "layered pane", "glass pane", "scroll pane", "viewport", "internal frame", "split pane",
            "option pane", "redundant object", "unknown", "grouping", "section");
    private static final Set<String> ITEMS = Set.of("menu item", "check menu item", "radio menu item");
    private static final int MENU_BAR_DEPTH = 7;
    /** Containers read while looking for the menu bar, and menu elements read under it. */
    private static final int MAX_CONTAINERS = 300;
    private static final int MAX_MENU_ELEMENTS = 4000;
    private static final int STATE_ENABLED = 8;
    private static final int STATE_SENSITIVE = 24;

    private MenuShortcuts() {
    }

    static List<MenuShortcut> read(NodeReader reader, AtspiRef window) {
        List<RawNode> bars = menuBars(reader, window);
        List<MenuShortcut> out = new ArrayList<>();
        List<RawNode> level = new ArrayList<>(bars);
        int read = 0;
        while (!level.isEmpty() && read < MAX_MENU_ELEMENTS) {
            List<AtspiRef> next = new ArrayList<>();
            level.forEach(n -> next.addAll(n.children));
            List<RawNode> nodes = reader.readStructures(
                    next.subList(0, Math.min(next.size(), MAX_MENU_ELEMENTS - read)));
            read += nodes.size();
            List<RawNode> menus = new ArrayList<>();
            List<RawNode> items = new ArrayList<>();
            for (RawNode n : nodes) {
                if (n.gone() || !enabled(n)) {
                    continue;
                }
                String role = AtspiNames.role(n.role);
                if ("menu".equals(role)) {
                    menus.add(n);
                } else if (ITEMS.contains(role) && n.interfaces.contains("Action")) {
                    items.add(n);
                }
            }
            out.addAll(bindings(reader, items));
            reader.readChildren(menus);
            level = menus;
        }
        return out;
    }

    /** The window's menu bars: the containers walked breadth first, a bounded number of them. */
    private static List<RawNode> menuBars(NodeReader reader, AtspiRef window) {
        List<RawNode> bars = new ArrayList<>();
        List<RawNode> level = reader.readStructures(List.of(window));
        int read = level.size();
        for (int depth = 0; depth < MENU_BAR_DEPTH && !level.isEmpty(); depth++) {
            List<RawNode> containers = new ArrayList<>();
            for (RawNode n : level) {
                String role = AtspiNames.role(n.role);
                if (n.gone()) {
                    continue;
                }
                if ("menu bar".equals(role)) {
                    bars.add(n);
                } else if (CONTAINERS.contains(role) && !VisibleChildren.applies(n)) {
                    containers.add(n);
                }
            }
            reader.readChildren(bars.isEmpty() ? containers : bars);
            if (!bars.isEmpty() || read >= MAX_CONTAINERS) {
                break;
            }
            List<AtspiRef> next = new ArrayList<>();
            containers.forEach(n -> next.addAll(n.children));
            level = reader.readStructures(next.subList(0, Math.min(next.size(), MAX_CONTAINERS - read)));
            read += level.size();
        }
        return bars;
    }

    private static boolean enabled(RawNode n) {
        return AtspiNames.has(n.stateBits, STATE_ENABLED) || AtspiNames.has(n.stateBits, STATE_SENSITIVE);
    }

    private static List<MenuShortcut> bindings(NodeReader reader, List<RawNode> items) {
        List<List<String>> bindings = reader.keyBindings(items);
        List<MenuShortcut> out = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            RawNode item = items.get(i);
            for (String binding : bindings.get(i)) {
                accelerator(binding).flatMap(MenuShortcut::chordOf).ifPresent(chord ->
                        out.add(new MenuShortcut(chord, item.name, item.identifier, item.description)));
            }
        }
        return out;
    }

    /** The accelerator of a key binding {@code mnemonic;path;accelerator}; empty when it has none. */
    static Optional<String> accelerator(String binding) {
        String[] fields = binding.split(";", -1);
        return fields.length >= 3 && !fields[2].isBlank() ? Optional.of(fields[2].trim()) : Optional.empty();
    }
}
