package dev.countersign.server;

import dev.countersign.approval.ApprovalRequest;
import dev.countersign.approval.Approver;
import dev.countersign.approval.Decision;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/** An approver a test answers by hand: requests stay pending until {@link #answer} or withdrawal. */
final class HeldApprover implements Approver {
    final List<ApprovalRequest> asked = new CopyOnWriteArrayList<>();
    final List<String> withdrawn = new CopyOnWriteArrayList<>();
    private final Map<String, CompletableFuture<Decision>> pending = new ConcurrentHashMap<>();
    private final Map<String, Long> askedAt = new ConcurrentHashMap<>();

    @Override
    public CompletableFuture<Decision> request(ApprovalRequest request) {
        CompletableFuture<Decision> future = new CompletableFuture<>();
        pending.put(request.nonce(), future);
        askedAt.put(request.nonce(), System.nanoTime());
        asked.add(request);
        return future;
    }

    @Override
    public void withdraw(String nonce) {
        withdrawn.add(nonce);
        CompletableFuture<Decision> future = pending.remove(nonce);
        if (future != null) {
            future.complete(Decision.UNAVAILABLE);
        }
    }

    /** Answers every request pending for longer than {@code age}, like a person who takes their time. */
    void answerOlderThan(java.time.Duration age, Decision decision) {
        long now = System.nanoTime();
        for (ApprovalRequest request : asked) {
            Long at = askedAt.get(request.nonce());
            if (at != null && now - at > age.toNanos()) {
                CompletableFuture<Decision> future = pending.remove(request.nonce());
                if (future != null) {
                    future.complete(decision);
                }
            }
        }
    }

    /** Answers the oldest pending request. */
    void answer(Decision decision) {
        for (ApprovalRequest request : asked) {
            CompletableFuture<Decision> future = pending.remove(request.nonce());
            if (future != null) {
                future.complete(decision);
                return;
            }
        }
        throw new AssertionError("nothing is pending");
    }
}
