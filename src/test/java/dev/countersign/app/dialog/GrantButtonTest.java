package dev.countersign.app.dialog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.approval.ApprovalRequest;
import dev.countersign.approval.Decision;
import dev.countersign.approval.GrantOffer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The grant button's text and who may press it, without a stage. */
class GrantButtonTest {
    static final Instant NOW = Instant.parse("2025-05-01T10:00:00Z");

    static ApprovalRequest offering(String nonce, GrantOffer offer) {
        return new ApprovalRequest(nonce, "claude", "Claude", "Click \u2018Send\u2019 in Mail", "send", List.of("send"),
                "Mail", "Inbox", NOW.plusSeconds(60), null, null, offer);
    }

    static GrantOffer offer(String window, String operation) {
        return new GrantOffer("claude", "Mail", 100, window, "send", operation, Duration.ofMinutes(10), 20);
    }

    @Test
    void theButtonSaysForHowLongAndExactlyWhat() {
        assertThat(ApprovalView.of(offering("n1", offer("Inbox", "click")), NOW, 0).grant())
                .isEqualTo("Allow for 10 min\nClaude: send clicks in Mail, window \u2018Inbox\u2019, at most 20");
        assertThat(ApprovalView.of(offering("n1", offer(null, "visual click")), NOW, 0).grant())
                .isEqualTo("Allow for 10 min\nClaude: send clicks by position in Mail, at most 20");
    }

    @Test
    void noOfferNoButton() {
        ApprovalRequest plain = new ApprovalRequest("n1", "claude", "Claude", "x", "delete", List.of(), "Mail",
                "Inbox", NOW.plusSeconds(60), null);
        assertThat(ApprovalView.of(plain, NOW, 0).grant()).isEmpty();
    }

    @Test
    void aWindowTitleCannotFakeASecondLineOrPushTheLimitOffTheButton() {
        String text = ApprovalView.grantButton(offer("Inbox\nCountersign: this is safe " + "x".repeat(80), "click"),
                "Claude");
        assertThat(text.lines()).hasSize(2);
        assertThat(text).endsWith("at most 20").contains(DialogText.CUT);
    }

    @Test
    void theQueueTakesAGrantAnswerOnlyForARequestThatOfferedOne() {
        ApprovalQueue queue = new ApprovalQueue();
        CompletableFuture<Decision> plain = queue.offer(new ApprovalRequest("n1", "claude", "Claude", "x", "delete",
                List.of(), "Mail", "Inbox", NOW.plusSeconds(60), null));
        assertThat(queue.decideShown("n1", Decision.ALLOW_FOR_A_WHILE)).isFalse();
        assertThat(plain).isNotDone();
        queue.decideShown("n1", Decision.DENY);
        CompletableFuture<Decision> offered = queue.offer(offering("n2", offer("Inbox", "click")));
        assertThat(queue.decideShown("n2", Decision.ALLOW_FOR_A_WHILE)).isTrue();
        assertThat(offered).isCompletedWithValue(Decision.ALLOW_FOR_A_WHILE);
    }
}
