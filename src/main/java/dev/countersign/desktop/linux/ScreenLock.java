package dev.countersign.desktop.linux;

import dev.countersign.core.CountersignException;

/**
 * Whether a screensaver on the session bus says the screen is locked. Each known screensaver name
 * is asked {@code GetActive} with the bus's no-auto-start flag: a name nobody owns is answered at
 * once by the bus daemon with an error, and no service is ever started to answer it, so probing
 * the lock state has no side effects; with no screensaver at all the session counts as unlocked.
 * One round trip per probe whether or not a screensaver runs (GNOME's and KDE's do). A
 * screensaver that owns its name but does not answer within {@link BusCalls#REPLY_TIMEOUT_MS}
 * counts as locked: fail closed.
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

    /** What the screensavers said. */
    enum Verdict {
        /** None says locked: no screensaver runs, or each that does answered "not locked" (or cannot answer GetActive at all). */
        UNLOCKED,
        /** One says the screen is locked. */
        LOCKED,
        /**
         * One owns its name but gave no answer in time (or left without one): it may be locking the
         * screen right now, so the probe fails closed, and the next call asks again.
         */
        UNANSWERED
    }

    Verdict verdict() {
        return answer(ask());
    }

    /**
     * Sends the probe's questions and returns without waiting, so that other reads can go out
     * while the session bus answers; {@link #answer} waits. Null when there is no session bus to ask.
     */
    Asked ask() {
        BusCalls session;
        try {
            session = bus.sessionCalls();
        } catch (CountersignException e) {
            return null;
        }
        // Every question in flight at once: one round trip per probe, and every desktop call probes.
        BusCalls.Pending[] asked = new BusCalls.Pending[SERVICES.length];
        for (int i = 0; i < SERVICES.length; i++) {
            String[] s = SERVICES[i];
            asked[i] = session.sendWithoutActivation(s[0], s[1], s[2], "GetActive");
        }
        return new Asked(session, asked);
    }

    /**
     * What the screensavers said to the probe {@link #ask} began. A name without an owner says
     * nothing, nor does an owner without {@code GetActive}; the first "locked" decides without
     * waiting for the other name's answer.
     */
    Verdict answer(Asked probe) {
        if (probe == null) {
            return Verdict.UNLOCKED;
        }
        Verdict verdict = Verdict.UNLOCKED;
        for (BusCalls.Pending question : probe.active) {
            BusCalls.Reply active = probe.session.await(question);
            if (active.ok() && Boolean.TRUE.equals(active.value(0))) {
                return Verdict.LOCKED;
            }
            if (!active.ok() && active.errorName().endsWith(".NoReply")) {
                verdict = Verdict.UNANSWERED;
            }
        }
        return verdict;
    }

    /** A probe's questions in flight. */
    static final class Asked {
        private final BusCalls session;
        private final BusCalls.Pending[] active;

        private Asked(BusCalls session, BusCalls.Pending[] active) {
            this.session = session;
            this.active = active;
        }
    }
}
