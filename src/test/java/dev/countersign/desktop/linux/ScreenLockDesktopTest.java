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
import dev.countersign.desktop.SessionState;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import java.util.concurrent.atomic.AtomicBoolean;
import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.connections.impl.DBusConnectionBuilder;
import org.freedesktop.dbus.interfaces.DBusInterface;
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
    private static final String NAME = "org.freedesktop.ScreenSaver";
    private static final String PATH = "/org/freedesktop/ScreenSaver";

    /** The one method Countersign asks a screensaver. */
    @DBusInterfaceName(NAME)
    public interface ScreenSaver extends DBusInterface {
        boolean GetActive();
    }

    @Test
    void aLockIsSeenByTheNextCallAndByInputAtOnceThoughTheReadsOfTheCallBeforeItWereAllowed(TestDesktop desktop)
            throws Exception {
        TestDesktop.TargetApp form = desktop.launchForm("", "");
        DesktopBackend backend = desktop.backend();
        AtomicBoolean locked = new AtomicBoolean();
        try (DBusConnection session = DBusConnectionBuilder.forSessionBus().withShared(false).build()) {
            session.exportObject(PATH, new ScreenSaver() {
                @Override
                public boolean GetActive() {
                    return locked.get();
                }

                @Override
                public String getObjectPath() {
                    return PATH;
                }
            });
            session.requestBusName(NAME);
            try {
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
            } finally {
                session.releaseBusName(NAME);
                session.unExportObject(PATH);
            }
        }
    }

    private static void assertRefused(org.assertj.core.api.ThrowableAssert.ThrowingCallable call) {
        assertThatThrownBy(call).isInstanceOfSatisfying(CountersignException.class,
                e -> assertThat(e.error().code()).isEqualTo(ErrorCode.SESSION_LOCKED));
    }
}
