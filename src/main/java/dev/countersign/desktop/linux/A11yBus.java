package dev.countersign.desktop.linux;

import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.connections.impl.DBusConnectionBuilder;
import org.freedesktop.dbus.connections.impl.DirectConnectionBuilder;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.types.UInt32;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The D-Bus connections of the backend, each opened once and reused: the session bus (for
 * {@code org.a11y.Bus} and the screensaver), the accessibility bus found through
 * {@code org.a11y.Bus.GetAddress}, and one peer-to-peer connection per application.
 *
 * <p>Why peer-to-peer: GTK's bridge answers {@code Application.GetApplicationBusAddress} with a
 * private socket. Calls there skip the bus daemon's two hops, and only there does the bridge
 * serve {@code org.a11y.atspi.Cache.GetItems}, which returns every element's role, name,
 * states, interfaces and parent in one reply. Applications without it are read over the bus.
 */
final class A11yBus implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(A11yBus.class);
    static final String DBUS = "org.freedesktop.DBus";
    static final String DBUS_PATH = "/org/freedesktop/DBus";

    private DBusConnection session;
    private BusCalls sessionCalls;
    private DBusConnection a11y;
    private BusCalls a11yCalls;
    private final Map<String, BusCalls> apps = new ConcurrentHashMap<>();
    private final Map<String, Toolkit> toolkits = new ConcurrentHashMap<>();
    private final ActionNames actionNames = new ActionNames();
    /** Direct connections found closed: the application exited (dbus-java's own log of it is silenced). */
    private final AtomicLong ended = new AtomicLong();
    /** Bus names whose application exited (see {@link #refuseDeparted}); a unique name is never handed out again. */
    private final Set<String> departed = ConcurrentHashMap.newKeySet();
    private boolean closed;

    /** Calls on the accessibility bus, connecting first when needed; fails closed with PERMISSION_MISSING. */
    synchronized BusCalls calls() {
        ensureOpen();
        if (a11y == null || !a11y.isConnected()) {
            String address = a11yAddress();
            try {
                BusCalls before = a11yCalls;
                a11y = DBusConnectionBuilder.forAddress(address).withShared(false).build();
                a11yCalls = new BusCalls(a11y, false);
                // The applications' own connections are left too (closed, not only forgotten): on a
                // new bus their bus names are asked for again.
                closeApps(before);
                // A new bus hands out unique names again: what was kept by name and path is not the same element.
                actionNames.clear();
                departed.clear();
                LOG.debug("connected to the accessibility bus at {}", address);
            } catch (DBusException e) {
                throw new CountersignException(CountersignError.of(ErrorCode.PERMISSION_MISSING,
                        "the accessibility bus at " + address + " refused the connection: " + e.getMessage()), e);
            }
        }
        return a11yCalls;
    }

    /** Calls on the session bus; fails closed with PERMISSION_MISSING when there is none. */
    synchronized BusCalls sessionCalls() {
        ensureOpen();
        if (session == null || !session.isConnected()) {
            String address = System.getenv("DBUS_SESSION_BUS_ADDRESS");
            if (address == null || address.isBlank()) {
                throw new CountersignException(CountersignError.of(ErrorCode.PERMISSION_MISSING,
                        "no session bus (DBUS_SESSION_BUS_ADDRESS is unset), so no accessibility bus can be found"));
            }
            try {
                session = DBusConnectionBuilder.forAddress(address).withShared(false).build();
                sessionCalls = new BusCalls(session, false);
            } catch (DBusException e) {
                throw new CountersignException(CountersignError.of(ErrorCode.PERMISSION_MISSING,
                        "the session bus refused the connection: " + e.getMessage()), e);
            }
        }
        return sessionCalls;
    }

    /**
     * The best channel to one application: its private socket when it offers one, else the
     * accessibility bus. Either way calls name the application's bus name as destination.
     */
    BusCalls appCalls(String busName) {
        if (departed.contains(busName)) {
            throw new CountersignException(BusCalls.disconnected(busName));
        }
        for (;;) {
            BusCalls bus = calls();
            BusCalls cached = apps.get(busName);
            if (cached != null && cached.connected()) {
                return cached;
            }
            if (cached != null && cached != bus) {
                ended.incrementAndGet();
                refuseDeparted(bus, busName);
            }
            BusCalls kept = keep(bus, busName, connect(bus, busName));
            if (kept != null) {
                return kept;
            }
            // The accessibility bus was reconnected while the application was asked: ask on the new one
            // (or, once closed, calls() says so).
        }
    }

    /**
     * Refuses an application whose own connection ended and whose bus name has no owner any more: it
     * exited, and nothing is asked of it (the bus daemon alone is asked whether the name is owned).
     * A unique bus name never comes back, so the refusal holds until the application is on the bus
     * again under a new name; one still on the bus is connected to afresh.
     */
    private void refuseDeparted(BusCalls bus, String busName) {
        BusCalls.Reply owned = bus.call(DBUS, DBUS_PATH, DBUS, "NameHasOwner", "s", busName);
        if (!owned.ok() || !Boolean.TRUE.equals(owned.value(0))) {
            apps.remove(busName);
            departed.add(busName);
            throw new CountersignException(BusCalls.disconnected(busName));
        }
    }

    /** Whether the application at {@code busName} was found gone: its connection ended and its name is unowned. */
    boolean departed(String busName) {
        return departed.contains(busName);
    }

    /** The application's private socket as {@code bus} gives its address, else {@code bus} itself. */
    private static BusCalls connect(BusCalls bus, String busName) {
        BusCalls.Reply reply = bus.call(busName, AtspiRef.ROOT_PATH, "org.a11y.atspi.Application",
                "GetApplicationBusAddress", null);
        if (reply.ok() && reply.value(0) instanceof String address && !address.isEmpty()) {
            try {
                return new BusCalls(DirectConnectionBuilder.forAddress(address).build(), true);
            } catch (DBusException e) {
                LOG.debug("no direct connection to {} at {}, using the bus: {}", busName, address, e.getMessage());
            }
        }
        return bus;
    }

    /**
     * Keeps {@code chosen} as the channel to {@code busName}, found through {@code bus}, and returns
     * the channel to use. Null, with {@code chosen} closed, when this bus is closed or the accessibility
     * bus was reconnected since {@code bus} was current: a channel found on the old bus reaches an
     * application whose unique name the new bus may have given another one. When another caller kept
     * an open channel to the same application meanwhile, that one is used and {@code chosen} closed,
     * so no caller's channel is closed under it.
     */
    synchronized BusCalls keep(BusCalls bus, String busName, BusCalls chosen) {
        if (closed || bus != a11yCalls) {
            if (chosen != bus) {
                closeQuietly(chosen);
            }
            return null;
        }
        BusCalls stored = apps.get(busName);
        if (stored != null && stored != chosen && stored.connected()) {
            if (chosen != bus) {
                closeQuietly(chosen);
            }
            return stored;
        }
        apps.put(busName, chosen);
        if (stored != null && stored != bus && stored != chosen) {
            closeQuietly(stored);
        }
        return chosen;
    }

    /**
     * The application's own connection when one is open already, else null: for a call that must not
     * open one (a re-check asks before the bus daemon has confirmed whose the bus name is).
     */
    BusCalls openAppCalls(String busName) {
        BusCalls cached = apps.get(busName);
        return cached != null && cached != a11yCalls && cached.connected() ? cached : null;
    }

    /**
     * The toolkit of the application behind {@code busName}, read once per bus name (a unique
     * name never outlives its application) before anything else is asked of it.
     */
    Toolkit toolkit(String busName) {
        Toolkit known = toolkits.get(busName);
        if (known != null) {
            return known;
        }
        Toolkit read = Toolkit.read(calls(), busName);
        if (!read.equals(Toolkit.UNKNOWN)) {
            // An application still starting may not answer yet; read again next time rather than guess.
            toolkits.put(busName, read);
        }
        return read;
    }

    /** The toolkit {@link #toolkit} read for {@code busName} already, or null; asks nothing. */
    Toolkit knownToolkit(String busName) {
        return toolkits.get(busName);
    }

    /** A reader for one application's elements, with that application's toolkit quirks. */
    NodeReader reader(String busName) {
        return new NodeReader(appCalls(busName), toolkit(busName));
    }

    /** A reader for an observation: as {@link #reader}, reusing the action names earlier observations read. */
    NodeReader observationReader(String busName) {
        return new NodeReader(appCalls(busName), toolkit(busName), actionNames);
    }

    /** How many applications this backend has a channel to (their private sockets or the bus). */
    int appChannels() {
        return apps.size();
    }

    /** How many direct application connections this backend found ended (their applications exited). */
    long endedConnections() {
        long stale = apps.entrySet().stream().filter(e -> e.getValue() != a11yCalls && !e.getValue().connected()).count();
        return ended.get() + stale;
    }

    /** True when the accessibility bus can be reached now; never throws. */
    boolean reachable() {
        try {
            calls();
            return true;
        } catch (CountersignException e) {
            LOG.debug("accessibility bus not reachable: {}", e.getMessage());
            return false;
        }
    }

    /** The pid behind a bus name as the bus daemon reports it (the peer cannot forge it), or -1 when the name is gone. */
    long pidOf(String busName) {
        BusCalls.Reply reply = calls().call(DBUS, DBUS_PATH, DBUS, "GetConnectionUnixProcessID", "s", busName);
        return reply.ok() ? ((UInt32) reply.value(0)).longValue() : -1;
    }

    private String a11yAddress() {
        try {
            Object[] values = sessionCalls().callOrFail("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus",
                    "GetAddress", null);
            return (String) values[0];
        } catch (CountersignException e) {
            String direct = System.getenv("AT_SPI_BUS_ADDRESS");
            if (direct != null && !direct.isBlank()) {
                return direct;
            }
            throw new CountersignException(CountersignError.of(ErrorCode.PERMISSION_MISSING,
                    "the accessibility bus is not available (" + e.getMessage()
                            + "); accessibility may be disabled"), e);
        }
    }

    private void ensureOpen() {
        if (closed) {
            throw new CountersignException(CountersignError.of(ErrorCode.INTERNAL, "the desktop backend is closed"));
        }
    }

    /** Closes every application's own connection (not {@code bus}, their shared channel) and forgets them all. */
    private void closeApps(BusCalls bus) {
        for (BusCalls app : apps.values()) {
            if (app != bus) {
                closeQuietly(app);
            }
        }
        apps.clear();
    }

    private static void closeQuietly(BusCalls calls) {
        calls.connection().disconnect();
    }

    @Override
    public synchronized void close() {
        closed = true;
        closeApps(a11yCalls);
        if (a11y != null) {
            a11y.disconnect();
        }
        if (session != null) {
            session.disconnect();
        }
    }
}
