package dev.countersign.desktop.macos;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import com.sun.jna.platform.mac.CoreFoundation;
import com.sun.jna.platform.mac.CoreFoundation.CFArrayRef;
import com.sun.jna.platform.mac.CoreFoundation.CFBooleanRef;
import com.sun.jna.platform.mac.CoreFoundation.CFDictionaryRef;
import com.sun.jna.platform.mac.CoreFoundation.CFIndex;
import com.sun.jna.platform.mac.CoreFoundation.CFNumberRef;
import com.sun.jna.platform.mac.CoreFoundation.CFStringRef;
import com.sun.jna.platform.mac.CoreFoundation.CFTypeRef;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * CoreFoundation values to plain Java values, on jna-platform's {@link CoreFoundation}: CFString
 * to String, CFBoolean to Boolean, CFNumber to Long or Double, AXValue to {@link AxValue}, and
 * dictionaries to maps of the keys asked for. Everything here borrows: the caller owns (and
 * releases) what it passes in; strings made for names are cached for the process's life.
 */
final class Cf {
    private static final CoreFoundation CF = CoreFoundation.INSTANCE;
    private static final Map<String, CFStringRef> NAMES = new ConcurrentHashMap<>();
    private static final Map<List<String>, CFArrayRef> NAME_ARRAYS = new ConcurrentHashMap<>();

    private Cf() {
    }

    /** A cached CFString for an attribute/action/key name; never released (a few dozen, process lifetime). */
    static CFStringRef name(String name) {
        return NAMES.computeIfAbsent(name, CFStringRef::createCFString);
    }

    /**
     * A cached CFArray of names for batch reads. The array is made with {@code kCFTypeArrayCallBacks}
     * so it retains its items; it is kept for the process's life like the names.
     */
    static CFArrayRef names(List<String> names) {
        return NAME_ARRAYS.computeIfAbsent(List.copyOf(names), list -> {
            Pointer callbacks = NativeLibrary.getInstance("CoreFoundation")
                    .getGlobalVariableAddress("kCFTypeArrayCallBacks");
            Memory items = new Memory((long) Native.POINTER_SIZE * list.size());
            for (int i = 0; i < list.size(); i++) {
                items.setPointer((long) Native.POINTER_SIZE * i, name(list.get(i)).getPointer());
            }
            return CF.CFArrayCreate(null, items, new CFIndex(list.size()), callbacks);
        });
    }

    /**
     * The CF objects this class keeps for the process's life (cached names and name arrays): the
     * one set of objects a leak check must not count as leaked.
     */
    static List<Pointer> cached() {
        List<Pointer> out = new ArrayList<>();
        NAMES.values().forEach(s -> out.add(s.getPointer()));
        NAME_ARRAYS.values().forEach(a -> out.add(a.getPointer()));
        return out;
    }

    /** Releases a +1 reference from a Create/Copy call; null-safe because jna-platform's release() is not. */
    static void release(Pointer p) {
        if (p != null) {
            CF.CFRelease(new CFTypeRef(p));
        }
    }

    static void retain(Pointer p) {
        if (p != null) {
            CF.CFRetain(new CFTypeRef(p));
        }
    }

    /** {@code CFEqual} through our own binding: its result is a one-byte Boolean. */
    static boolean equal(Pointer a, Pointer b) {
        return a != null && b != null && MacNative.Libs.CF.CFEqual(a, b) != 0;
    }

    /** {@code CFHash}: equal objects hash alike. */
    static long hash(Pointer p) {
        return p == null ? 0 : MacNative.Libs.CF.CFHash(p);
    }

    /** Whether a borrowed value is a CFArray: an app may answer an array attribute with anything. */
    static boolean isArray(Pointer p) {
        return p != null && MacNative.Libs.CF.CFGetTypeID(p) == MacNative.Libs.CF.CFArrayGetTypeID();
    }

    static boolean isDictionary(Pointer p) {
        return p != null && MacNative.Libs.CF.CFGetTypeID(p) == MacNative.Libs.CF.CFDictionaryGetTypeID();
    }

    static boolean isData(Pointer p) {
        return p != null && MacNative.Libs.CF.CFGetTypeID(p) == MacNative.Libs.CF.CFDataGetTypeID();
    }

    /** A borrowed CF value as Java, or null for types with no plain form (elements, CFNull, errors). */
    static Object toJava(Pointer p) {
        if (p == null) {
            return null;
        }
        long type = CF.CFGetTypeID(p).longValue();
        if (type == CoreFoundation.STRING_TYPE_ID.longValue()) {
            return new CFStringRef(p).stringValue();
        }
        if (type == CoreFoundation.BOOLEAN_TYPE_ID.longValue()) {
            return new CFBooleanRef(p).booleanValue();
        }
        if (type == CoreFoundation.NUMBER_TYPE_ID.longValue()) {
            CFNumberRef n = new CFNumberRef(p);
            return CfNumberTypes.floating(CF.CFNumberGetType(n).longValue()) ? (Object) n.doubleValue()
                    : (Object) n.longValue();
        }
        if (type == MacNative.Libs.AX.AXValueGetTypeID()) {
            return axValue(p);
        }
        if (type == CoreFoundation.DICTIONARY_TYPE_ID.longValue()) {
            // Nested dictionaries here are kCGWindowBounds; their keys are fixed.
            return dictionary(p, List.of("X", "Y", "Width", "Height"));
        }
        return null;
    }

    private static AxValue axValue(Pointer p) {
        int type = MacNative.Libs.AX.AXValueGetType(p);
        if (type == AxValue.TYPE_RANGE) {
            // A CFRange is two CFIndex (longs), not CGFloats: read through the long[] binding.
            long[] range = new long[2];
            return MacNative.Libs.AX.AXValueGetValue(p, type, range) != 0 ? new AxValue.Range(range[0], range[1]) : null;
        }
        if (type == AxValue.TYPE_ERROR) {
            // The failed slot of a batch read. Which error it was does not matter to the reader (the
            // attribute is absent either way), so its code is not unpacked.
            return new AxValue.Error(AxError.FAILURE.code);
        }
        int n = AxValue.doublesFor(type);
        if (n == 0) {
            return null;
        }
        double[] raw = new double[n];
        return MacNative.Libs.AX.AXValueGetValue(p, type, raw) != 0 ? AxValue.ofDoubles(type, raw) : null;
    }

    /** The values of the given keys in a borrowed CFDictionary, converted; missing keys are absent. */
    static Map<String, Object> dictionary(Pointer dict, List<String> keys) {
        if (dict == null) {
            return null;
        }
        if (!isDictionary(dict)) {
            // Not a dictionary: no keys can be read from it, and a CFDictionaryGetValue on it would crash.
            return new LinkedHashMap<>();
        }
        CFDictionaryRef d = new CFDictionaryRef(dict);
        Map<String, Object> out = new LinkedHashMap<>();
        for (String k : keys) {
            Pointer v = d.getValue(name(k));
            Object j = toJava(v);
            if (j != null) {
                out.put(k, j);
            }
        }
        return out;
    }

    /**
     * The items of a borrowed CFArray, borrowed in turn; none when the value is not an array
     * (CFArrayGetCount on a CFString or an AXValue reads foreign memory and aborts the process).
     */
    static List<Pointer> items(Pointer array) {
        if (!isArray(array)) {
            return Collections.emptyList();
        }
        CFArrayRef a = new CFArrayRef(array);
        int n = a.getCount();
        List<Pointer> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(a.getValueAtIndex(i));
        }
        return out;
    }

    /** The strings of a borrowed CFArray of CFString; other items are skipped. */
    static List<String> strings(Pointer array) {
        List<String> out = new ArrayList<>();
        for (Pointer p : items(array)) {
            Object o = toJava(p);
            if (o instanceof String s) {
                out.add(s);
            }
        }
        return out;
    }

    /**
     * Create: a CFArray of the given CF objects (elements to set as a selection), made with
     * {@code kCFTypeArrayCallBacks} so it retains them; the caller releases the array.
     */
    static Pointer createArray(List<Pointer> items) {
        Pointer callbacks = NativeLibrary.getInstance("CoreFoundation").getGlobalVariableAddress("kCFTypeArrayCallBacks");
        Memory values = new Memory((long) Native.POINTER_SIZE * Math.max(1, items.size()));
        for (int i = 0; i < items.size(); i++) {
            values.setPointer((long) Native.POINTER_SIZE * i, items.get(i));
        }
        return CF.CFArrayCreate(null, values, new CFIndex(items.size()), callbacks).getPointer();
    }

    /** Create: a CFString the caller releases (for values set on elements, which are not cached). */
    static Pointer createString(String s) {
        return CFStringRef.createCFString(s).getPointer();
    }
}
