package dev.countersign.driver;

import dev.countersign.approval.ApprovalRequest;
import dev.countersign.approval.Approver;
import dev.countersign.approval.Decision;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/** Answers approval requests as a test scripts it, and records what it was asked. */
public final class ScriptedApprover implements Approver {
    public final List<ApprovalRequest> asked = new CopyOnWriteArrayList<>();
    public final List<String> withdrawn = new CopyOnWriteArrayList<>();
    public volatile Function<ApprovalRequest, CompletableFuture<Decision>> answer =
            r -> CompletableFuture.completedFuture(Decision.DENY);

    public static ScriptedApprover always(Decision decision) {
        ScriptedApprover a = new ScriptedApprover();
        a.answer = r -> CompletableFuture.completedFuture(decision);
        return a;
    }

    private final java.util.Map<String, CompletableFuture<Decision>> open = new java.util.concurrent.ConcurrentHashMap<>();

    @Override
    public CompletableFuture<Decision> request(ApprovalRequest request) {
        asked.add(request);
        CompletableFuture<Decision> future = answer.apply(request);
        open.put(request.nonce(), future);
        return future;
    }

    /** As the port requires: a withdrawn request completes (it never allows). */
    @Override
    public void withdraw(String nonce) {
        withdrawn.add(nonce);
        CompletableFuture<Decision> future = open.remove(nonce);
        if (future != null) {
            future.complete(Decision.UNAVAILABLE);
        }
    }
}
