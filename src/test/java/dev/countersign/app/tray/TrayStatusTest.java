package dev.countersign.app.tray;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import org.junit.jupiter.api.Test;

class TrayStatusTest {
    @Test
    void pausedShowsOverEverything() {
        assertThat(new TrayStatus(true, 2, 1, true).state()).isEqualTo(TrayState.PAUSED);
    }

    @Test
    void anUnwritableAuditLogShowsOverEverythingAndSaysActsAreRefused() {
        TrayStatus status = new TrayStatus(true, 2, 1, true, true);
        assertThat(status.state()).isEqualTo(TrayState.AUDIT_UNWRITABLE);
        assertThat(status.line()).startsWith("Audit log cannot be written: every act refused");
        assertThat(new TrayStatus(false, 2, 0, false, false).state()).isEqualTo(TrayState.IDLE);
    }

    @Test
    void aWaitingApprovalShowsOverActing() {
        assertThat(new TrayStatus(false, 2, 1, true).state()).isEqualTo(TrayState.APPROVAL_WAITING);
        assertThat(new TrayStatus(false, 2, 0, true).state()).isEqualTo(TrayState.ACTING);
        assertThat(new TrayStatus(false, 2, 0, false).state()).isEqualTo(TrayState.IDLE);
    }

    @Test
    void theStatusLineCountsAgentsAndApprovals() {
        assertThat(new TrayStatus(false, 1, 0, false).line()).isEqualTo("1 agent \u00B7 no approvals waiting");
        assertThat(new TrayStatus(false, 3, 2, false).line()).isEqualTo("3 agents \u00B7 2 approvals waiting");
        assertThat(new TrayStatus(true, 0, 1, false).line()).isEqualTo("Paused \u00B7 0 agents \u00B7 1 approval waiting");
    }

    @Test
    void theKillSwitchLabelFlips() {
        assertThat(new TrayStatus(false, 0, 0, false).pauseLabel()).isEqualTo("Pause all agents");
        assertThat(new TrayStatus(true, 0, 0, false).pauseLabel()).isEqualTo("Resume agents");
    }

    @Test
    void eachStatePaintsADifferentIcon() {
        BufferedImage idle = TrayIcons.paint(TrayState.IDLE, 24);
        for (TrayState s : TrayState.values()) {
            BufferedImage img = TrayIcons.paint(s, 24);
            assertThat(img.getWidth()).isEqualTo(24);
            assertThat(img.getRGB(12, 2) >>> 24).as("the seal is opaque at its edge").isGreaterThan(200);
            assertThat(img.getRGB(0, 0) >>> 24).as("the corners are transparent").isZero();
            if (s != TrayState.IDLE) {
                assertThat(img.getRGB(12, 2)).isNotEqualTo(idle.getRGB(12, 2));
            }
        }
    }
}
