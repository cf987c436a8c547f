package dev.countersign.desktop.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.AppInfo;
import dev.countersign.desktop.AppSelector;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.KeyInput;
import dev.countersign.desktop.PointerInput;
import dev.countersign.desktop.SessionGate;
import dev.countersign.desktop.SessionState;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import dev.countersign.desktop.TestScreenSaver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.atomic.AtomicBoolean;
import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.connections.impl.DBusConnectionBuilder;
import org.freedesktop.dbus.exceptions.DBusExecutionException;
import org.freedesktop.dbus.interfaces.DBusInterface;
import org.freedesktop.dbus.types.UInt32;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The screen lock as a screensaver on the private desktop's session bus reports it. A probe that
 * found the session available stands for the reads of one agent call (a few milliseconds); each
 * call starts with a fresh probe, and input never relies on an earlier one.
 */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class ScreenLockDesktopTest {
    /** What these tests ask the session bus daemon itself. */
    @DBusInterfaceName("org.freedesktop.DBus")
    public interface Daemon extends DBusInterface {
        void ReloadConfig();

        String[] ListActivatableNames();

        boolean NameHasOwner(String name);

        UInt32 StartServiceByName(String name, UInt32 flags);
    }

    @Test
    void aLockIsSeenByTheNextCallAndByInputAtOnceThoughTheReadsOfTheCallBeforeItWereAllowed(TestDesktop desktop)
            throws Exception {
        TestDesktop.TargetApp form = desktop.launchForm("", "");
        DesktopBackend backend = desktop.backend();
        AtomicBoolean locked = new AtomicBoolean();
        withScreenSaver(locked, 0, () -> {
            // One call: a fresh probe, then reads that may stand on it.
            assertThat(backend.sessionState()).isEqualTo(SessionState.AVAILABLE);
            AppInfo app = backend.resolveApp(AppSelector.pid(form.pid()));

            locked.set(true);
            // Input right after those reads asks again, whatever the reads stood on.
            assertRefused(() -> backend.pointer(PointerInput.click(1, 1)));
            assertRefused(() -> backend.keys(new KeyInput.Text("x")));
            // The next call's first probe sees the lock, and its reads are refused.
            assertThat(backend.sessionState()).isEqualTo(SessionState.LOCKED);
            assertRefused(() -> backend.listWindows(app));
            assertRefused(() -> backend.snapshot(app, form.window(), dev.countersign.desktop.SnapshotLimits.defaults()));

            locked.set(false);
            assertThat(backend.sessionState()).isEqualTo(SessionState.AVAILABLE);
            assertThat(backend.listWindows(app)).isNotEmpty();
        });
    }

    /**
     * An observation's probe and resolve share one wait, and the lock's answer still decides: a
     * screensaver that takes its time to say "locked" refuses the observation although the resolve
     * was done long before, an app that does not exist is refused as locked too (the resolve's own
     * error never reaches the agent), and the gate is given the state as probed.
     */
    @Test
    void anObservationsResolveIsRefusedByALockWhoseAnswerComesLastWhateverTheResolveFound(TestDesktop desktop)
            throws Exception {
        TestDesktop.TargetApp form = desktop.launchForm("", "");
        DesktopBackend backend = desktop.backend();
        AtomicBoolean locked = new AtomicBoolean(true);
        java.util.List<SessionState> gated = new java.util.concurrent.CopyOnWriteArrayList<>();
        SessionGate gate = state -> {
            gated.add(state);
            return state == SessionState.AVAILABLE ? java.util.Optional.empty()
                    : java.util.Optional.of(dev.countersign.core.CountersignError.of(ErrorCode.SESSION_LOCKED, "gate: " + state));
        };
        // The screensaver answers slower than the resolve: the lock's answer arrives last.
        withScreenSaver(locked, 300, () -> {
            assertThatThrownBy(() -> backend.resolveForObservation(AppSelector.pid(form.pid()), gate))
                    .isInstanceOfSatisfying(CountersignException.class,
                            e -> assertThat(e.error().message()).isEqualTo("gate: LOCKED"));
            assertThatThrownBy(() -> backend.resolveForObservation(AppSelector.name("no-such-app-here"), gate))
                    .isInstanceOfSatisfying(CountersignException.class,
                            e -> assertThat(e.error().message()).isEqualTo("gate: LOCKED"));
            // A gate that lets a locked session through gets no read either.
            assertRefused(() -> backend.resolveForObservation(AppSelector.pid(form.pid()), state -> java.util.Optional.empty()));
            // The locked answer is on record: the reads after it ask again, and are refused.
            assertRefused(() -> backend.snapshot(form.app(), form.window(), dev.countersign.desktop.SnapshotLimits.defaults()));
            assertThat(gated).containsExactly(SessionState.LOCKED, SessionState.LOCKED);

            locked.set(false);
            gated.clear();
            var listing = backend.resolveForObservation(AppSelector.pid(form.pid()), gate);
            assertThat(listing.app()).isEqualTo(form.app());
            assertThat(listing.windows()).extracting(w -> w.handle()).contains(form.window().handle());
            assertThat(gated).containsExactly(SessionState.AVAILABLE);
            // The app's own error comes through once the session is available.
            assertThatThrownBy(() -> backend.resolveForObservation(AppSelector.name("no-such-app-here"), gate))
                    .isInstanceOfSatisfying(CountersignException.class,
                            e -> assertThat(e.error().code()).isEqualTo(ErrorCode.INVALID_ARGUMENT));
        });
    }

    /**
     * The probe asks a screensaver name that nobody owns without starting anything: a desktop
     * whose bus could activate a screensaver on demand (a {@code .service} file for it) keeps not
     * running one, however often Countersign probes.
     */
    @Test
    void aProbeNeverStartsAScreensaverTheBusCouldActivate(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp form = desktop.launchForm("", "");
        DesktopBackend backend = desktop.backend();
        SessionGate open = s -> java.util.Optional.empty();
        Path state = Path.of(System.getenv("COUNTERSIGN_DESKTOP_STATE"));
        Path started = state.resolve("screensaver-started");
        Path launcher = state.resolve("screensaver-launcher.sh");
        Path service = state.resolve("services").resolve("org.gnome.ScreenSaver.service");
        Files.deleteIfExists(started);
        Files.writeString(launcher, "#!/bin/sh\ntouch '" + started + "'\nexit 1\n");
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwx------"));
        Files.writeString(service, "[D-BUS Service]\nName=org.gnome.ScreenSaver\nExec=" + launcher + "\n");
        try (DBusConnection session = DBusConnectionBuilder.forSessionBus().withShared(false).build()) {
            Daemon daemon = session.getRemoteObject("org.freedesktop.DBus", "/org/freedesktop/DBus", Daemon.class);
            try {
                daemon.ReloadConfig();
                assertThat(daemon.ListActivatableNames()).contains("org.gnome.ScreenSaver");
                assertThat(daemon.NameHasOwner("org.gnome.ScreenSaver")).isFalse();

                assertThat(backend.sessionState()).isEqualTo(SessionState.AVAILABLE);
                assertThat(backend.resolveForObservation(AppSelector.pid(form.pid()), open).app()).isEqualTo(form.app());
                assertThat(backend.resolveForObservation(AppSelector.pid(form.pid()), open).app()).isEqualTo(form.app());

                assertThat(started).doesNotExist();
                assertThat(daemon.NameHasOwner("org.gnome.ScreenSaver")).isFalse();
                // The control: asked to, the bus does start it (the launcher exits with an error
                // without taking the name, so the start itself fails), else the above proves nothing.
                assertThatThrownBy(() -> daemon.StartServiceByName("org.gnome.ScreenSaver", new UInt32(0)))
                        .isInstanceOf(DBusExecutionException.class);
                assertThat(started).exists();
            } finally {
                Files.deleteIfExists(service);
                Files.deleteIfExists(launcher);
                Files.deleteIfExists(started);
                daemon.ReloadConfig();
            }
        }
    }

    /**
     * On a desktop where a screensaver runs, an observation's lock question goes out with its
     * resolve, not after it: with the application stopped, so that none of its reads can be
     * answered, the screensaver is asked all the same — well before those reads could time out.
     */
    @Test
    void aRunningScreensaverIsAskedWhileTheResolvesReadsAreStillUnanswered(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp form = desktop.launchForm("", "");
        DesktopBackend backend = desktop.backend();
        AtomicBoolean locked = new AtomicBoolean();
        java.util.concurrent.Semaphore asked = new java.util.concurrent.Semaphore(0);
        SessionGate open = state -> java.util.Optional.empty();
        withScreenSaver(locked, 0, asked, () -> {
            // A first observation finds the session available: the next one sends its reads at once.
            assertThat(backend.resolveForObservation(AppSelector.pid(form.pid()), open).app()).isEqualTo(form.app());
            asked.drainPermits();
            assertThat(signal(form.pid(), "STOP")).isZero();
            java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newSingleThreadExecutor();
            try {
                var resolving = pool.submit(() -> backend.resolveForObservation(AppSelector.pid(form.pid()), open));
                // Asked while the stopped app's reads wait: after them, the question would come
                // REPLY_TIMEOUT_MS late at the earliest; a third of it leaves the CONT below in time.
                assertThat(asked.tryAcquire(BusCalls.REPLY_TIMEOUT_MS / 3, java.util.concurrent.TimeUnit.MILLISECONDS))
                        .as("the screensaver was asked while the application could not answer").isTrue();
                assertThat(resolving.isDone()).isFalse();
                assertThat(signal(form.pid(), "CONT")).isZero();
                assertThat(resolving.get(10, java.util.concurrent.TimeUnit.SECONDS).app()).isEqualTo(form.app());
            } finally {
                signal(form.pid(), "CONT");
                pool.shutdownNow();
                pool.awaitTermination(10, java.util.concurrent.TimeUnit.SECONDS);
            }
        });
    }

    /**
     * Fail closed: a screensaver that owns its name but does not say within the reply timeout
     * whether the screen is locked (it may be locking it right now) refuses the call; one that
     * answers again lets the next call through. A name owned by something that has no
     * {@code GetActive} at all says nothing, and the session stays available.
     */
    @Test
    void aScreensaverThatDoesNotAnswerInTimeRefusesTheCallAndOneWithoutGetActiveSaysNothing(TestDesktop desktop)
            throws Exception {
        TestDesktop.TargetApp form = desktop.launchForm("", "");
        DesktopBackend backend = desktop.backend();
        try (TestScreenSaver silent = TestScreenSaver.start(() -> false, BusCalls.REPLY_TIMEOUT_MS + 1_000, () -> { })) {
            assertThat(backend.sessionState()).isEqualTo(SessionState.LOCKED);
            assertRefused(() -> backend.listWindows(form.app()));
        }
        try (TestScreenSaver answering = TestScreenSaver.start(() -> false, 0, () -> { })) {
            assertThat(backend.sessionState()).isEqualTo(SessionState.AVAILABLE);
            assertThat(backend.listWindows(form.app())).isNotEmpty();
        }
        try (DBusConnection other = DBusConnectionBuilder.forSessionBus().withShared(false).build()) {
            other.requestBusName(TestScreenSaver.NAME);
            assertThat(backend.sessionState()).isEqualTo(SessionState.AVAILABLE);
            assertThat(backend.listWindows(form.app())).isNotEmpty();
            other.releaseBusName(TestScreenSaver.NAME);
        }
    }

    /** Sends {@code signal} to {@code pid}; the exit status of kill(1). */
    private static int signal(long pid, String signal) throws Exception {
        return new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start().waitFor();
    }

    private interface Body {
        void run() throws Exception;
    }

    /** Runs {@code body} while a screensaver on the test desktop's session bus answers {@code locked}, {@code delayMs} late. */
    private static void withScreenSaver(AtomicBoolean locked, long delayMs, Body body) throws Exception {
        withScreenSaver(locked, delayMs, new java.util.concurrent.Semaphore(0), body);
    }

    /** As above; each {@code GetActive} that reaches the screensaver releases a permit of {@code asked}. */
    private static void withScreenSaver(AtomicBoolean locked, long delayMs, java.util.concurrent.Semaphore asked,
                                        Body body) throws Exception {
        try (TestScreenSaver saver = TestScreenSaver.start(locked::get, delayMs, asked::release)) {
            body.run();
        }
    }

    private static void assertRefused(org.assertj.core.api.ThrowableAssert.ThrowingCallable call) {
        assertThatThrownBy(call).isInstanceOfSatisfying(CountersignException.class,
                e -> assertThat(e.error().code()).isEqualTo(ErrorCode.SESSION_LOCKED));
    }
}
