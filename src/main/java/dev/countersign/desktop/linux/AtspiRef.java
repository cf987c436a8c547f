package dev.countersign.desktop.linux;

import dev.countersign.desktop.ElementHandle;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The internal handle of one AT-SPI object: its application's unique bus name and its object
 * path. Unique bus names are never reused while the bus lives, so a restarted application can
 * never answer for an old handle. {@link #toString()} stays opaque so a handle logged or
 * serialized by mistake reveals nothing.
 */
record AtspiRef(String bus, String path) implements ElementHandle {
    static final String ROOT_PATH = "/org/a11y/atspi/accessible/root";
    static final String NULL_PATH = "/org/a11y/atspi/null";

    AtspiRef {
        Objects.requireNonNull(bus, "bus");
        Objects.requireNonNull(path, "path");
    }

    /** The reference a D-Bus {@code (so)} struct carries, as dbus-java decodes it raw. */
    static AtspiRef fromStruct(Object struct) {
        Object[] fields = (Object[]) struct;
        return new AtspiRef(bus((String) fields[0]), fields[1].toString());
    }

    /**
     * One string per bus name: every element of an application names the same bus, and stored
     * observations hold thousands of handles. Bounded: past 1024 names it starts over.
     */
    private static String bus(String name) {
        String shared = BUSES.get(name);
        if (shared != null) {
            return shared;
        }
        if (BUSES.size() >= 1024) {
            // Applications come and go, each with a new name: start over rather than stop sharing.
            BUSES.clear();
        }
        shared = BUSES.putIfAbsent(name, name);
        return shared != null ? shared : name;
    }

    private static final Map<String, String> BUSES = new ConcurrentHashMap<>();

    boolean isNull() {
        return path.equals(NULL_PATH) || bus.isEmpty();
    }

    @Override
    public String toString() {
        return "ElementHandle[opaque]";
    }
}
