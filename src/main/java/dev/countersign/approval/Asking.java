package dev.countersign.approval;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Waits for the person's answer to one question: in ticks of the watch, so the caller hears of
 * the wait (progress) and can withdraw it (it went away); never past the question's validity,
 * when the question is withdrawn and the answer is {@link Decision#TIMEOUT}. Whatever fails while
 * waiting is {@link Decision#UNAVAILABLE}, never an allow.
 */
public final class Asking {
    private Asking() {
    }

    /** The answer, and whether the watch withdrew the question. */
    public record Answer(Decision decision, boolean withdrawn) {
    }

    /**
     * Asks {@code approver} and waits at most {@code validity}, measured in real time from now.
     * Every way the wait ends without the person's answer withdraws the question from the person.
     */
    public static Answer ask(Approver approver, ApprovalRequest request, Duration validity, ApprovalWatch watch) {
        CompletableFuture<Decision> future = approver.request(request);
        long started = System.nanoTime();
        long deadline = started + Math.max(0, validity.toNanos());
        try {
            while (true) {
                long leftNanos = Math.max(0, deadline - System.nanoTime());
                long tickNanos = Math.max(1_000_000L, watch.tick().toNanos());
                try {
                    return new Answer(future.get(Math.min(leftNanos, tickNanos), TimeUnit.NANOSECONDS), false);
                } catch (TimeoutException e) {
                    long now = System.nanoTime();
                    if (now - deadline >= 0) {
                        approver.withdraw(request.nonce());
                        return new Answer(Decision.TIMEOUT, false);
                    }
                    if (!watch.keepWaiting(Duration.ofNanos(now - started), Duration.ofNanos(deadline - now))) {
                        approver.withdraw(request.nonce());
                        return new Answer(Decision.UNAVAILABLE, true);
                    }
                }
            }
        } catch (ExecutionException e) {
            // The UI failed to ask: that is not an allow.
            return new Answer(Decision.UNAVAILABLE, false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            approver.withdraw(request.nonce());
            return new Answer(Decision.UNAVAILABLE, false);
        }
    }
}
