package dev.countersign.desktop.linux;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import org.freedesktop.dbus.connections.impl.DirectConnectionBuilder;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A reconnect of the accessibility bus while an application's channel is being found: unique bus
 * names start over on a new bus, so a channel found through the old one could answer for another
 * application that the new bus gave the same name. Such a channel is closed, never kept.
 */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class A11yBusReconnectTest {

    @Test
    void aChannelFoundOnTheBusBeforeAReconnectIsClosedNotKept(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp form = desktop.launchForm("", "");
        String name = ((AtspiRef) form.window().handle()).bus();
        try (A11yBus bus = new A11yBus()) {
            BusCalls old = bus.calls();
            // The application's private socket, found through the bus as it was (what appCalls does
            // before it keeps the channel).
            BusCalls.Reply address = old.call(name, AtspiRef.ROOT_PATH, "org.a11y.atspi.Application",
                    "GetApplicationBusAddress", null);
            assertThat(address.ok()).as("%s", address).isTrue();
            BusCalls found = new BusCalls(DirectConnectionBuilder.forAddress((String) address.value(0)).build(), true);
            assertThat(found.connected()).isTrue();

            old.connection().disconnect();
            BusCalls now = bus.calls();
            assertThat(now).isNotSameAs(old);

            assertThat(bus.keep(old, name, found)).isFalse();
            assertThat(found.connected()).isFalse();
            assertThat(bus.appChannels()).isZero();
            assertThat(bus.openAppCalls(name)).isNull();

            // On the bus it was found through, a channel is kept; and appCalls finds one again.
            BusCalls again = bus.appCalls(name);
            assertThat(again).isNotSameAs(found);
            assertThat(again.connected()).isTrue();
            assertThat(bus.openAppCalls(name)).isSameAs(again);
        }
    }
}
