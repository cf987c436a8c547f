package dev.countersign.testkit;

import dev.countersign.approval.ApprovalRequest;
import dev.countersign.approval.Approver;
import dev.countersign.approval.Decision;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * The person, as a test plays them, and a record of what they were asked ({@link #asked}, in
 * order) and what was withdrawn from them ({@link #withdrawn}, by nonce). Two styles:
 *
 * <ul>
 *   <li>scripted (the default): {@link #answer} decides each request as it comes, denying unless a
 *       test sets it; {@link #always} answers every request alike;</li>
 *   <li>held ({@link #held()}): every request stays pending until the test answers it with
 *       {@link #answer(Decision)} (the oldest first) or {@link #answerOlderThan}, or it is
 *       withdrawn.</li>
 * </ul>
 *
 * <p>A request whose answer is still pending completes {@code UNAVAILABLE} when it is withdrawn,
 * as the approver port requires (a withdrawn request never allows).
 */
public final class ScriptedApprover implements Approver {
    public final List<ApprovalRequest> asked = new CopyOnWriteArrayList<>();
    public final List<String> withdrawn = new CopyOnWriteArrayList<>();
    /** How each request is answered; its future may be left pending for the test to complete. */
    public volatile Function<ApprovalRequest, CompletableFuture<Decision>> answer =
            r -> CompletableFuture.completedFuture(Decision.DENY);
    private final Map<String, CompletableFuture<Decision>> open = new ConcurrentHashMap<>();
    private final Map<String, Long> askedAt = new ConcurrentHashMap<>();

    /** Denies every request (until a test sets {@link #answer}). */
    public ScriptedApprover() {
    }

    /** Answers every request with {@code decision}. */
    public static ScriptedApprover always(Decision decision) {
        ScriptedApprover a = new ScriptedApprover();
        a.answer = r -> CompletableFuture.completedFuture(decision);
        return a;
    }

    /** Answers nothing by itself: requests wait for {@link #answer(Decision)} or withdrawal. */
    public static ScriptedApprover held() {
        ScriptedApprover a = new ScriptedApprover();
        a.answer = r -> new CompletableFuture<>();
        return a;
    }

    /**
     * Records the request once its answer is known to this approver, so that a test that sees it in
     * {@link #asked} can answer or withdraw it; a request whose scripted answer throws is recorded too.
     */
    @Override
    public CompletableFuture<Decision> request(ApprovalRequest request) {
        CompletableFuture<Decision> future;
        try {
            future = answer.apply(request);
        } catch (RuntimeException e) {
            asked.add(request);
            throw e;
        }
        open.put(request.nonce(), future);
        askedAt.put(request.nonce(), System.nanoTime());
        asked.add(request);
        return future;
    }

    @Override
    public void withdraw(String nonce) {
        withdrawn.add(nonce);
        CompletableFuture<Decision> future = open.remove(nonce);
        if (future != null) {
            future.complete(Decision.UNAVAILABLE);
        }
    }

    /** Answers the oldest pending request; fails the test when none is pending. */
    public void answer(Decision decision) {
        for (ApprovalRequest request : asked) {
            CompletableFuture<Decision> future = open.get(request.nonce());
            if (future != null && !future.isDone() && open.remove(request.nonce(), future)) {
                future.complete(decision);
                return;
            }
        }
        throw new AssertionError("nothing is pending");
    }

    /** Answers every request pending for longer than {@code age}, like a person who takes their time. */
    public void answerOlderThan(Duration age, Decision decision) {
        long now = System.nanoTime();
        for (ApprovalRequest request : asked) {
            Long at = askedAt.get(request.nonce());
            CompletableFuture<Decision> future = open.get(request.nonce());
            if (at != null && now - at > age.toNanos() && future != null && !future.isDone()
                    && open.remove(request.nonce(), future)) {
                future.complete(decision);
            }
        }
    }
}
