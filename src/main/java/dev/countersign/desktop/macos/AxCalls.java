package dev.countersign.desktop.macos;

import dev.countersign.desktop.ElementHandle;
import java.util.List;
import java.util.Map;

/**
 * The few Accessibility reads a tree walk needs, over some element type {@code E}: on macOS an
 * {@code AXUIElementRef} ({@link NativeAxCalls}), in tests a recorded fixture. Everything above
 * this interface is pure and runs in the Linux test suite.
 *
 * <p>Each method throws {@link AxFailure} when the call as a whole fails (element gone, app busy,
 * not trusted); attributes an element does not have are simply missing from the answers.
 */
interface AxCalls<E> {

    /**
     * The named attributes in one round trip ({@code AXUIElementCopyMultipleAttributeValues}),
     * as plain Java values; names the element lacks or that failed are absent from the map.
     */
    Map<String, Object> attributes(E element, List<String> names);

    /** Whether an attribute can be set ({@code AXUIElementIsAttributeSettable}); false when unknown. */
    boolean settable(E element, String attribute);

    /** The element's action names ({@code AXUIElementCopyActionNames}). */
    List<String> actions(E element);

    /** The element's children ({@code AXChildren}), in order; empty when it has none. */
    List<E> children(E element);

    /** How many children it has, without fetching them ({@code AXUIElementGetAttributeValueCount}). */
    int childCount(E element);

    /**
     * The elements of an array attribute other than its children ({@code AXVisibleRows},
     * {@code AXVisibleCells}, {@code AXVisibleChildren}), in order; null when the element does not
     * have the attribute, so "none visible" and "cannot say" stay apart.
     */
    List<E> elementsIfAny(E element, String attribute);

    /** The element an attribute names ({@code AXHeader}); null when it has none. */
    E elementIfAny(E element, String attribute);

    /**
     * At most {@code max} of an array attribute's elements from index {@code from}
     * ({@code AXUIElementCopyAttributeValues}), without the application building the rest.
     */
    List<E> elements(E element, String attribute, int from, int max);

    /** The opaque handle for this element, kept by callers after the walk. */
    ElementHandle handle(E element);
}
