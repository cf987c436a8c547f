package dev.countersign.desktop.macos;

import dev.countersign.desktop.MenuShortcut;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The key equivalents of an application's menu bar ({@code AXMenuBar}): each enabled
 * {@code AXMenuItem} with an {@code AXMenuItemCmdChar} and its {@code AXMenuItemCmdModifiers}. On
 * macOS the menu bar is the application's, not a window's, so every window of the app shares it.
 */
final class MacMenuShortcuts {
    static final String MENU_BAR = "AXMenuBar";
    static final String CMD_CHAR = "AXMenuItemCmdChar";
    static final String CMD_MODIFIERS = "AXMenuItemCmdModifiers";
    /** {@code kAXMenuItemModifierShift}, {@code …Option}, {@code …Control}, {@code …NoCommand}. */
    static final int SHIFT = 1;
    static final int OPTION = 1 << 1;
    static final int CONTROL = 1 << 2;
    static final int NO_COMMAND = 1 << 3;
    /** Menus are a few hundred items; a bar that answers more is read no further. */
    private static final int MAX_ELEMENTS = 4000;
    private static final List<String> ITEM_ATTRIBUTES = List.of(AxNames.ROLE, AxNames.TITLE, AxNames.DESCRIPTION,
            AxNames.IDENTIFIER, AxNames.ENABLED, CMD_CHAR, CMD_MODIFIERS);

    private MacMenuShortcuts() {
    }

    static List<MenuShortcut> read(NativeAxCalls calls, AxRef application) {
        AxRef bar = calls.elementIfAny(application, MENU_BAR);
        List<MenuShortcut> out = new ArrayList<>();
        if (bar == null) {
            return out;
        }
        Deque<AxRef> todo = new ArrayDeque<>(calls.children(bar));
        int seen = 0;
        while (!todo.isEmpty() && seen++ < MAX_ELEMENTS) {
            AxRef element = todo.removeFirst();
            Map<String, Object> a;
            try {
                a = calls.attributes(element, ITEM_ATTRIBUTES);
            } catch (AxFailure f) {
                continue;
            }
            if (Boolean.FALSE.equals(a.get(AxNames.ENABLED))) {
                continue;
            }
            if (AxNames.MENU_ITEM.equals(a.get(AxNames.ROLE))) {
                chord(AxElementMapper.string(a, CMD_CHAR), a.get(CMD_MODIFIERS)).ifPresent(chord -> out.add(
                        new MenuShortcut(chord, AxElementMapper.string(a, AxNames.TITLE),
                                AxElementMapper.string(a, AxNames.IDENTIFIER),
                                AxElementMapper.string(a, AxNames.DESCRIPTION))));
            }
            try {
                todo.addAll(calls.children(element));
            } catch (AxFailure f) {
                // An item without children, or one that went away: nothing under it to read.
            }
        }
        return out;
    }

    /**
     * The chord of a key equivalent: command is held unless {@link #NO_COMMAND} says otherwise; a
     * character that is not printable (an arrow's or a function key's glyph) is not read.
     */
    static Optional<String> chord(String cmdChar, Object modifiers) {
        if (cmdChar == null || cmdChar.codePointCount(0, cmdChar.length()) != 1) {
            return Optional.empty();
        }
        int c = cmdChar.codePointAt(0);
        if (Character.isISOControl(c) || Character.isWhitespace(c) || Character.getType(c) == Character.PRIVATE_USE) {
            return Optional.empty();
        }
        int bits = modifiers instanceof Number n ? n.intValue() : 0;
        StringBuilder chord = new StringBuilder();
        if ((bits & CONTROL) != 0) {
            chord.append("ctrl+");
        }
        if ((bits & OPTION) != 0) {
            chord.append("alt+");
        }
        if ((bits & SHIFT) != 0) {
            chord.append("shift+");
        }
        if ((bits & NO_COMMAND) == 0) {
            chord.append("cmd+");
        }
        return Optional.of(chord.append(cmdChar.toLowerCase(Locale.ROOT)).toString());
    }
}
