package dev.countersign.driver;

import java.time.Duration;

/**
 * The driver's tunables and their defaults (docs/driver.md).
 *
 * @param observationBudgetBytes serialized observations an agent may keep (32 MiB)
 * @param reservationWait how long an action waits for a window another action holds
 * @param verifyBound how long verification re-reads the target before it settles for "no evidence"
 * @param declaredBound the same for an element a postcondition declares: its change goes through
 *     the app's own logic first (a GTK 4 calculator takes about half a second to show its first key
 *     on the display), and the agent named it, so it is worth waiting for; the probe still returns at
 *     the first read that shows it
 * @param approvalWindow how long an action that needs approval stays valid (the dialog's countdown)
 * @param actionWindow how long an action without approval stays valid from its preview
 * @param receiptCapacity receipts kept per agent for {@code computer_evidence}
 */
public record DriverSettings(
        String sessionId,
        String principalId,
        long observationBudgetBytes,
        Duration reservationWait,
        Duration verifyBound,
        Duration declaredBound,
        Duration approvalWindow,
        Duration actionWindow,
        int receiptCapacity) {

    public static DriverSettings defaults(String sessionId) {
        return new DriverSettings(sessionId, "local-user", 32L * 1024 * 1024, Duration.ofSeconds(2),
                Duration.ofMillis(400), Duration.ofMillis(1000), Duration.ofSeconds(60), Duration.ofSeconds(30), 64);
    }

    public DriverSettings withObservationBudget(long bytes) {
        return new DriverSettings(sessionId, principalId, bytes, reservationWait, verifyBound, declaredBound,
                approvalWindow, actionWindow, receiptCapacity);
    }

    public DriverSettings withApprovalWindow(Duration window) {
        return new DriverSettings(sessionId, principalId, observationBudgetBytes, reservationWait, verifyBound,
                declaredBound, window, actionWindow, receiptCapacity);
    }
}
