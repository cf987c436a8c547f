package dev.countersign.driver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.approval.Approver;
import dev.countersign.core.RandomIds;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.graph.TestClock;
import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The driver's act warm-up runs a made-up click the whole way an act goes — policy,
 * request, graph from preview through execution and verification to release, receipt — and
 * reaches nothing: no desktop call, no lease, no receipt in any agent's ring. Whether that makes
 * the first act fast is the bench's question (scripts/bench/observe), not this test's.
 */
class ActWarmUpTest {
    private final List<String> desktopCalls = new ArrayList<>();
    private final List<String> approverCalls = new ArrayList<>();
    private final TestClock clock = new TestClock(Instant.parse("2026-11-29T12:00:00Z"));
    private final LeaseBook leases = new LeaseBook(clock, "sess-test", "principal", LeaseBook.Terms.defaults());
    private final ComputerDriver driver = new ComputerDriver(refusing(DesktopBackend.class, desktopCalls),
            DriverHarness.DELETE_ASKS, refusing(Approver.class, approverCalls), leases, clock, new RandomIds(),
            new Random(7), DriverSettings.defaults("sess-test"));

    @Test
    void theMadeUpClickRunsTheWholeGraphToAConfirmedReceipt() {
        Receipt receipt = driver.warmUpAct();

        // Confirmed only after the graph executed and verified it: a refusal on the way (lease,
        // reservation, binding) would leave the path after it cold, and say so here.
        assertThat(receipt.status()).isEqualTo("confirmed");
        assertThat(receipt.code()).isNull();
        assertThat(receipt.verification()).isNotNull();
        assertThat(receipt.timings()).containsKeys("total_ms", "dispatch_ms", "verify_ms");
        assertThat(receipt.strategy()).isEqualTo("warm-up");
    }

    @Test
    void itReachesNoDesktopNoPersonNoLeaseAndNoReceiptRing() {
        driver.warmUpAct();

        assertThat(desktopCalls).as("desktop calls").isEmpty();
        assertThat(approverCalls).as("approver calls").isEmpty();
        assertThat(leases.find(ActWarmUp.AGENT)).as("a lease in the driver's book").isEmpty();
        assertThat(driver.receipts(ActWarmUp.AGENT)).as("receipts in the driver's ring").isEmpty();
    }

    /** An implementation of {@code type} that records and refuses every call. */
    private static <T> T refusing(Class<T> type, List<String> calls) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
            if (method.getDeclaringClass() == Object.class) {
                return method.getName().equals("equals") ? proxy == args[0]
                        : method.getName().equals("hashCode") ? System.identityHashCode(proxy) : type.getSimpleName();
            }
            calls.add(method.getName());
            throw new AssertionError("the warm-up called " + type.getSimpleName() + "." + method.getName());
        }));
    }
}
