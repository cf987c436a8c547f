package dev.countersign.desktop.macos;

import com.sun.jna.Library;
import com.sun.jna.Pointer;

/**
 * The few CoreFoundation functions Countersign binds itself instead of through jna-platform's
 * {@code mac.CoreFoundation}: {@code CFEqual}, whose C result is a one-byte {@code Boolean} that
 * jna-platform declares as a 4-byte {@code boolean} (JNA would read three bytes of garbage), and
 * the type checks every borrowed value passes before it is treated as an array, dictionary or data.
 * Nothing here creates anything: no result is released.
 */
interface CfCalls extends Library {

    /** Whether two CF objects are equal ({@code Boolean}, one byte: test {@code != 0}). */
    byte CFEqual(Pointer a, Pointer b);

    /**
     * A CF object's hash ({@code CFHashCode}, an unsigned long): equal objects hash alike, so an
     * element handle's hash is one native call instead of equality tests against a whole bucket.
     */
    long CFHash(Pointer object);

    /** The type of any CF object ({@code CFTypeID}, an unsigned long). */
    long CFGetTypeID(Pointer object);

    long CFArrayGetTypeID();

    long CFDictionaryGetTypeID();

    long CFDataGetTypeID();

    /** The length of a CFData ({@code CFIndex}). */
    long CFDataGetLength(Pointer data);

    /** Get: the bytes of a CFData, borrowed from it (valid while the data lives). */
    Pointer CFDataGetBytePtr(Pointer data);
}
