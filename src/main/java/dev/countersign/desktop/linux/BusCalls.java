package dev.countersign.desktop.linux;

import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import java.util.Objects;
import org.freedesktop.dbus.connections.AbstractConnection;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.exceptions.NotConnected;
import org.freedesktop.dbus.messages.Error;
import org.freedesktop.dbus.messages.Message;
import org.freedesktop.dbus.messages.MethodCall;
import org.freedesktop.dbus.messages.constants.Flags;

/**
 * Raw, pipelined D-Bus method calls on one connection.
 *
 * <p>Why not dbus-java's typed proxies: a proxy per element and per interface, plus a blocking
 * round trip per property, is what made a plain walk take 250–450 ms. Here a caller sends many
 * calls first and collects the replies afterwards, so the bus and the application work through a
 * queue instead of waiting on one round trip at a time.
 */
final class BusCalls {
    /**
     * AT-SPI calls answer in about a millisecond; a hung application must not hang a snapshot. The
     * bound runs from when a call was sent, so a batch of calls in flight together is awaited for
     * this long in all, not this long per reply.
     */
    static final long REPLY_TIMEOUT_MS = 3_000;
    /** The error name of a call whose reply did not come within its wait. */
    static final String NO_REPLY = "org.freedesktop.DBus.Error.NoReply";

    private final AbstractConnection connection;
    /** A peer-to-peer connection straight to one application: messages carry no destination. */
    private final boolean peer;

    BusCalls(AbstractConnection connection, boolean peer) {
        this.connection = Objects.requireNonNull(connection, "connection");
        this.peer = peer;
    }

    boolean connected() {
        return connection.isConnected();
    }

    AbstractConnection connection() {
        return connection;
    }

    /** A call that has been sent and whose reply may not have arrived yet. */
    static final class Pending {
        private final MethodCall call;
        private final String what;
        /** When it was sent (System.nanoTime): the reply is awaited until its bound from then. */
        private final long sentAt;

        private Pending(MethodCall call, String what) {
            this.call = call;
            this.what = what;
            this.sentAt = System.nanoTime();
        }
    }

    /** A reply: either values, or the D-Bus error name and message. */
    record Reply(Object[] values, String errorName, String errorMessage) {
        boolean ok() {
            return errorName == null;
        }

        Object value(int index) {
            return values[index];
        }

        /** True when the error says the object, its application or its bus name no longer exist. */
        boolean gone() {
            return !ok() && (errorName.endsWith(".ServiceUnknown") || errorName.endsWith(".UnknownObject")
                    || errorName.endsWith(".NameHasNoOwner") || errorName.endsWith(".NoReply")
                    || errorName.endsWith(".UnknownMethod") || errorName.endsWith(".Disconnected"));
        }
    }

    Pending send(String destination, String path, String iface, String member, String signature,
                 Object... args) {
        return send((byte) 0, destination, path, iface, member, signature, args);
    }

    /**
     * A call that never starts a service: when nothing owns {@code destination}, the bus daemon
     * answers at once with an error instead of activating whatever a {@code .service} file names.
     */
    Pending sendWithoutActivation(String destination, String path, String iface, String member) {
        return send(Flags.NO_AUTO_START, destination, path, iface, member, null);
    }

    private Pending send(byte flags, String destination, String path, String iface, String member, String signature,
                         Object... args) {
        try {
            MethodCall call = connection.getMessageFactory().createMethodCall(peer ? null : destination, path, iface,
                    member, flags, signature, args);
            connection.sendMessage(call);
            return new Pending(call, iface + "." + member + " on " + destination + path);
        } catch (NotConnected e) {
            throw new CountersignException(disconnected(destination), e);
        } catch (DBusException e) {
            throw new CountersignException(CountersignError.of(ErrorCode.INTERNAL,
                    "could not build the D-Bus call " + iface + "." + member + ": " + e.getMessage()), e);
        }
    }

    /**
     * The application's own connection ended while it was read: a peer connection closes only when
     * its application exits or crashes (a bus connection that ends is reconnected by A11yBus).
     */
    static CountersignError disconnected(String busName) {
        return new CountersignError(ErrorCode.TARGET_CHANGED, "the application at " + busName
                + " closed its accessibility connection (it exited or crashed)", DEPARTED_HINT, null, null);
    }

    /** Whether {@code error} is {@link #disconnected}'s: the application read went away. */
    static boolean departure(CountersignError error) {
        return error.code() == ErrorCode.TARGET_CHANGED && DEPARTED_HINT.equals(error.hint());
    }

    /**
     * The departure error naming the application as a person knows it, where the caller knows
     * which application it was reading.
     */
    static CountersignException departed(CountersignException e, String app, long pid) {
        if (!departure(e.error())) {
            return e;
        }
        return new CountersignException(new CountersignError(ErrorCode.TARGET_CHANGED, app + " (pid " + pid
                + ") closed its accessibility connection while it was read (it exited or crashed)", DEPARTED_HINT,
                null, null), e);
    }

    /** What an agent does when the application it reads goes away. */
    static final String DEPARTED_HINT = "check that the application is still running (start it again if it "
            + "is not), then observe again; nothing more is read from it until it is on the bus again";

    Reply await(Pending pending) {
        return await(pending, REPLY_TIMEOUT_MS);
    }

    /**
     * The reply, awaited until {@code timeoutMs} after the call was sent; past that a
     * {@code NoReply} error (the call may still be running in the application).
     */
    Reply await(Pending pending, long timeoutMs) {
        long left = timeoutMs - (System.nanoTime() - pending.sentAt) / 1_000_000;
        // getReply(0) would wait for ever; a reply that is already there is returned at once.
        Message reply = pending.call.getReply(Math.max(1, left));
        if (reply == null) {
            return new Reply(new Object[0], NO_REPLY, "no reply within " + timeoutMs + " ms to " + pending.what);
        }
        if (reply instanceof Error error) {
            return new Reply(new Object[0], error.getName(), describe(error));
        }
        try {
            Object[] values = reply.getParameters();
            return new Reply(values == null ? new Object[0] : values, null, null);
        } catch (DBusException e) {
            return new Reply(new Object[0], "org.freedesktop.DBus.Error.InvalidArgs",
                    "unreadable reply to " + pending.what + ": " + e.getMessage());
        }
    }

    /** Sends and waits: for the few calls that are not worth pipelining. */
    Reply call(String destination, String path, String iface, String member, String signature, Object... args) {
        return await(send(destination, path, iface, member, signature, args));
    }

    /** Like {@link #call} but a D-Bus error becomes an INTERNAL fault naming the call. */
    Object[] callOrFail(String destination, String path, String iface, String member, String signature,
                        Object... args) {
        return valuesOrFail(call(destination, path, iface, member, signature, args), iface, member);
    }

    /** The reply's values; a D-Bus error becomes an INTERNAL fault naming the call {@code iface.member}. */
    static Object[] valuesOrFail(Reply reply, String iface, String member) {
        if (!reply.ok()) {
            throw new CountersignException(CountersignError.of(ErrorCode.INTERNAL,
                    iface + "." + member + " failed: " + reply.errorName() + ": " + reply.errorMessage()));
        }
        return reply.values();
    }

    private static String describe(Error error) {
        try {
            Object[] params = error.getParameters();
            return params != null && params.length > 0 ? String.valueOf(params[0]) : error.getName();
        } catch (DBusException e) {
            return error.getName();
        }
    }
}
