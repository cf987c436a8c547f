package dev.countersign.desktop.linux;

import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.messages.MethodCall;

/**
 * A method call whose marshalled bytes are one contiguous chunk.
 *
 * <p>Why: dbus-java 5.2.2 keeps a message as a list of small marshalled pieces and its writer
 * issues one {@code write(2)} per piece — about thirty system calls for one AT-SPI call, and the
 * application wakes up for each fragment. Joining the pieces once at construction (the serial is
 * already fixed then) makes every call a single write; measured on a 260-node walk this was the
 * largest single cost on the client side.
 */
final class FlatMethodCall extends MethodCall {

    FlatMethodCall(byte endianness, byte flags, String destination, String path, String iface, String member,
                   String signature, Object... args) throws DBusException {
        super(endianness, destination, path, iface, member, flags, signature, args);
        byte[][] pieces = getWireData();
        int length = 0;
        for (byte[] piece : pieces) {
            length += piece == null ? 0 : piece.length;
        }
        byte[] joined = new byte[length];
        int at = 0;
        for (byte[] piece : pieces) {
            if (piece != null) {
                System.arraycopy(piece, 0, joined, at, piece.length);
                at += piece.length;
            }
        }
        setWireData(new byte[][] {joined});
    }
}
