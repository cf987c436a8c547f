package dev.countersign.driver;

import dev.countersign.desktop.ElementNode;
import java.util.Locale;
import java.util.Set;

/**
 * What a {@code click} on an element really does. An accessible action is not a
 * click: GTK's entries offer only {@code activate} (Return, which fires the window's default
 * button) and macOS falls back to {@code AXConfirm} ("simulate pressing Return"). So a click on an
 * editable element only focuses it, and an element whose only actions are submit-like is judged
 * as the submit key, unless it is an item of a list, tree or table ({@link #item}), which such an
 * action opens.
 */
final class ClickSemantics {
    /** Actions that press, toggle or open: what a person's click does. */
    private static final Set<String> CLICK_LIKE = Set.of("click", "press", "toggle", "jump", "open", "pick",
            "showmenu", "expand", "collapse", "select");
    /** Actions that submit: Return on a field, the default button. */
    private static final Set<String> SUBMIT_LIKE = Set.of("activate", "confirm", "default", "submit");
    private static final Set<String> TEXT_ROLES = Set.of("text", "entry", "passwordtext", "textfield",
            "securetextfield", "searchfield", "textarea", "terminal", "spinbutton");
    /**
     * A combo box is a text field only when it takes text: a drop-down list (Thunderbird's folder
     * picker, a GTK combo box without an entry) is not editable, and a person's click there opens
     * its list — so it is pressed ({@code open}/{@code press}), not merely focused.
     */
    private static final String COMBO_BOX = "combobox";

    /** Items of a list, tree or table: activating one opens it, as a double click would. */
    private static final Set<String> ITEM_ROLES = Set.of("listitem", "treeitem", "tablecell", "tablerow",
            "cell", "row", "outlinerow");

    private ClickSemantics() {
    }

    /** Whether the element takes text: editable state, or a text-field role. */
    static boolean editable(ElementNode node) {
        return node.states().contains("editable") || textField(node);
    }

    /** Whether the element is a text field by its role (a combo box when it is editable), whose value is its text. */
    static boolean textField(ElementNode node) {
        String role = normalize(node.role());
        return TEXT_ROLES.contains(role) || COMBO_BOX.equals(role) && node.states().contains("editable");
    }

    /** Whether the element is an item of a list, tree or table by its role. */
    static boolean item(ElementNode node) {
        return ITEM_ROLES.contains(normalize(node.role()));
    }

    /**
     * Whether the element's only action is {@code select} (a row of Thunderbird's message list):
     * the click is that action, which selects the item and opens nothing, so it is judged as a
     * selection — a row's label is its content (a mail's subject), not a button's word.
     */
    static boolean onlySelects(ElementNode node) {
        return !node.actions().isEmpty() && node.actions().stream().allMatch(a -> "select".equals(normalize(a)));
    }

    /** Whether every action the element offers is submit-like (and it offers at least one). */
    static boolean onlySubmitLike(ElementNode node) {
        boolean submit = false;
        for (String action : node.actions()) {
            String a = normalize(action);
            if (CLICK_LIKE.contains(a)) {
                return false;
            }
            submit |= SUBMIT_LIKE.contains(a);
        }
        return submit;
    }

    private static String normalize(String name) {
        String letters = name == null ? "" : name.toLowerCase(Locale.ROOT).replaceAll("[^a-z]", "");
        return letters.startsWith("ax") ? letters.substring(2) : letters;
    }
}
