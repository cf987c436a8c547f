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
