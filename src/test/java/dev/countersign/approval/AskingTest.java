package dev.countersign.approval;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The one wait for the person's answer: only the person's own answer is one; every other end withdraws the question. */
class AskingTest {
    private final List<String> withdrawn = new CopyOnWriteArrayList<>();
    private final ApprovalRequest request = new ApprovalRequest("nonce-1", "claude", null, "Click 'Delete'", "delete",
            List.of("delete"), "yad", "Cleanup", Instant.parse("2026-12-06T12:00:00Z"), null);

    private Approver answering(CompletableFuture<Decision> answer) {
        return new Approver() {
            @Override
            public CompletableFuture<Decision> request(ApprovalRequest r) {
                return answer;
            }

            @Override
            public void withdraw(String nonce) {
                withdrawn.add(nonce);
            }
        };
    }

    private static ApprovalWatch ticking(boolean keepWaiting) {
        return new ApprovalWatch() {
            @Override
            public Duration tick() {
                return Duration.ofMillis(5);
            }

            @Override
            public boolean keepWaiting(Duration waited, Duration left) {
                return keepWaiting;
            }
        };
    }

    @Test
    void thePersonsAnswerIsTheAnswer() {
        Asking.Answer answer = Asking.ask(answering(CompletableFuture.completedFuture(Decision.ALLOW_ONCE)), request,
                Duration.ofSeconds(5), ticking(true));

        assertThat(answer).isEqualTo(new Asking.Answer(Decision.ALLOW_ONCE, false));
        assertThat(withdrawn).isEmpty();
    }

    @Test
    void noAnswerBeforeTheValidityEndsIsATimeoutAndTheQuestionIsWithdrawn() {
        Asking.Answer answer = Asking.ask(answering(new CompletableFuture<>()), request, Duration.ofMillis(30),
                ticking(true));

        assertThat(answer).isEqualTo(new Asking.Answer(Decision.TIMEOUT, false));
        assertThat(withdrawn).containsExactly("nonce-1");
    }

    @Test
    void aCallerThatStopsWaitingWithdrawsTheQuestion() {
        Asking.Answer answer = Asking.ask(answering(new CompletableFuture<>()), request, Duration.ofSeconds(5),
                ticking(false));

        assertThat(answer).isEqualTo(new Asking.Answer(Decision.UNAVAILABLE, true));
        assertThat(withdrawn).containsExactly("nonce-1");
    }

    @Test
    void aDialogThatFailsIsNeverAnAllow() {
        Asking.Answer answer = Asking.ask(answering(CompletableFuture.failedFuture(new IllegalStateException("no UI"))),
                request, Duration.ofSeconds(5), ticking(true));

        assertThat(answer.decision()).isEqualTo(Decision.UNAVAILABLE);
    }

    @Test
    void everyAnswerButAllowIsARefusalWithItsCode() {
        assertThat(Decision.DENY.refusalCode().name()).isEqualTo("APPROVAL_DENIED");
        assertThat(Decision.TIMEOUT.refusalCode().name()).isEqualTo("APPROVAL_EXPIRED");
        assertThat(Decision.UNAVAILABLE.refusalCode().name()).isEqualTo("APPROVAL_UNAVAILABLE");
        assertThat(Decision.DENY.refusal()).contains("denied").contains("nothing was done");
    }
}
