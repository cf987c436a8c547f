package dev.countersign.desktop.macos;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.ByteByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;
import dev.countersign.desktop.ElementHandle;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** {@link AxCalls} on live {@code AXUIElementRef}s: the only place tree reads touch the Accessibility API. */
final class NativeAxCalls implements AxCalls<AxRef> {
    private final ApplicationServices ax = MacNative.Libs.AX;

    @Override
    public Map<String, Object> attributes(AxRef element, List<String> names) {
        PointerByReference out = new PointerByReference();
        check("AXUIElementCopyMultipleAttributeValues",
                ax.AXUIElementCopyMultipleAttributeValues(element.element, Cf.names(names).getPointer(), 0, out));
        Pointer values = out.getValue();
        try {
            List<Pointer> items = Cf.items(values);
            Map<String, Object> map = new HashMap<>();
            for (int i = 0; i < items.size() && i < names.size(); i++) {
                Object v = Cf.toJava(items.get(i));
                // A failed slot (AXValue of type error, or kCFNull, which converts to null) is absent.
                if (v != null && !(v instanceof AxValue.Error)) {
                    map.put(names.get(i), v);
                }
            }
            return map;
        } finally {
            Cf.release(values);
        }
    }

    @Override
    public boolean settable(AxRef element, String attribute) {
        ByteByReference settable = new ByteByReference();
        int err = ax.AXUIElementIsAttributeSettable(element.element, Cf.name(attribute).getPointer(), settable);
        if (AxError.of(err).absent()) {
            return false;
        }
        check("AXUIElementIsAttributeSettable", err);
        return settable.getValue() != 0;
    }

    @Override
    public List<String> actions(AxRef element) {
        PointerByReference out = new PointerByReference();
        int err = ax.AXUIElementCopyActionNames(element.element, out);
        if (AxError.of(err).absent()) {
            return List.of();
        }
        check("AXUIElementCopyActionNames", err);
        try {
            return Cf.strings(out.getValue());
        } finally {
            Cf.release(out.getValue());
        }
    }

    @Override
    public List<AxRef> children(AxRef element) {
        return elements(element, AxNames.CHILDREN);
    }

    /** The elements of an array attribute (AXChildren, AXWindows), each retained into its own handle. */
    List<AxRef> elements(AxRef element, String attribute) {
        List<AxRef> found = elementsIfAny(element, attribute);
        return found == null ? List.of() : found;
    }

    @Override
    public List<AxRef> elementsIfAny(AxRef element, String attribute) {
        PointerByReference out = new PointerByReference();
        int err = ax.AXUIElementCopyAttributeValue(element.element, Cf.name(attribute).getPointer(), out);
        if (AxError.of(err).absent()) {
            return null;
        }
        check("AXUIElementCopyAttributeValue(" + attribute + ")", err);
        return owned(element, out.getValue());
    }

    @Override
    public List<AxRef> elements(AxRef element, String attribute, int from, int max) {
        PointerByReference out = new PointerByReference();
        int err = ax.AXUIElementCopyAttributeValues(element.element, Cf.name(attribute).getPointer(), from, max, out);
        if (AxError.of(err).absent()) {
            return List.of();
        }
        check("AXUIElementCopyAttributeValues(" + attribute + ")", err);
        return owned(element, out.getValue());
    }

    @Override
    public AxRef elementIfAny(AxRef element, String attribute) {
        PointerByReference out = new PointerByReference();
        int err = ax.AXUIElementCopyAttributeValue(element.element, Cf.name(attribute).getPointer(), out);
        if (AxError.of(err).absent()) {
            return null;
        }
        check("AXUIElementCopyAttributeValue(" + attribute + ")", err);
        Pointer value = out.getValue();
        try {
            // Anything but an element (or nothing) names no element.
            return value != null && MacNative.Libs.CF.CFGetTypeID(value) == ax.AXUIElementGetTypeID()
                    ? AxRef.retaining(value, element.pid) : null;
        } finally {
            Cf.release(value);
        }
    }

    /** The elements of a copied array (released here), each retained into its own handle; none when it is no array. */
    private List<AxRef> owned(AxRef element, Pointer array) {
        try {
            if (!Cf.isArray(array)) {
                // An app answered an array attribute with something else (or nothing): no elements.
                // Reading it as a CFArray would abort the JVM.
                return List.of();
            }
            long elementType = ax.AXUIElementGetTypeID();
            List<AxRef> refs = new ArrayList<>();
            for (Pointer p : Cf.items(array)) {
                // Check the type before wrapping: a stray non-element in the array must not become a handle.
                if (p != null && MacNative.Libs.CF.CFGetTypeID(p) == elementType) {
                    refs.add(AxRef.retaining(p, element.pid));
                }
            }
            return refs;
        } finally {
            Cf.release(array);
        }
    }

    /**
     * An element-valued attribute ({@code AXParent}) in a handle of its own (Copy: +1, owned by the
     * handle); null when the element has none or the value is not an element (released at once).
     */
    AxRef element(AxRef element, String attribute) {
        PointerByReference out = new PointerByReference();
        int err = ax.AXUIElementCopyAttributeValue(element.element, Cf.name(attribute).getPointer(), out);
        if (AxError.of(err).absent()) {
            return null;
        }
        check("AXUIElementCopyAttributeValue(" + attribute + ")", err);
        Pointer value = out.getValue();
        if (value == null) {
            return null;
        }
        if (MacNative.Libs.CF.CFGetTypeID(value) != ax.AXUIElementGetTypeID()) {
            Cf.release(value);
            return null;
        }
        return AxRef.owning(value, element.pid);
    }

    @Override
    public int childCount(AxRef element) {
        LongByReference count = new LongByReference();
        int err = ax.AXUIElementGetAttributeValueCount(element.element, Cf.name(AxNames.CHILDREN).getPointer(), count);
        if (AxError.of(err).absent()) {
            return 0;
        }
        check("AXUIElementGetAttributeValueCount", err);
        return (int) Math.min(Integer.MAX_VALUE, count.getValue());
    }

    @Override
    public ElementHandle handle(AxRef element) {
        return element;
    }

    static void check(String call, int code) {
        if (code != 0) {
            throw new AxFailure(call, code);
        }
    }
}
