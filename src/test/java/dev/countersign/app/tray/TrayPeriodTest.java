package dev.countersign.app.tray;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** How long the tray sleeps between reads: short only while something is happening, so an idle app stays idle. */
class TrayPeriodTest {
    @Test
    void anIdleAppWithNoAgentsSleepsLong() {
        assertThat(TrayController.period(new TrayStatus(false, 0, 0, false))).isEqualTo(TrayController.IDLE);
        assertThat(TrayController.period(new TrayStatus(true, 0, 0, false))).isEqualTo(TrayController.IDLE);
    }

    @Test
    void registeredAgentsAreWatchedOftenEnoughToShowActing() {
        assertThat(TrayController.period(new TrayStatus(false, 2, 0, false))).isEqualTo(TrayController.WATCHING);
        // Acting shows for ACTING_FOR after a receipt: a period shorter than that cannot miss it.
        assertThat(TrayController.WATCHING).isLessThan(TrayController.ACTING_FOR);
    }

    @Test
    void waitingApprovalsAndActingAgentsAreFollowedClosely() {
        assertThat(TrayController.period(new TrayStatus(false, 1, 1, false))).isEqualTo(TrayController.BUSY);
        assertThat(TrayController.period(new TrayStatus(false, 1, 0, true))).isEqualTo(TrayController.BUSY);
        assertThat(TrayController.BUSY).isLessThan(TrayController.WATCHING);
        assertThat(TrayController.WATCHING).isLessThan(TrayController.IDLE);
    }
}
