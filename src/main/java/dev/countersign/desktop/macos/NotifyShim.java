package dev.countersign.desktop.macos;

import com.sun.jna.Callback;
import com.sun.jna.Library;

/**
 * The notification shim in {@code native/macos} ({@code libcountersign-notify.dylib}, notify.m),
 * built only on a Mac: the approval question posted and removed through UNUserNotificationCenter,
 * and the person's click on it reported back. Strings cross as UTF-8 and are copied by the shim.
 */
interface NotifyShim extends Library {
    /** The shim's library name, without "lib" and ".dylib". */
    String NAME = "countersign-notify";
    /** {@code cs_notify_start}'s code for a process that is not an application bundle. */
    int NO_BUNDLE = -6;

    /** Called, on a queue of the framework's, with the identifier of the notification the person clicked. */
    interface Activated extends Callback {
        void invoke(String identifier);
    }

    /** Sets the delegate and asks for alert permission once: 0, {@link #NO_BUNDLE}, or -4 another failure. */
    int cs_notify_start(Activated activated);

    /** Posts (or replaces) notification {@code identifier} now: 0 when submitted, negative otherwise. */
    int cs_notify_post(String identifier, String title, String body);

    /** Removes notification {@code identifier}, delivered or pending: 0, negative before start. */
    int cs_notify_remove(String identifier);
}
