package dev.countersign.app.dialog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.approval.ApprovalRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ApprovalViewTest {
    static final Instant NOW = Instant.parse("2025-05-01T10:00:00Z");

    @Test
    void showsAgentActionCategoryAndTheMatchedWords() {
        ApprovalRequest r = new ApprovalRequest("n1", "claude", "Claude", "Click \u2018Delete\u2019 in yad",
                "delete", List.of("delete"), "yad", "Cleanup", NOW.plusSeconds(42), new byte[] {1});
        ApprovalView view = ApprovalView.of(r, NOW, 2);
        assertThat(view.agent()).isEqualTo("Claude");
        assertThat(view.action()).isEqualTo("Click \u2018Delete\u2019 in yad");
        assertThat(view.category()).isEqualTo("Deletes something");
        assertThat(view.why()).contains("\u201Cdelete\u201D");
        assertThat(view.countdown()).isEqualTo("0:42 left");
        assertThat(view.urgent()).isFalse();
        assertThat(view.queue()).isEqualTo("2 more requests waiting");
        assertThat(view.hasScreenshot()).isTrue();
    }

    @Test
    void theCountdownRoundsUpAndSaysWhenItExpired() {
        assertThat(ApprovalView.countdown(Duration.ofMillis(100))).isEqualTo("0:01 left");
        assertThat(ApprovalView.countdown(Duration.ofSeconds(75))).isEqualTo("1:15 left");
        assertThat(ApprovalView.countdown(Duration.ZERO)).isEqualTo("Expired");
        assertThat(ApprovalView.countdown(Duration.ofSeconds(-3))).isEqualTo("Expired");
    }

    @Test
    void theLastTenSecondsAreUrgent() {
        ApprovalRequest r = new ApprovalRequest("n1", "a", null, "x", "send", List.of("send"), null, null,
                NOW.plusSeconds(9), null);
        assertThat(ApprovalView.of(r, NOW, 0).urgent()).isTrue();
        assertThat(ApprovalView.of(r, NOW, 0).queue()).isEmpty();
    }

    @Test
    void oneWaitingRequestIsSingular() {
        assertThat(ApprovalView.queueLine(1)).isEqualTo("1 more request waiting");
    }

    @Test
    void visualActsExplainWhyTheyAreAlwaysAsked() {
        assertThat(ApprovalView.categoryLabel("unknown_target")).contains("cannot name");
        assertThat(ApprovalView.why("unknown_target", List.of())).contains("always asked");
        assertThat(ApprovalView.categoryLabel("something_new")).contains("something_new");
    }

    @Test
    void everyCategoryThePolicyCanAskIsNamedInItsOwnWords() {
        for (dev.countersign.policy.RiskCategory category : dev.countersign.policy.RiskCategory.values()) {
            assertThat(ApprovalView.categoryLabel(category.wireName())).as(category.wireName())
                    .doesNotStartWith("Needs your approval");
        }
        assertThat(ApprovalView.why("value", List.of())).contains("setting");
    }

    @Test
    void inputIsIgnoredDuringTheGuardAfterShowing() {
        assertThat(ApprovalView.acceptsInput(NOW, NOW.plusMillis(100))).isFalse();
        assertThat(ApprovalView.acceptsInput(NOW, NOW.plusMillis(599))).isFalse();
        assertThat(ApprovalView.acceptsInput(NOW, NOW.plusMillis(600))).isTrue();
    }
}
