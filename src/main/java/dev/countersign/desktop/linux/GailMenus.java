package dev.countersign.desktop.linux;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which GTK 2 menus are open, during one walk of a window of an application on GTK 2's gail
 * bridge (its {@code ToolkitName} is {@code GAIL}).
 *
 * <p>Why it is needed: gail never sets {@code showing} on a menu's items, open or closed (it drops
 * the state unless the menu reports {@code selected}, which it never does), so a walk that keeps
 * only showing elements left every item of GIMP's open menus out as {@code closed_menu}. Frames do
 * not tell either: an item reads GTK's off-screen sentinel only until its menu first opens, then
 * keeps its last on-screen frame after the menu closes. What does tell is the menu shell's
 * {@code Selection}: a menu bar, and an open menu, answer {@code GetSelectedChild(0)} with the item
 * whose menu is popped up (the menu bar has none once its menus close). So a menu is open when the
 * shell it sits in is kept and has it selected, and then its {@code visible} items are what a
 * person sees. A submenu that keyboard navigation selected is popped up by GTK after its short
 * delay; within that delay its items have no frame yet and are dropped as {@code offscreen}.
 */
final class GailMenus {
    static final String SELECTION = "org.a11y.atspi.Selection";

    private final BusCalls calls;
    private final boolean gail;
    private final Map<AtspiRef, BusCalls.Pending> asked = new HashMap<>();
    private final Map<AtspiRef, String> selected = new HashMap<>();

    GailMenus(BusCalls calls, Toolkit toolkit) {
        this.calls = calls;
        this.gail = toolkit.gail();
    }

    /**
     * Asks a kept menu bar or menu which of its items is selected, so the answer is in flight while
     * the walk reads the next level; anything else, and any other toolkit, is not asked.
     */
    void ask(RawNode shell) {
        if (gail && !shell.gone() && shell(shell.role) && shell.childCount > 0
                && shell.interfaces.contains("Selection")) {
            asked.put(shell.ref, calls.send(shell.ref.bus(), shell.ref.path(), SELECTION, "GetSelectedChild", "i", 0));
        }
    }

    /**
     * Whether {@code menu} is an open GTK 2 menu: the shell it sits in ({@code kept} holds the
     * walk's elements by breadth-first index) was kept and has it selected.
     */
    boolean open(RawNode menu, List<RawNode> kept) {
        if (!gail || menu.role != AtspiNames.ROLE_MENU || menu.bfsParent < 0) {
            return false;
        }
        return menu.ref.path().equals(selectedOf(kept.get(menu.bfsParent).ref));
    }

    /**
     * Marks an open GTK 2 menu {@code expanded}, the state GTK 3 and other toolkits report for a
     * menu whose items show, so the agent sees which menu is open and a click that opened it has
     * its evidence. Returns whether it is open.
     */
    boolean markOpen(RawNode menu, List<RawNode> kept) {
        boolean open = open(menu, kept);
        if (open) {
            menu.stateBits |= 1L << AtspiNames.STATE_EXPANDED;
        }
        return open;
    }

    /**
     * For one element read on its own (a re-check, the evidence of a click): marks a GTK 2 menu
     * {@code expanded} when the shell it sits in (its accessible parent) has it selected. Two
     * round trips, sent only for a menu of a gail application.
     */
    static void markOpen(BusCalls calls, Toolkit toolkit, RawNode menu) {
        if (!toolkit.gail() || menu.gone() || menu.role != AtspiNames.ROLE_MENU) {
            return;
        }
        BusCalls.Reply parent = calls.call(menu.ref.bus(), menu.ref.path(), NodeReader.PROPERTIES, "Get", "ss",
                NodeReader.ACCESSIBLE, "Parent");
        if (!parent.ok()) {
            return;
        }
        AtspiRef shell = AtspiRef.fromStruct(NodeReader.unwrap(parent.value(0)));
        if (shell.isNull()) {
            return;
        }
        BusCalls.Reply selected = calls.call(menu.ref.bus(), shell.path(), SELECTION, "GetSelectedChild", "i", 0);
        if (selected.ok() && menu.ref.path().equals(AtspiRef.fromStruct(selected.value(0)).path())) {
            menu.stateBits |= 1L << AtspiNames.STATE_EXPANDED;
        }
    }

    private String selectedOf(AtspiRef shell) {
        if (selected.containsKey(shell)) {
            return selected.get(shell);
        }
        BusCalls.Pending pending = asked.remove(shell);
        String path = null;
        if (pending != null) {
            BusCalls.Reply r = calls.await(pending);
            if (r.ok()) {
                AtspiRef child = AtspiRef.fromStruct(r.value(0));
                path = child.isNull() ? null : child.path();
            }
        }
        selected.put(shell, path);
        return path;
    }

    private static boolean shell(int role) {
        return role == AtspiNames.ROLE_MENU_BAR || role == AtspiNames.ROLE_MENU;
    }
}
