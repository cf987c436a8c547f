package dev.countersign.desktop.macos;

import com.sun.jna.Pointer;
import dev.countersign.desktop.ElementHandle;
import java.lang.ref.Cleaner;

/**
 * The macOS {@link ElementHandle}: one retained {@code AXUIElementRef} and the pid of its
 * application. The reference is released once, by a {@link Cleaner}, when the handle becomes
 * unreachable: the driver keeps handles for an observation's lifetime and then drops them, and no
 * caller can release one twice (a double CFRelease would crash the JVM).
 *
 * <p>Two handles are equal when {@code CFEqual} says their elements are, which is how AX compares
 * elements (pointers differ between reads of the same element); the hash is {@code CFHash}'s. {@link #toString()} is opaque.
 */
final class AxRef implements ElementHandle {
    private static final Cleaner CLEANER = Cleaner.create();

    final Pointer element;
    final int pid;
    /** CFHash of the element, read once (an element never changes identity); 0 until then. */
    private volatile long hash;
    private volatile boolean hashed;

    /** Takes ownership of a +1 reference (from a Create/Copy call, or retained by the caller). */
    private AxRef(Pointer element, int pid) {
        this.element = element;
        this.pid = pid;
        Pointer owned = element;
        CLEANER.register(this, () -> Cf.release(owned));
    }

    /** Wraps a reference this code owns (+1), e.g. the result of {@code AXUIElementCreateApplication}. */
    static AxRef owning(Pointer element, int pid) {
        return new AxRef(element, pid);
    }

    /** Retains a borrowed reference (an item of a CFArray) and wraps it. */
    static AxRef retaining(Pointer borrowed, int pid) {
        Cf.retain(borrowed);
        return new AxRef(borrowed, pid);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AxRef other && other.pid == pid && Cf.equal(other.element, element);
    }

    @Override
    public int hashCode() {
        // CFHash agrees with CFEqual; the pid alone put every element of an app in one bucket, and
        // SecureMemory's maps then paid a CFEqual per entry of that bucket on every lookup.
        if (!hashed) {
            hash = Cf.hash(element);
            hashed = true;
        }
        return 31 * pid + Long.hashCode(hash);
    }

    @Override
    public String toString() {
        return "ElementHandle[opaque]";
    }
}
