package dev.countersign.driver;

import static dev.countersign.driver.DriverHarness.err;
import static dev.countersign.driver.DriverHarness.ok;
import static dev.countersign.driver.DriverHarness.ref;
import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.approval.Decision;
import dev.countersign.core.ErrorCode;
import dev.countersign.testkit.MemoryDesktop;
import dev.countersign.testkit.ScriptedApprover;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** The per-agent byte budget: expired first (whenever the agent observes, or once it is quiet), then oldest live; never the newest. */
class ObservationBudgetTest {

    private static long sizeOfOneObservation() {
        DriverHarness probe = new DriverHarness();
        probe.observe("probe");
        return probe.driver.observationBytes("probe");
    }

    private static DriverHarness withBudget(long bytes) {
        return new DriverHarness(MemoryDesktop.loginForm(), new ScriptedApprover(),
                DriverSettings.defaults("s").withObservationBudget(bytes));
    }

    @Test
    void theOldestLiveObservationIsEvictedAndSaysSo() {
        long one = sizeOfOneObservation();
        DriverHarness h = withBudget(one * 2 + one / 2);
        ObservationView first = h.observe("agent-a");
        ObservationView second = h.observe("agent-a");
        ObservationView third = h.observe("agent-a");

        assertThat(err(h.driver.act("agent-a", ActArgs.click(ref(first, "OK")))).code())
                .isEqualTo(ErrorCode.OBSERVATION_EVICTED);
        assertThat(h.driver.observationBytes("agent-a")).isLessThanOrEqualTo(one * 2 + one / 2);
        assertThat(ok(h.driver.act("agent-a", ActArgs.click(ref(third, "OK")))).status()).isEqualTo("unknown");
        assertThat(ok(h.driver.act("agent-a", ActArgs.click(ref(second, "OK")))).status()).isEqualTo("unknown");
    }

    @Test
    void expiredObservationsGoBeforeLiveOnes() {
        long one = sizeOfOneObservation();
        DriverHarness h = withBudget(one * 2 + one / 2);
        ObservationView live = h.observe("agent-a");
        ObservationView shortLived = ok(h.driver.observe("agent-a", new ObserveArgs(null, null, null, null, 1000)));
        h.clock.advance(Duration.ofMillis(1500));
        h.observe("agent-a");

        assertThat(err(h.driver.act("agent-a", ActArgs.click(ref(shortLived, "OK")))).code())
                .isEqualTo(ErrorCode.REF_EXPIRED);
        assertThat(ok(h.driver.act("agent-a", ActArgs.click(ref(live, "OK")))).status()).isEqualTo("unknown");
    }

    @Test
    void anExpiredObservationIsDroppedWhenItsAgentObservesAgainEvenWithinBudget() {
        long one = sizeOfOneObservation();
        DriverHarness h = new DriverHarness();
        ObservationView shortLived = ok(h.driver.observe("agent-a", new ObserveArgs(null, null, null, null, 1000)));
        h.clock.advance(Duration.ofMillis(1500));
        ObservationView fresh = h.observe("agent-a");

        assertThat(h.driver.observationBytes("agent-a")).isEqualTo(one);
        assertThat(err(h.driver.act("agent-a", ActArgs.click(ref(shortLived, "OK")))).code())
                .isEqualTo(ErrorCode.REF_EXPIRED);
        assertThat(ok(h.driver.act("agent-a", ActArgs.click(ref(fresh, "OK")))).status()).isEqualTo("unknown");
    }

    /** An add looks for the expired only once the earliest expiry held has passed — the earliest, not the first or last added. */
    @Test
    void theEarliestExpiryHeldDecidesWhenAnObserveDropsTheExpired() {
        long one = sizeOfOneObservation();
        DriverHarness h = new DriverHarness();
        h.observe("agent-a");
        ObservationView shortLived = ok(h.driver.observe("agent-a", new ObserveArgs(null, null, null, null, 1000)));
        h.observe("agent-a");
        h.clock.advance(Duration.ofMillis(1500));
        h.observe("agent-a");

        assertThat(h.driver.observationBytes("agent-a")).isEqualTo(3 * one);
        assertThat(err(h.driver.act("agent-a", ActArgs.click(ref(shortLived, "OK")))).code())
                .isEqualTo(ErrorCode.REF_EXPIRED);

        // A sweep leaves the earliest expiry still held as the next one: here one that is earlier
        // than the expiry of the observation whose add swept.
        ObservationView sooner = ok(h.driver.observe("agent-a", new ObserveArgs(null, null, null, null, 1000)));
        ObservationView later = ok(h.driver.observe("agent-a", new ObserveArgs(null, null, null, null, 3000)));
        h.clock.advance(Duration.ofMillis(1500));
        h.observe("agent-a");
        h.clock.advance(Duration.ofMillis(2000));
        h.observe("agent-a");
        assertThat(h.driver.observationBytes("agent-a")).isEqualTo(5 * one);
        assertThat(err(h.driver.act("agent-a", ActArgs.click(ref(sooner, "OK")))).code()).isEqualTo(ErrorCode.REF_EXPIRED);
        assertThat(err(h.driver.act("agent-a", ActArgs.click(ref(later, "OK")))).code()).isEqualTo(ErrorCode.REF_EXPIRED);
    }

    @Test
    void theExpiredObservationsOfAnAgentThatWentQuietAreDroppedWithoutAnotherCall() throws InterruptedException {
        DriverHarness h = new DriverHarness();
        ObservationView last = ok(h.driver.observe("agent-a", new ObserveArgs(null, null, null, null, 1000)));
        h.observe("agent-b");
        assertThat(h.driver.observationBytes("agent-a")).isPositive();
        h.clock.advance(Duration.ofMillis(1500));

        // The sweep was armed for just after the expiry as the agent's last observation was stored.
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (h.driver.observationBytes("agent-a") > 0 && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(h.driver.observationBytes("agent-a")).isZero();
        // Its refs still say why they stopped working; the live observation of another agent stays.
        assertThat(err(h.driver.act("agent-a", ActArgs.click(ref(last, "OK")))).code()).isEqualTo(ErrorCode.REF_EXPIRED);
        assertThat(h.driver.observationBytes("agent-b")).isPositive();
    }

    @Test
    void anActWhoseApprovalOutlastsItsObservationsTtlRunsOnceAllowedAndItsRefsThenSayConsumed() {
        ScriptedApprover person = new ScriptedApprover();
        DriverHarness h = new DriverHarness(MemoryDesktop.loginForm(), person, DriverSettings.defaults("s"));
        ObservationView shortLived = ok(h.driver.observe("agent-a", new ObserveArgs(null, null, null, null, 1000)));
        person.answer = request -> {
            // The person takes longer than the observation's TTL, and meanwhile the agent observes
            // again, which sweeps its expired observations.
            h.clock.advance(Duration.ofSeconds(5));
            h.observe("agent-a");
            return CompletableFuture.completedFuture(Decision.ALLOW_ONCE);
        };

        Receipt receipt = ok(h.driver.act("agent-a", ActArgs.click(ref(shortLived, "Delete"))));
        assertThat(person.asked).hasSize(1);
        assertThat(receipt.status()).isIn("confirmed", "unknown");

        // Once no act can be in flight on it any more it goes, and its refs still say why.
        h.clock.advance(DriverSettings.defaults("s").approvalWindow().plus(DriverSettings.defaults("s").actionWindow()));
        h.observe("agent-a");
        assertThat(err(h.driver.act("agent-a", ActArgs.click(ref(shortLived, "Remember me")))).code())
                .isEqualTo(ErrorCode.OBSERVATION_CONSUMED);
    }

    @Test
    void theNewestIsNeverEvictedEvenWhenItAloneExceedsTheBudget() {
        DriverHarness h = withBudget(10);
        h.observe("agent-a");
        ObservationView newest = h.observe("agent-a");
        assertThat(ok(h.driver.act("agent-a", ActArgs.click(ref(newest, "OK")))).status()).isEqualTo("unknown");
    }

    @Test
    void oneAgentsBudgetNeverEvictsAnothersObservations() {
        long one = sizeOfOneObservation();
        DriverHarness h = withBudget(one + one / 2);
        ObservationView b = h.observe("agent-b");
        for (int i = 0; i < 5; i++) {
            h.observe("agent-a");
        }
        assertThat(ok(h.driver.act("agent-b", ActArgs.click(ref(b, "OK")))).status()).isEqualTo("unknown");
    }

    @Test
    void underConcurrentLoadEachScopeStaysWithinItsBudget() throws Exception {
        long one = sizeOfOneObservation();
        long budget = one * 4;
        DriverHarness h = withBudget(budget);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<ObservationView>> last = new ArrayList<>();
            for (int agent = 0; agent < 8; agent++) {
                String id = "agent-" + agent;
                last.add(pool.submit(() -> {
                    ObservationView v = null;
                    for (int i = 0; i < 50; i++) {
                        v = h.observe(id);
                    }
                    return v;
                }));
            }
            for (int agent = 0; agent < 8; agent++) {
                ObservationView newest = last.get(agent).get();
                assertThat(h.driver.observationBytes("agent-" + agent)).isLessThanOrEqualTo(budget);
                assertThat(ok(h.driver.act("agent-" + agent, ActArgs.click(ref(newest, "Remember me")))).status())
                        .isIn("confirmed", "unknown");
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
