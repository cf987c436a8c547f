package dev.countersign.desktop.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.SnapshotLimits;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An application that goes away while it is read — it exited or crashed, and its own connection
 * closed — ends the read with TARGET_CHANGED naming it, never an internal fault, and is not asked
 * anything again under that bus name.
 */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class AppDepartureDesktopTest {
    private static final SnapshotLimits LIMITS = new SnapshotLimits(200, 20);

    @Test
    void anAppWhoseConnectionClosedMidReadIsRefusedByNameAndNotAskedAgain(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp form = desktop.launchForm("ada", "secret");
        AtspiRef window = (AtspiRef) form.window().handle();
        try (A11yBus bus = new A11yBus()) {
            // The walk holds the application's own connection, as an observation does when it starts.
            BusCalls calls = bus.appCalls(window.bus());
            NodeReader reader = bus.observationReader(window.bus());
            assertThat(calls).as("the app offers its own socket").isNotSameAs(bus.calls());
            form.process().destroyForcibly().waitFor();
            assertThat(TestDesktop.eventually(Duration.ofSeconds(10), () -> !calls.connected()))
                    .as("its connection is seen closed").isTrue();

            CountersignException read = catchThrowableOfType(() -> new TreeWalker(calls, reader).walk(window, LIMITS),
                    CountersignException.class);
            assertThat(read.error().code()).isEqualTo(ErrorCode.TARGET_CHANGED);
            assertThat(read.error().message()).contains(window.bus()).contains("exited or crashed");

            CountersignException named = BusCalls.departed(read, "yad", form.pid());
            assertThat(named.error().message()).startsWith("yad (pid " + form.pid() + ")");

            CountersignException again = catchThrowableOfType(() -> bus.appCalls(window.bus()), CountersignException.class);
            assertThat(again.error().code()).isEqualTo(ErrorCode.TARGET_CHANGED);
            assertThat(bus.departed(window.bus())).as("the bus name is not read again").isTrue();
        }
    }

    @Test
    void observingAnAppThatExitedIsNeverAnInternalFault(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp form = desktop.launchForm("ada", "secret");
        desktop.backend().snapshot(form.app(), form.window(), LIMITS);
        form.process().destroyForcibly().waitFor();

        CountersignException e = catchThrowableOfType(
                () -> desktop.backend().snapshot(form.app(), form.window(), LIMITS), CountersignException.class);

        assertThat(e).as("a coded refusal").isNotNull();
        assertThat(e.error().code()).isNotEqualTo(ErrorCode.INTERNAL);
    }
}
