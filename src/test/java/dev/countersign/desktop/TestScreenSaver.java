package dev.countersign.desktop;

import java.io.IOException;
import java.util.function.BooleanSupplier;
import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.connections.impl.DBusConnectionBuilder;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.interfaces.DBusInterface;

/**
 * A screensaver on the private test desktop's session bus, as GNOME's and KDE's are on a real
 * one: it owns {@code org.freedesktop.ScreenSaver} until closed and answers {@code GetActive}.
 */
public final class TestScreenSaver implements AutoCloseable {
    public static final String NAME = "org.freedesktop.ScreenSaver";
    public static final String PATH = "/org/freedesktop/ScreenSaver";

    /** The one method Countersign asks a screensaver. */
    @DBusInterfaceName(NAME)
    public interface ScreenSaver extends DBusInterface {
        boolean GetActive();
    }

    private final DBusConnection session;

    private TestScreenSaver(DBusConnection session) {
        this.session = session;
    }

    /**
     * Owns the name until closed. Each {@code GetActive} first runs {@code onAsk}, then waits
     * {@code delayMs} and answers {@code locked}.
     */
    public static TestScreenSaver start(BooleanSupplier locked, long delayMs, Runnable onAsk) throws DBusException {
        DBusConnection session = DBusConnectionBuilder.forSessionBus().withShared(false).build();
        try {
            session.exportObject(PATH, new ScreenSaver() {
                @Override
                public boolean GetActive() {
                    onAsk.run();
                    try {
                        Thread.sleep(delayMs);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return locked.getAsBoolean();
                }

                @Override
                public String getObjectPath() {
                    return PATH;
                }
            });
            session.requestBusName(NAME);
            return new TestScreenSaver(session);
        } catch (DBusException | RuntimeException e) {
            session.disconnect();
            throw e;
        }
    }

    @Override
    public void close() throws IOException {
        try {
            session.releaseBusName(NAME);
        } catch (DBusException e) {
            // Closing the connection below gives the name up all the same.
        } finally {
            session.unExportObject(PATH);
            session.close();
        }
    }
}
