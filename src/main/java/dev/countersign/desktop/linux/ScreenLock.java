package dev.countersign.desktop.linux;

import dev.countersign.core.CountersignException;

/**
 * Whether a screensaver on the session bus says the screen is locked. Only names that already
 * have an owner are asked ({@code NameHasOwner} never starts a service), so probing the lock state
 * has no side effects; with no screensaver service at all the session counts as unlocked.
 */
final class ScreenLock {
    private static final String[][] SERVICES = {
        {"org.gnome.ScreenSaver", "/org/gnome/ScreenSaver", "org.gnome.ScreenSaver"},
        {"org.freedesktop.ScreenSaver", "/org/freedesktop/ScreenSaver", "org.freedesktop.ScreenSaver"},
    };

    private final A11yBus bus;

    ScreenLock(A11yBus bus) {
        this.bus = bus;
    }

    boolean locked() {
        return answer(ask());
    }

    /**
     * Sends the probe's first questions (does a screensaver own its name) and returns without
     * waiting, so that other reads can go out while the session bus answers; {@link #answer}
     * waits. Null when there is no session bus to ask.
     */
    Asked ask() {
        BusCalls session;
        try {
            session = bus.sessionCalls();
        } catch (CountersignException e) {
            return null;
        }
        // Both questions in flight at once: one round trip per probe, and every desktop call probes.
        BusCalls.Pending[] asked = new BusCalls.Pending[SERVICES.length];
        for (int i = 0; i < SERVICES.length; i++) {
            asked[i] = session.send(A11yBus.DBUS, A11yBus.DBUS_PATH, A11yBus.DBUS, "NameHasOwner", "s", SERVICES[i][0]);
        }
        return new Asked(session, asked);
    }

    /** Whether a screensaver that owns its name says the screen is locked: the probe {@link #ask} began. */
    boolean answer(Asked probe) {
        if (probe == null) {
            return false;
        }
        for (int i = 0; i < SERVICES.length; i++) {
            String[] s = SERVICES[i];
            BusCalls.Reply owned = probe.session.await(probe.owners[i]);
            if (!owned.ok() || !Boolean.TRUE.equals(owned.value(0))) {
                continue;
            }
            BusCalls.Reply active = probe.session.call(s[0], s[1], s[2], "GetActive", null);
            if (active.ok() && Boolean.TRUE.equals(active.value(0))) {
                return true;
            }
        }
        return false;
    }

    /** A probe's questions in flight. */
    static final class Asked {
        private final BusCalls session;
        private final BusCalls.Pending[] owners;

        private Asked(BusCalls session, BusCalls.Pending[] owners) {
            this.session = session;
            this.owners = owners;
        }
    }
}
