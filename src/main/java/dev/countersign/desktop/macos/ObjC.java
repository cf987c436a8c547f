package dev.countersign.desktop.macos;

import com.sun.jna.Library;
import com.sun.jna.Pointer;

/**
 * The Objective-C runtime, for the few AppKit calls with no C equivalent
 * ({@code NSRunningApplication}, {@code NSWorkspace}, {@code NSBundle}). {@code objc_msgSend}
 * must be called through a prototype of the exact method type (message.h): on arm64 fixed
 * arguments go in registers and variadic ones on the stack, so one Java method per shape, never
 * varargs. Results of methods not named alloc/new/copy/mutableCopy are autoreleased: callers
 * bracket them with {@link #objc_autoreleasePoolPush()}/{@link #objc_autoreleasePoolPop(Pointer)},
 * since a Java thread has no pool of its own.
 */
interface ObjC extends Library {

    Pointer objc_getClass(String name);

    Pointer sel_registerName(String name);

    /** {@code id (id, SEL)}. */
    Pointer objc_msgSend(Pointer receiver, Pointer selector);

    /** The runtime's pool entry points (what {@code @autoreleasepool} compiles to). */
    Pointer objc_autoreleasePoolPush();

    void objc_autoreleasePoolPop(Pointer pool);

    /** {@code objc_msgSend} for methods returning a 32-bit int ({@code pid_t processIdentifier}). */
    interface IntResult extends Library {
        int objc_msgSend(Pointer receiver, Pointer selector);
    }
}
