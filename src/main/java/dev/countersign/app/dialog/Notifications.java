package dev.countersign.app.dialog;

import java.util.List;
import java.util.Map;
import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.interfaces.DBusInterface;
import org.freedesktop.dbus.messages.DBusSignal;
import org.freedesktop.dbus.types.UInt32;
import org.freedesktop.dbus.types.Variant;

/**
 * The freedesktop notification service ({@code org.freedesktop.Notifications}, Desktop
 * Notifications Specification 1.2) as dbus-java calls it; public only because dbus-java builds its
 * proxy by reflection. Member names are the specification's.
 */
@DBusInterfaceName("org.freedesktop.Notifications")
public interface Notifications extends DBusInterface {
    /** The bus name and object path of the service. */
    String BUS_NAME = "org.freedesktop.Notifications";
    String PATH = "/org/freedesktop/Notifications";

    @SuppressWarnings("checkstyle:MethodName")
    UInt32 Notify(String appName, UInt32 replacesId, String appIcon, String summary, String body, List<String> actions,
            Map<String, Variant<?>> hints, int expireTimeout);

    @SuppressWarnings("checkstyle:MethodName")
    void CloseNotification(UInt32 id);

    /** The person activated one of a notification's actions ({@code default}: the notice itself). */
    class ActionInvoked extends DBusSignal {
        private final UInt32 id;
        private final String actionKey;

        public ActionInvoked(String path, UInt32 id, String actionKey) throws DBusException {
            super(path, id, actionKey);
            this.id = id;
            this.actionKey = actionKey;
        }

        public UInt32 id() {
            return id;
        }

        public String actionKey() {
            return actionKey;
        }
    }
}
