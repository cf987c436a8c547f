package dev.countersign.desktop.macos;

import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.ByteByReference;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;

/**
 * The Accessibility functions of HIServices, reached through the ApplicationServices umbrella
 * framework. Loaded only on macOS, by {@link MacNative}; the interface itself compiles anywhere.
 *
 * <p>Types follow JNA's mapping of the C ABI: {@code AXError}, {@code pid_t} and enums are
 * {@code int}; C {@code Boolean} is one byte, so {@code byte} (test {@code != 0}), never JNA's
 * 4-byte {@code boolean}; {@code CFIndex} is {@code long}; {@code CGFloat} is {@code double}.
 * Ownership (Apple's Create Rule): a {@code Create}/{@code Copy} function returns a +1 reference
 * that the caller must {@code CFRelease} exactly once, in a {@code finally}; values set on an
 * element stay owned by the caller.
 */
interface ApplicationServices extends Library {

    /** Whether this process is trusted for Accessibility; no prompt. */
    byte AXIsProcessTrusted();

    /**
     * The same check with options; with {@code NULL} options it never prompts, which is how
     * Countersign calls it (the prompt is shown by the app's own onboarding, never by a preflight).
     */
    byte AXIsProcessTrustedWithOptions(Pointer options);

    /** Create: the application element of a pid; the caller releases it. Never NULL, even for a dead pid. */
    Pointer AXUIElementCreateApplication(int pid);

    /** Create: the system-wide element (focused application, hit tests); the caller releases it. */
    Pointer AXUIElementCreateSystemWide();

    /** Copy: one attribute's value into {@code value}; on success the caller releases it. */
    int AXUIElementCopyAttributeValue(Pointer element, Pointer attribute, PointerByReference value);

    /** Copy: the element's attribute names (CFArray of CFString); the caller releases the array. */
    int AXUIElementCopyAttributeNames(Pointer element, PointerByReference names);

    /** Copy: the element's action names (CFArray of CFString); the caller releases the array. */
    int AXUIElementCopyActionNames(Pointer element, PointerByReference names);

    /**
     * Copy: several attributes in one round trip; the caller releases the result array. With
     * {@code options} 0 a failed slot holds an AXValue of type kAXValueAXErrorType or kCFNull.
     * Items of the array are borrowed: CFRetain one to keep it past the array's release.
     */
    int AXUIElementCopyMultipleAttributeValues(Pointer element, Pointer attributes, int options,
            PointerByReference values);

    /**
     * Copy: at most {@code maxValues} values of an array attribute from {@code index} (a CFArray);
     * the caller releases the array. The application builds only those values.
     */
    int AXUIElementCopyAttributeValues(Pointer element, Pointer attribute, long index, long maxValues,
            PointerByReference values);

    /** How many values an array attribute has ({@code CFIndex*}); nothing to release. */
    int AXUIElementGetAttributeValueCount(Pointer element, Pointer attribute, LongByReference count);

    /** Whether an attribute can be set ({@code Boolean*}); nothing to release. */
    int AXUIElementIsAttributeSettable(Pointer element, Pointer attribute, ByteByReference settable);

    /** Performs a named action; may return kAXErrorCannotComplete although it acted (pop-up menus). */
    int AXUIElementPerformAction(Pointer element, Pointer action);

    /** Sets an attribute; {@code value} stays owned by the caller, who releases what it created. */
    int AXUIElementSetAttributeValue(Pointer element, Pointer attribute, Pointer value);


    /**
     * Sets how long calls on this element wait for the application (seconds, C {@code float});
     * 0 restores the global default; on the system-wide element it sets the global default.
     */
    int AXUIElementSetMessagingTimeout(Pointer element, float timeoutInSeconds);

    /**
     * Copy: the deepest element of {@code application} at a point (global top-left coordinates, C
     * {@code float}s), by z-order; on success the caller releases it. The hit test pointer input
     * aimed at an element must pass before it is sent.
     */
    int AXUIElementCopyElementAtPosition(Pointer application, float x, float y, PointerByReference element);

    /** The pid of the application an element belongs to; nothing to release. */
    int AXUIElementGetPid(Pointer element, IntByReference pid);

    /** The type of an AXValueRef (1 point, 2 size, 3 rect, 4 range, 5 error). */
    int AXValueGetType(Pointer value);

    /** Copies a point/size (2 doubles) or rect (4 doubles) out of an AXValueRef; true on success. */
    byte AXValueGetValue(Pointer value, int type, double[] out);

    /** Copies a CFRange (2 {@code CFIndex}: location, length) out of an AXValueRef of type 4; true on success. */
    byte AXValueGetValue(Pointer value, int type, long[] out);

    /** Create: an AXValueRef of a CFRange (type 4, 2 {@code CFIndex}); the caller releases it. NULL on failure. */
    Pointer AXValueCreate(int type, long[] value);

    /** The CFTypeID of AXUIElementRef, to check a CFTypeRef before treating it as an element. */
    long AXUIElementGetTypeID();

    /** The CFTypeID of AXValueRef. */
    long AXValueGetTypeID();

    /**
     * Private, undocumented, exported by HIServices: the CGWindowID of a window element. It may
     * vanish in a future macOS (UnsatisfiedLinkError on first call): callers fall back to
     * {@link WindowMatch}.
     */
    int _AXUIElementGetWindow(Pointer element, IntByReference windowId);
}
