package dev.countersign.driver;

import dev.countersign.approval.ApprovalRequest;
import dev.countersign.approval.ApprovalWatch;
import dev.countersign.approval.Approver;
import dev.countersign.approval.Asking;
import dev.countersign.approval.Decision;
import dev.countersign.core.ApprovalDecision;
import dev.countersign.core.ApprovalGrant;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.PendingApproval;
import dev.countersign.core.Timestamps;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks the person when the graph interrupts for approval (docs/driver.md; the dialog is in docs/app.md). Before asking it re-checks
 * the target, so the person is never asked about one that changed; after an allow the runtime's
 * own re-check right before dispatch refuses a target that changed while the person decided. The grant it mints is bound to the pending request's nonce, digest,
 * route and policy; a nonce is answered once.
 */
final class ApprovalFlow {
    private static final Logger LOG = LoggerFactory.getLogger(ApprovalFlow.class);
    private final DriverContext ctx;
    private final Approver approver;
    private final Set<String> answeredNonces = ConcurrentHashMap.newKeySet();
    /** Outstanding requests per agent, so disposing an agent withdraws them from the dialog. */
    private final Map<String, Set<String>> pendingByAgent = new ConcurrentHashMap<>();

    /**
     * The decision that answers the graph's interrupt, and when the person made it (null when
     * nobody did). Only the run resumes the graph with it.
     */
    record Answered(ApprovalDecision decision, String decidedAt) {
    }

    ApprovalFlow(DriverContext ctx, Approver approver) {
        this.ctx = ctx;
        this.approver = approver;
    }

    /**
     * What the person is shown and how the target is re-checked, for one interrupted action.
     *
     * @param app the target's app as the person knows it
     * @param window the target window's title; null when it has none
     * @param machine the other machine the act runs on; null for this computer
     * @param recheck re-reads the target before the person is asked; empty when it is still the one
     *     the agent saw
     * @param screenshot renders the Set-of-Mark screenshot for the dialog; may return null
     * @param held whether what the act needs is still held once the person allowed it (a local
     *     act: its observation was not disposed or evicted meanwhile)
     */
    record Ask(String agentId, String app, String window, String machine, String summary,
            Supplier<Optional<CountersignError>> recheck, Supplier<byte[]> screenshot, BooleanSupplier held) {

        /** An act on this computer's desktop, on a target of {@code observation}. */
        static Ask local(DriverContext ctx, String agentId, Observation observation, String summary,
                Supplier<Optional<CountersignError>> recheck, Supplier<byte[]> screenshot) {
            return new Ask(agentId, observation.app.name(), observation.window.title(), null, summary, recheck,
                    screenshot, () -> ctx.observations.holds(observation));
        }
    }

    /**
     * Asks the person and returns the decision that answers {@code pending}. Whatever fails while
     * asking (the re-check cannot read the window, the screenshot or the UI fails) is a refusal
     * that consumes the approval, so the graph still reaches its release and the agent still gets
     * a receipt.
     */
    Answered ask(PendingApproval pending, Ask ask, ApprovalWatch watch) {
        try {
            return askChecked(pending, ask, watch);
        } catch (CountersignException e) {
            ErrorCode code = e.error().code() == ErrorCode.TARGET_CHANGED ? ErrorCode.TARGET_CHANGED
                    : ErrorCode.APPROVAL_UNAVAILABLE;
            return consumed(code, "the approval could not be asked: " + e.error().message());
        } catch (RuntimeException e) {
            // A fault in the UI or a backend read must not leave the window reserved.
            LOG.warn("asking for approval failed", e);
            return consumed(ErrorCode.APPROVAL_UNAVAILABLE, "the approval could not be asked");
        }
    }

    private Answered askChecked(PendingApproval pending, Ask ask, ApprovalWatch watch) {
        // The screenshot is taken while the target is re-read: both are reads of the desktop and
        // the person waits for the sum of them otherwise. It is shown only once the re-read passed.
        CompletableFuture<byte[]> screenshot = DesktopReads.start(ask.screenshot());
        Optional<CountersignError> before = ask.recheck().get();
        if (before.isPresent()) {
            return consumed(ErrorCode.TARGET_CHANGED, before.get().message());
        }
        Asked asked;
        try {
            asked = askPerson(ask, DesktopReads.result(screenshot), pending, watch);
        } catch (CountersignException e) {
            // The host could not record the request (e.g. the audit log failed): nobody is asked.
            return consumed(ErrorCode.APPROVAL_UNAVAILABLE,
                    "the approval request could not be recorded: " + e.error().message());
        }
        Decision decision = asked.decision();
        String decidedAt = Timestamps.format(ctx.clock.instant());
        try {
            watch.decided(asked.request(), decision, asked.withdrawn());
        } catch (CountersignException e) {
            // A decision the host could not record must not take effect.
            return consumed(ErrorCode.APPROVAL_UNAVAILABLE,
                    "the decision could not be recorded: " + e.error().message());
        }
        if (asked.withdrawn()) {
            return consumed(ErrorCode.APPROVAL_UNAVAILABLE, watch.withdrawnBecause());
        }
        Optional<CountersignError> paused = ctx.pauseProblem();
        if (paused.isPresent()) {
            // Pausing withdraws every pending request; whatever the dialog said, nothing runs.
            return consumed(ErrorCode.AGENT_PAUSED, paused.get().message());
        }
        if (decision != Decision.ALLOW_ONCE) {
            return new Answered(new ApprovalDecision.Refused(decision.refusalCode(), decision.refusal()), decidedAt);
        }
        if (!ask.held().getAsBoolean()) {
            return consumed(ErrorCode.REF_UNKNOWN,
                    "the observation was disposed or evicted while the person decided");
        }
        // No re-read here: every runtime re-reads the target (the same checks and more) right
        // before its one dispatch, which is later than any re-read here could be and refuses a
        // changed target the same way. A second read in between only delayed the allowed act.
        if (!answeredNonces.add(pending.nonce())) {
            return consumed(ErrorCode.APPROVAL_DENIED, "this approval was already used");
        }
        ApprovalGrant grant = new ApprovalGrant(ctx.ids.next("grant_"), null, pending.actionId(), pending.route(),
                pending.actionDigest(), pending.policyDigest(), pending.nonce(), decidedAt);
        return new Answered(new ApprovalDecision.AllowedOnce(grant), decidedAt);
    }

    /** Withdraws every outstanding request of every agent (the kill switch). */
    void withdrawEverything() {
        pendingByAgent.keySet().forEach(this::withdrawAll);
    }

    /** Withdraws every outstanding request of an agent (its scope is being disposed). */
    void withdrawAll(String agentId) {
        Set<String> nonces = pendingByAgent.remove(agentId);
        if (nonces != null) {
            nonces.forEach(approver::withdraw);
        }
    }

    /** What asking produced: the request shown, the answer, and whether the watch withdrew it. */
    private record Asked(ApprovalRequest request, Decision decision, boolean withdrawn) {
    }

    private Asked askPerson(Ask ask, byte[] screenshot, PendingApproval pending, ApprovalWatch watch) {
        String agentId = ask.agentId();
        Instant expires = Timestamps.parse(pending.expiresAt()).orElse(ctx.clock.instant());
        ApprovalRequest request = new ApprovalRequest(pending.nonce(), agentId, null, ask.summary(),
                pending.category(), pending.matchedWords(), ask.app(), ask.window(), expires, screenshot,
                ask.machine());
        watch.asking(request);
        pendingByAgent.computeIfAbsent(agentId, a -> ConcurrentHashMap.newKeySet()).add(pending.nonce());
        try {
            // The wait is measured in real time from the envelope's validity as it stands now.
            Asking.Answer answer = Asking.ask(approver, request,
                    Duration.ofMillis(Math.max(0, Duration.between(ctx.clock.instant(), expires).toMillis())), watch);
            return new Asked(request, answer.decision(), answer.withdrawn());
        } finally {
            Set<String> nonces = pendingByAgent.get(agentId);
            if (nonces != null) {
                nonces.remove(pending.nonce());
            }
        }
    }

    private static Answered consumed(ErrorCode code, String why) {
        return new Answered(new ApprovalDecision.Refused(code, why), null);
    }
}
