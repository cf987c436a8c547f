package dev.countersign.app.dialog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.approval.ApprovalRequest;
import dev.countersign.approval.Decision;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class ApprovalQueueTest {
    static final Instant NOW = Instant.parse("2025-05-01T10:00:00Z");

    static ApprovalRequest request(String nonce, String agent, Instant expires) {
        return new ApprovalRequest(nonce, agent, agent, "Click \u2018Delete\u2019 in yad \u2014 window \u2018Cleanup\u2019",
                "delete", List.of("delete"), "yad", "Cleanup", expires, null);
    }

    final ApprovalQueue queue = new ApprovalQueue();

    @Nested
    class Order {
        @Test
        void requestsFromSeveralAgentsAreShownOldestFirst() {
            queue.offer(request("n1", "claude", NOW.plusSeconds(60)));
            queue.offer(request("n2", "cursor", NOW.plusSeconds(60)));
            queue.offer(request("n3", "claude", NOW.plusSeconds(60)));

            assertThat(queue.head()).get().extracting(ApprovalRequest::nonce).isEqualTo("n1");
            assertThat(queue.waitingBehind()).isEqualTo(2);
            queue.decideShown("n1", Decision.DENY);
            assertThat(queue.head()).get().extracting(ApprovalRequest::nonce).isEqualTo("n2");
            queue.decideShown("n2", Decision.DENY);
            assertThat(queue.head()).get().extracting(ApprovalRequest::nonce).isEqualTo("n3");
            assertThat(queue.waitingBehind()).isZero();
        }

        @Test
        void aRepeatedNonceIsAskedOnce() {
            CompletableFuture<Decision> first = queue.offer(request("n1", "claude", NOW.plusSeconds(60)));
            CompletableFuture<Decision> again = queue.offer(request("n1", "claude", NOW.plusSeconds(60)));
            assertThat(again).isSameAs(first);
            assertThat(queue.size()).isEqualTo(1);
        }
    }

    @Nested
    class Deciding {
        @Test
        void allowCompletesTheShownRequestExactlyOnce() {
            CompletableFuture<Decision> f = queue.offer(request("n1", "claude", NOW.plusSeconds(60)));
            assertThat(queue.decideShown("n1", Decision.ALLOW_ONCE)).isTrue();
            assertThat(queue.decideShown("n1", Decision.ALLOW_ONCE)).isFalse();
            assertThat(queue.decideShown("n1", Decision.DENY)).isFalse();
            assertThat(f).isCompletedWithValue(Decision.ALLOW_ONCE);
            assertThat(queue.size()).isZero();
        }

        @Test
        void aRequestThatIsNotShownCannotBeDecided() {
            queue.offer(request("n1", "claude", NOW.plusSeconds(60)));
            CompletableFuture<Decision> waiting = queue.offer(request("n2", "cursor", NOW.plusSeconds(60)));
            assertThat(queue.decideShown("n2", Decision.ALLOW_ONCE)).isFalse();
            assertThat(waiting).isNotDone();
        }

        @Test
        void anUnknownNonceDecidesNothing() {
            assertThat(queue.decideShown("nope", Decision.ALLOW_ONCE)).isFalse();
        }
    }

    @Nested
    class Ending {
        @Test
        void withdrawingAWaitingRequestRemovesItAndAnswersUnavailable() {
            queue.offer(request("n1", "claude", NOW.plusSeconds(60)));
            CompletableFuture<Decision> f = queue.offer(request("n2", "cursor", NOW.plusSeconds(60)));
            assertThat(queue.withdraw("n2")).isTrue();
            assertThat(f).isCompletedWithValue(Decision.UNAVAILABLE);
            assertThat(queue.waitingBehind()).isZero();
        }

        @Test
        void withdrawingTheShownRequestMovesToTheNext() {
            CompletableFuture<Decision> f = queue.offer(request("n1", "claude", NOW.plusSeconds(60)));
            queue.offer(request("n2", "cursor", NOW.plusSeconds(60)));
            queue.withdraw("n1");
            assertThat(f).isCompletedWithValue(Decision.UNAVAILABLE);
            assertThat(queue.head()).get().extracting(ApprovalRequest::nonce).isEqualTo("n2");
        }

        @Test
        void expiryTimesOutShownAndWaitingRequestsAlike() {
            CompletableFuture<Decision> shown = queue.offer(request("n1", "claude", NOW.plusSeconds(5)));
            CompletableFuture<Decision> later = queue.offer(request("n2", "cursor", NOW.plusSeconds(60)));
            CompletableFuture<Decision> soon = queue.offer(request("n3", "cursor", NOW.plusSeconds(5)));
            assertThat(queue.expire(NOW.plusSeconds(4))).isZero();
            assertThat(queue.expire(NOW.plusSeconds(5))).isEqualTo(2);
            assertThat(shown).isCompletedWithValue(Decision.TIMEOUT);
            assertThat(soon).isCompletedWithValue(Decision.TIMEOUT);
            assertThat(later).isNotDone();
        }

        @Test
        void quittingDeniesEverything() {
            CompletableFuture<Decision> a = queue.offer(request("n1", "claude", NOW.plusSeconds(60)));
            CompletableFuture<Decision> b = queue.offer(request("n2", "cursor", NOW.plusSeconds(60)));
            queue.denyAll();
            assertThat(a).isCompletedWithValue(Decision.DENY);
            assertThat(b).isCompletedWithValue(Decision.DENY);
        }

        @Test
        void listenersHearEveryChange() {
            AtomicInteger changes = new AtomicInteger();
            queue.addListener(changes::incrementAndGet);
            queue.offer(request("n1", "claude", NOW.plusSeconds(60)));
            queue.decideShown("n1", Decision.DENY);
            assertThat(changes).hasValue(2);
        }
    }
}
