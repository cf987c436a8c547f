package dev.countersign.desktop;

import dev.countersign.desktop.linux.AtspiDesktopBackend;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives a desktop test the private test desktop that {@code ./scripts/test} brings up, and stops
 * the applications the test launched. Without that desktop it fails — never skips — and says how
 * to get one, because CI must run these tests.
 */
public final class TestDesktopExtension implements BeforeAllCallback, AfterEachCallback, ParameterResolver {
    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(TestDesktopExtension.class);

    /** The backend, shared by the whole run and closed when the run ends. */
    private static final class SharedBackend implements ExtensionContext.Store.CloseableResource, AutoCloseable {
        final DesktopBackend backend = AtspiDesktopBackend.fromEnvironment();

        @Override
        public void close() {
            backend.close();
        }
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        requireTestDesktop();
        // dbus-java logs an ERROR with a stack trace whenever a peer it was connected to exits;
        // these tests stop applications on purpose all the time.
        ((ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger("org.freedesktop.dbus"))
                .setLevel(ch.qos.logback.classic.Level.OFF);
    }

    /** Fails with the way out when the private desktop is not running. */
    public static void requireTestDesktop() {
        String display = System.getenv("DISPLAY");
        String bus = System.getenv("DBUS_SESSION_BUS_ADDRESS");
        String state = System.getenv("COUNTERSIGN_DESKTOP_STATE");
        if (display == null || bus == null || state == null) {
            throw new IllegalStateException("This desktop test needs the private test desktop (DISPLAY="
                    + display + ", DBUS_SESSION_BUS_ADDRESS=" + bus + "). Run ./scripts/test, which brings it up "
                    + "(Xvfb + D-Bus + AT-SPI) and runs every test inside it; it never touches your own desktop.");
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == TestDesktop.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        DesktopBackend backend = context.getRoot().getStore(NS)
                .getOrComputeIfAbsent(SharedBackend.class, k -> new SharedBackend(), SharedBackend.class).backend;
        return context.getStore(NS).getOrComputeIfAbsent(TestDesktop.class, k -> new TestDesktop(backend), TestDesktop.class);
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        TestDesktop desktop = context.getStore(NS).remove(TestDesktop.class, TestDesktop.class);
        if (desktop != null) {
            desktop.cleanUp();
        }
    }
}
