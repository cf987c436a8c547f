package dev.countersign.bench.desktop;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.freedesktop.dbus.connections.AbstractConnection;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.messages.Message;
import org.freedesktop.dbus.messages.MethodCall;
import org.freedesktop.dbus.types.UInt32;

/**
 * The baseline the backend is measured against: a plain walk over the accessibility bus with one
 * blocking dbus-java call per property (name, role name, states, extents, children: five per node).
 */
final class NaiveWalk {
    private final AbstractConnection bus;

    NaiveWalk(AbstractConnection bus) {
        this.bus = bus;
    }

    /** Walks the subtree under (busName, path) and returns how many nodes it read. */
    int walk(String busName, String path) throws DBusException {
        int count = 0;
        Deque<String> todo = new ArrayDeque<>();
        todo.push(path);
        while (!todo.isEmpty()) {
            String p = todo.pop();
            call(busName, p, "org.freedesktop.DBus.Properties", "Get", "ss", "org.a11y.atspi.Accessible", "Name");
            call(busName, p, "org.a11y.atspi.Accessible", "GetRoleName", null);
            call(busName, p, "org.a11y.atspi.Accessible", "GetState", null);
            call(busName, p, "org.a11y.atspi.Component", "GetExtents", "u", new UInt32(0));
            Object[] children = call(busName, p, "org.a11y.atspi.Accessible", "GetChildren", null);
            count++;
            for (Object child : (List<?>) children[0]) {
                todo.push(((Object[]) child)[1].toString());
            }
        }
        return count;
    }

    private Object[] call(String dest, String path, String iface, String member, String sig, Object... args)
            throws DBusException {
        MethodCall call = bus.getMessageFactory().createMethodCall(dest, path, iface, member, (byte) 0, sig, args);
        bus.sendMessage(call);
        Message reply = call.getReply(5_000);
        if (reply == null || reply instanceof org.freedesktop.dbus.messages.Error) {
            throw new DBusException(iface + "." + member + " failed on " + path);
        }
        return reply.getParameters();
    }
}
