package dev.countersign.desktop.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.core.CountersignException;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import org.freedesktop.dbus.connections.impl.DirectConnectionBuilder;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Keeping an application's channel once it is found ({@code A11yBus.keep}, the second half of
 * {@code appCalls}; the first asks the application for its private socket outside the lock). Unique
 * bus names start over on a new accessibility bus, so a channel found through the old one could
 * answer for another application that the new bus gave the same name: such a channel is closed,
 * never kept. Nor is one kept on a closed backend, and no caller's open channel is closed under it
 * by another caller that found the same application at the same time.
 */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class A11yBusReconnectTest {

    @Test
    void aChannelFoundOnTheBusBeforeAReconnectIsClosedNotKept(TestDesktop desktop) throws Exception {
        String name = busName(desktop);
        try (A11yBus bus = new A11yBus()) {
            BusCalls old = bus.calls();
            BusCalls found = privateSocket(old, name);
            try {
                old.connection().disconnect();
                BusCalls now = bus.calls();
                assertThat(now).isNotSameAs(old);

                assertThat(bus.keep(old, name, found)).isNull();
                assertThat(found.connected()).isFalse();
                assertThat(bus.appChannels()).isZero();
                assertThat(bus.openAppCalls(name)).isNull();

                // Asked again on the bus as it is now, a channel is found and kept.
                BusCalls again = bus.appCalls(name);
                assertThat(again).isNotSameAs(found);
                assertThat(again.connected()).isTrue();
                assertThat(bus.openAppCalls(name)).isSameAs(again);
            } finally {
                found.connection().disconnect();
            }
        }
    }

    @Test
    void twoCallersThatFoundTheSameAppShareTheFirstChannel(TestDesktop desktop) throws Exception {
        String name = busName(desktop);
        try (A11yBus bus = new A11yBus()) {
            BusCalls now = bus.calls();
            BusCalls first = privateSocket(now, name);
            BusCalls second = privateSocket(now, name);
            try {
                assertThat(bus.keep(now, name, first)).isSameAs(first);
                assertThat(bus.keep(now, name, second)).isSameAs(first);
                assertThat(first.connected()).as("the first caller's channel stays open").isTrue();
                assertThat(second.connected()).isFalse();
                assertThat(bus.appCalls(name)).isSameAs(first);
            } finally {
                first.connection().disconnect();
                second.connection().disconnect();
            }
        }
    }

    @Test
    void nothingIsKeptOnceTheBackendIsClosed(TestDesktop desktop) throws Exception {
        String name = busName(desktop);
        A11yBus bus = new A11yBus();
        BusCalls now = bus.calls();
        BusCalls found = privateSocket(now, name);
        try {
            bus.close();
            assertThat(bus.keep(now, name, found)).isNull();
            assertThat(found.connected()).isFalse();
            assertThat(bus.appChannels()).isZero();
            assertThatThrownBy(() -> bus.appCalls(name)).isInstanceOf(CountersignException.class);
        } finally {
            found.connection().disconnect();
        }
    }

    private static String busName(TestDesktop desktop) throws Exception {
        return ((AtspiRef) desktop.launchForm("", "").window().handle()).bus();
    }

    /** The application's private socket, found through {@code bus} as {@code appCalls} finds it. */
    private static BusCalls privateSocket(BusCalls bus, String name) throws Exception {
        BusCalls.Reply address = bus.call(name, AtspiRef.ROOT_PATH, "org.a11y.atspi.Application",
                "GetApplicationBusAddress", null);
        assertThat(address.ok()).as("%s", address).isTrue();
        BusCalls found = new BusCalls(DirectConnectionBuilder.forAddress((String) address.value(0)).build(), true);
        assertThat(found.connected()).isTrue();
        return found;
    }
}
