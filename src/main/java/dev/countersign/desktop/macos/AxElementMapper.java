package dev.countersign.desktop.macos;

import dev.countersign.core.Rect;
import dev.countersign.desktop.ElementHandle;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.SecretFields;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Turns the plain attribute map the native layer read for one element (AX names to Java values:
 * String, Boolean, Long, Double, {@link AxValue}) into the SPI's {@link ElementNode}.
 *
 * <p>Roles and subroles stay the AX names ({@code AXButton}, {@code AXSecureTextField}): they are
 * what macOS calls them and what a person debugging with Accessibility Inspector sees. States are
 * the lowercase words the Linux backend uses ({@code enabled}, {@code focused}, {@code checked},
 * {@code editable}, {@code showing}, ...), so the driver's rules read the same on both platforms.
 */
final class AxElementMapper {
    private final Displays displays;

    AxElementMapper(Displays displays) {
        this.displays = Objects.requireNonNull(displays, "displays");
    }

    /**
     * Whether the native layer may ask for this element's {@code AXValue}, judged from the first
     * batch (role, subrole): never for a password field, so its text never enters this process.
     */
    static boolean mayReadValue(Map<String, Object> attributes) {
        return !secure(attributes);
    }

    /** Whether the native layer should ask if {@code AXValue} is settable: only text roles, where it means editable. */
    static boolean wantsSettable(Map<String, Object> attributes) {
        return AxNames.textRole(string(attributes, AxNames.ROLE));
    }

    /**
     * A password field by role or subrole, or a text field that holds a secret by its label: its
     * title, description, or the text of its title element ({@link SecretFields#labelled}), as on
     * Linux, where an unnamed field labelled "Password" by a relation is secure.
     */
    static boolean secure(Map<String, Object> attributes) {
        String role = string(attributes, AxNames.ROLE);
        if (AxNames.secure(role, string(attributes, AxNames.SUBROLE))) {
            return true;
        }
        return AxNames.textRole(role) && (SecretFields.labelled(string(attributes, AxNames.TITLE))
                || SecretFields.labelled(string(attributes, AxNames.DESCRIPTION))
                || SecretFields.labelled(string(attributes, AxNames.TITLE_FROM_ELEMENT)));
    }

    ElementNode node(ElementHandle handle, Map<String, Object> attributes, List<String> actions, int depth,
            int parent) {
        String role = string(attributes, AxNames.ROLE);
        String subrole = string(attributes, AxNames.SUBROLE);
        boolean secure = secure(attributes);
        Rect frame = Frames.of(attributes);
        String title = string(attributes, AxNames.TITLE);
        String axDescription = string(attributes, AxNames.DESCRIPTION);
        String name;
        String description;
        // VoiceOver's order: a title, else the description (icon buttons carry their label there),
        // else for static text its value. What is used as the name is not repeated as description.
        if (!blank(title)) {
            name = title;
            description = !blank(axDescription) && !axDescription.equals(title) ? axDescription
                    : string(attributes, AxNames.HELP);
        } else if (!blank(axDescription)) {
            name = axDescription;
            description = string(attributes, AxNames.HELP);
        } else if (!blank(string(attributes, AxNames.TITLE_FROM_ELEMENT))) {
            // Named by its label beside it (AXTitleUIElement), as VoiceOver reads it.
            name = string(attributes, AxNames.TITLE_FROM_ELEMENT);
            description = string(attributes, AxNames.HELP);
        } else {
            name = AxNames.STATIC_TEXT.equals(role) ? text(attributes.get(AxNames.VALUE)) : null;
            description = string(attributes, AxNames.HELP);
        }
        String identifier = string(attributes, AxNames.IDENTIFIER);
        if (blank(identifier)) {
            identifier = string(attributes, AxNames.DOM_IDENTIFIER);
        }
        String value = secure ? null : text(attributes.get(AxNames.VALUE));
        return new ElementNode(handle, role == null ? "AXUnknown" : role, blank(subrole) ? null : subrole,
                name, description, blank(identifier) ? null : identifier, value, frame,
                states(attributes, role, subrole, frame), actions(actions), secure, depth, parent);
    }

    /** The lowercase state words for one element. */
    Set<String> states(Map<String, Object> a, String role, String subrole, Rect frame) {
        Set<String> s = new TreeSet<>();
        // Groups, static text and web content often have no AXEnabled at all; they are not disabled.
        Boolean enabled = bool(a, AxNames.ENABLED);
        if (enabled == null || enabled) {
            s.add("enabled");
            s.add("sensitive");
        }
        Boolean focused = bool(a, AxNames.FOCUSED);
        if (focused != null) {
            // An element that answers AXFocused at all is one focus can move to.
            s.add("focusable");
            if (focused) {
                s.add("focused");
            }
        }
        Boolean selected = bool(a, AxNames.SELECTED);
        if (selected != null) {
            s.add("selectable");
            if (selected) {
                s.add("selected");
            }
        }
        Boolean expanded = bool(a, AxNames.EXPANDED);
        if (expanded != null) {
            s.add("expandable");
            s.add(expanded ? "expanded" : "collapsed");
        }
        if (AxNames.checkable(role, subrole)) {
            s.add("checkable");
            Object v = a.get(AxNames.VALUE);
            long checked = v instanceof Number number ? number.longValue() : v instanceof Boolean b && b ? 1 : 0;
            if (checked == 1) {
                s.add("checked");
            } else if (checked == 2) {
                s.add("indeterminate");
            }
        }
        if (AxNames.MENU_ITEM.equals(role) && !blank(string(a, AxNames.MENU_ITEM_MARK_CHAR))) {
            s.add("checked");
        }
        if (AxNames.textRole(role)) {
            boolean settable = Boolean.TRUE.equals(a.get(AxNames.VALUE_SETTABLE));
            s.add(settable ? "editable" : "read_only");
            s.add(AxNames.TEXT_AREA.equals(role) ? "multi_line" : "single_line");
        }
        if (AxNames.opensMenu(role)) {
            s.add("has_popup");
        }
        if (Boolean.TRUE.equals(bool(a, AxNames.MAIN))) {
            s.add("active");
        }
        if (Boolean.TRUE.equals(bool(a, AxNames.MINIMIZED))) {
            s.add("iconified");
        }
        if (Boolean.TRUE.equals(bool(a, AxNames.MODAL))) {
            s.add("modal");
        }
        // A web area still loading (AXLoaded false) or an element that says it is busy.
        if (Boolean.TRUE.equals(bool(a, AxNames.ELEMENT_BUSY)) || Boolean.FALSE.equals(bool(a, AxNames.LOADED))) {
            s.add("busy");
        }
        if (frame != null && !frame.isEmpty() && !Boolean.TRUE.equals(bool(a, AxNames.MINIMIZED))) {
            s.add("visible");
            if (displays.showing(frame)) {
                s.add("showing");
            }
        }
        return s;
    }

    /** The actions that can be performed by name, in the element's order; custom-action descriptions are left out. */
    static List<String> actions(List<String> names) {
        List<String> out = new ArrayList<>(names.size());
        for (String n : names) {
            if (n != null && !n.isBlank() && !AxNames.customAction(n) && !out.contains(n)) {
                out.add(n);
            }
        }
        return out;
    }

    /**
     * A scalar AXValue as text: strings as they are, whole numbers without a fraction (a check
     * box's 1, not 1.0), other numbers as Java prints doubles, booleans as true/false; anything
     * else (arrays, elements, ranges) is not a value a person reads, so null.
     */
    static String text(Object v) {
        if (v instanceof String s) {
            return s;
        }
        if (v instanceof Long || v instanceof Integer) {
            return v.toString();
        }
        if (v instanceof Double boxed) {
            double d = boxed;
            return d == Math.rint(d) && !Double.isInfinite(d) && Math.abs(d) < 1e15 ? Long.toString((long) d)
                    : Double.toString(d);
        }
        if (v instanceof Boolean) {
            return v.toString();
        }
        return null;
    }

    static String string(Map<String, Object> a, String key) {
        Object v = a.get(key);
        return v instanceof String s ? s : null;
    }

    private static Boolean bool(Map<String, Object> a, String key) {
        Object v = a.get(key);
        if (v instanceof Boolean b) {
            return b;
        }
        // Some apps answer booleans as CFNumber 0/1.
        return v instanceof Long || v instanceof Integer ? ((Number) v).longValue() != 0 : null;
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
