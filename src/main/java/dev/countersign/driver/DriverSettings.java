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
 * @param grantLifetime how long a grant the person gives in the approval dialog lasts (10 minutes)
 * @param grantActs how many acts such a grant covers at most (20)
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
        int receiptCapacity,
        Duration grantLifetime,
        int grantActs) {

    public DriverSettings {
        if (grantLifetime == null || grantLifetime.isNegative() || grantLifetime.isZero()) {
            throw new IllegalArgumentException("a grant lasts a positive time, got " + grantLifetime);
        }
        if (grantActs < 1) {
            throw new IllegalArgumentException("a grant covers at least one act, got " + grantActs);
        }
    }

    public static DriverSettings defaults(String sessionId) {
        return new DriverSettings(sessionId, "local-user", 32L * 1024 * 1024, Duration.ofSeconds(2),
                Duration.ofMillis(400), Duration.ofMillis(1000), Duration.ofSeconds(60), Duration.ofSeconds(30), 64,
                Duration.ofMinutes(10), 20);
    }

    public DriverSettings withObservationBudget(long bytes) {
        return new DriverSettings(sessionId, principalId, bytes, reservationWait, verifyBound, declaredBound,
                approvalWindow, actionWindow, receiptCapacity, grantLifetime, grantActs);
    }

    public DriverSettings withApprovalWindow(Duration window) {
        return new DriverSettings(sessionId, principalId, observationBudgetBytes, reservationWait, verifyBound,
                declaredBound, window, actionWindow, receiptCapacity, grantLifetime, grantActs);
    }

    /** These settings with grants of {@code lifetime} and at most {@code acts} acts. */
    public DriverSettings withGrants(Duration lifetime, int acts) {
        return new DriverSettings(sessionId, principalId, observationBudgetBytes, reservationWait, verifyBound,
                declaredBound, approvalWindow, actionWindow, receiptCapacity, lifetime, acts);
    }
}
