package dev.countersign.desktop.macos;

import java.util.List;
import java.util.Set;

/**
 * Accessibility attribute, action, role and subrole names ({@code AX*Constants.h}) and the
 * tables that decide how each role is read and acted on. The strings are the constants' values;
 * the native layer turns them into CFStrings once and caches them.
 */
final class AxNames {
    // Attributes read for every element, in one AXUIElementCopyMultipleAttributeValues call.
    static final String ROLE = "AXRole";
    static final String SUBROLE = "AXSubrole";
    static final String TITLE = "AXTitle";
    static final String DESCRIPTION = "AXDescription";
    static final String HELP = "AXHelp";
    static final String IDENTIFIER = "AXIdentifier";
    /** WebKit and Chromium: the DOM element's id, the closest thing a web page has to AXIdentifier. */
    static final String DOM_IDENTIFIER = "AXDOMIdentifier";
    static final String VALUE = "AXValue";
    static final String POSITION = "AXPosition";
    static final String SIZE = "AXSize";
    /** Not in the public headers, but answered by AppKit and WebKit; Position + Size is the fallback. */
    static final String FRAME = "AXFrame";
    static final String ENABLED = "AXEnabled";
    static final String FOCUSED = "AXFocused";
    static final String SELECTED = "AXSelected";
    static final String EXPANDED = "AXExpanded";
    static final String MAIN = "AXMain";
    static final String MINIMIZED = "AXMinimized";
    static final String MODAL = "AXModal";
    static final String ELEMENT_BUSY = "AXElementBusy";
    static final String LOADED = "AXLoaded";
    /** A menu item's check mark character ("✓" when checked, absent or empty otherwise). */
    static final String MENU_ITEM_MARK_CHAR = "AXMenuItemMarkChar";
    static final String CHILDREN = "AXChildren";
    static final String PARENT = "AXParent";
    /** A table's rows in view, the only rows a table is read by (its AXRows may be millions). */
    static final String VISIBLE_ROWS = "AXVisibleRows";
    /** A cell-based table's cells in view (spreadsheets), where it has no rows to read by. */
    static final String VISIBLE_CELLS = "AXVisibleCells";
    /** A list's or other collection's children in view. */
    static final String VISIBLE_CHILDREN = "AXVisibleChildren";
    /** A table's column header group, a sibling of its rows in AXChildren. */
    static final String HEADER = "AXHeader";
    /** How many rows and columns a table has in all: numbers, not arrays, so asking builds no elements. */
    static final String ROW_COUNT = "AXRowCount";
    static final String COLUMN_COUNT = "AXColumnCount";
    static final String WINDOWS = "AXWindows";
    static final String FOCUSED_WINDOW = "AXFocusedWindow";
    static final String FOCUSED_APPLICATION = "AXFocusedApplication";
    static final String FOCUSED_UI_ELEMENT = "AXFocusedUIElement";
    static final String FRONTMOST = "AXFrontmost";
    /** Chromium: set true on the application element to make it build its accessibility tree. */
    static final String ENHANCED_USER_INTERFACE = "AXEnhancedUserInterface";
    /** Electron: the same switch without the side effects AXEnhancedUserInterface has on window animation. */
    static final String MANUAL_ACCESSIBILITY = "AXManualAccessibility";

    /**
     * Our own key in an attribute map, not an AX name: whether {@code AXValue} is settable
     * ({@code AXUIElementIsAttributeSettable}), read only for text roles, where it means "editable".
     */
    static final String VALUE_SETTABLE = "cs:valueSettable";

    /**
     * The element whose text names this one ({@code kAXTitleUIElementAttribute}): a field's label
     * beside it, as AppKit links a form's "Password:" text to its field.
     */
    static final String TITLE_UI_ELEMENT = "AXTitleUIElement";

    /**
     * Our own key in an attribute map, not an AX name: the name taken from {@link #TITLE_UI_ELEMENT}
     * for an element with no AXTitle or AXDescription of its own (the twin of AT-SPI's labelled-by).
     */
    static final String TITLE_FROM_ELEMENT = "cs:titleFromElement";

    /** Roles a separate label names (text fields, pop-ups, sliders): the ones whose AXTitleUIElement is read. */
    static final Set<String> LABELLED_ROLES = Set.of("AXTextField", "AXTextArea", "AXComboBox", "AXSearchField",
            "AXSecureTextField", "AXPopUpButton", "AXSlider", "AXStepper", "AXIncrementor", "AXCheckBox",
            "AXRadioGroup");

    /** Everything but AXValue, which is read second and only when the element is not secure. */
    static final List<String> BATCH = List.of(ROLE, SUBROLE, TITLE, DESCRIPTION, HELP, IDENTIFIER, DOM_IDENTIFIER,
            FRAME, POSITION, SIZE, ENABLED, FOCUSED, SELECTED, EXPANDED, MAIN, MINIMIZED, MODAL, ELEMENT_BUSY, LOADED,
            MENU_ITEM_MARK_CHAR);

    // Actions.
    static final String PRESS = "AXPress";
    static final String CONFIRM = "AXConfirm";
    static final String PICK = "AXPick";
    static final String OPEN = "AXOpen";
    static final String RAISE = "AXRaise";
    static final String SHOW_MENU = "AXShowMenu";

    // Roles and subroles.
    static final String WINDOW = "AXWindow";
    static final String APPLICATION = "AXApplication";
    static final String BUTTON = "AXButton";
    static final String POP_UP_BUTTON = "AXPopUpButton";
    static final String MENU_BUTTON = "AXMenuButton";
    static final String COMBO_BOX = "AXComboBox";
    static final String MENU_BAR_ITEM = "AXMenuBarItem";
    static final String MENU_ITEM = "AXMenuItem";
    static final String MENU = "AXMenu";
    static final String CHECK_BOX = "AXCheckBox";
    static final String RADIO_BUTTON = "AXRadioButton";
    static final String TEXT_FIELD = "AXTextField";
    static final String TEXT_AREA = "AXTextArea";
    static final String STATIC_TEXT = "AXStaticText";
    static final String WEB_AREA = "AXWebArea";
    static final String SECURE_TEXT_FIELD = "AXSecureTextField";
    static final String SEARCH_FIELD = "AXSearchField";
    static final String TOGGLE = "AXToggle";
    static final String SWITCH = "AXSwitch";

    /** Roles whose children are rows (and cells) of a table: read by the ones in view. */
    static final Set<String> TABLES = Set.of("AXTable", "AXOutline", "AXGrid");

    /**
     * Roles that may hold more children than any snapshot keeps: their children are counted
     * before they are asked for, and past a bound read by the ones in view.
     */
    static final Set<String> COLLECTIONS = Set.of("AXTable", "AXOutline", "AXGrid", "AXList", "AXBrowser",
            "AXLayoutArea");

    /** Roles whose AXValue is text a person typed, settable when editable. */
    static final Set<String> TEXT_ROLES = Set.of(TEXT_FIELD, TEXT_AREA, COMBO_BOX);

    /** Roles (and subroles) whose AXValue 0/1/2 means unchecked/checked/mixed. */
    static final Set<String> CHECKABLE = Set.of(CHECK_BOX, RADIO_BUTTON, TOGGLE, SWITCH);

    /**
     * Roles whose press opens a menu and whose AXPress then does not return until the menu closes
     * (or the messaging timeout passes, with kAXErrorCannotComplete): pressed with a short timeout.
     */
    static final Set<String> OPENS_MENU = Set.of(POP_UP_BUTTON, MENU_BUTTON, COMBO_BOX, MENU_BAR_ITEM);

    /** What "press" means when AXPress is not offered, in order of preference. */
    static final List<String> PRESS_PREFERENCE = List.of(PRESS, CONFIRM, PICK, OPEN);

    private AxNames() {
    }

    /** Whether an element with this role and subrole is a password field, whose value is never read. */
    static boolean secure(String role, String subrole) {
        return SECURE_TEXT_FIELD.equals(subrole) || SECURE_TEXT_FIELD.equals(role);
    }

    static boolean table(String role) {
        return role != null && TABLES.contains(role);
    }

    static boolean collection(String role) {
        return role != null && COLLECTIONS.contains(role);
    }

    static boolean textRole(String role) {
        return role != null && TEXT_ROLES.contains(role);
    }

    static boolean checkable(String role, String subrole) {
        // Set.of(...).contains(null) throws: most elements have no subrole.
        return role != null && CHECKABLE.contains(role) || subrole != null && CHECKABLE.contains(subrole);
    }

    static boolean opensMenu(String role) {
        return role != null && OPENS_MENU.contains(role);
    }

    /**
     * Whether an action name is one of AppKit's "custom actions", which arrive as a description
     * ({@code Name:Delete\nTarget:0x…\nSelector:…}) rather than a name and cannot be performed by it.
     */
    static boolean customAction(String action) {
        return action.startsWith("Name:") || action.indexOf('\n') >= 0;
    }
}
