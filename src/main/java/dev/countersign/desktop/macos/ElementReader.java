package dev.countersign.desktop.macos;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads one element in the order that keeps password fields out of reach: the batch of
 * everything but {@code AXValue} first, then {@code AXValue} only when the role and subrole say
 * the element is not secure, then (for text roles) whether the value is settable, then actions.
 */
final class ElementReader<E> {
    private final AxCalls<E> calls;

    ElementReader(AxCalls<E> calls) {
        this.calls = calls;
    }

    /** One element as read: its attributes and actions, or why it could not be read. */
    record Read(Map<String, Object> attributes, List<String> actions, String goneReason) {
        boolean gone() {
            return goneReason != null;
        }
    }

    Read read(E element) {
        try {
            Map<String, Object> a = new HashMap<>(calls.attributes(element, AxNames.BATCH));
            if (a.get(AxNames.ROLE) == null) {
                // Every live element has a role; none means it was destroyed between calls.
                return new Read(Map.of(), List.of(), "element has no role (destroyed)");
            }
            String title = titleFromElement(element, a);
            if (title != null) {
                // Known before AXValue is asked for: a field named "Password" only by it is secure.
                a.put(AxNames.TITLE_FROM_ELEMENT, title);
            }
            if (AxElementMapper.mayReadValue(a)) {
                a.putAll(calls.attributes(element, List.of(AxNames.VALUE)));
            }
            if (AxElementMapper.wantsSettable(a)) {
                a.put(AxNames.VALUE_SETTABLE, calls.settable(element, AxNames.VALUE));
            }
            return new Read(a, calls.actions(element), null);
        } catch (AxFailure f) {
            return new Read(Map.of(), List.of(), reason(f.error()));
        }
    }

    /**
     * The name an element without an AXTitle or AXDescription takes from its AXTitleUIElement (the
     * label's title, description, or a static text's value; never a secure field's value); null
     * when it has its own name, is not a role a label names, or has no readable label.
     */
    private String titleFromElement(E element, Map<String, Object> a) {
        String role = AxElementMapper.string(a, AxNames.ROLE);
        if (!AxNames.LABELLED_ROLES.contains(role) || !blank(AxElementMapper.string(a, AxNames.TITLE))
                || !blank(AxElementMapper.string(a, AxNames.DESCRIPTION))) {
            return null;
        }
        try {
            E label = calls.elementIfAny(element, AxNames.TITLE_UI_ELEMENT);
            if (label == null || label.equals(element)) {
                return null;
            }
            Map<String, Object> l = calls.attributes(label, LABEL_BATCH);
            for (String name : List.of(AxNames.TITLE, AxNames.DESCRIPTION)) {
                if (!blank(AxElementMapper.string(l, name))) {
                    return AxElementMapper.string(l, name);
                }
            }
            if (AxNames.STATIC_TEXT.equals(AxElementMapper.string(l, AxNames.ROLE))) {
                Object v = calls.attributes(label, List.of(AxNames.VALUE)).get(AxNames.VALUE);
                return v instanceof String s && !s.isBlank() ? s : null;
            }
            return null;
        } catch (AxFailure f) {
            // An unreadable label names nothing; the element itself was read.
            return null;
        }
    }

    private static final List<String> LABEL_BATCH = List.of(AxNames.ROLE, AxNames.TITLE, AxNames.DESCRIPTION);

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    static String reason(AxError e) {
        switch (e.meaning) {
            case GONE:
                return "element gone (kAXErrorInvalidUIElement)";
            case BUSY:
                return "application not responding (kAXErrorCannotComplete)";
            case NOT_TRUSTED:
                return "accessibility is not granted (kAXErrorAPIDisabled)";
            default:
                return "unreadable (" + e + ")";
        }
    }
}
