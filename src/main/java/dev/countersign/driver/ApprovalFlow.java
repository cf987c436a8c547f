package dev.countersign.driver;

import dev.countersign.approval.ApprovalRequest;
import dev.countersign.approval.ApprovalWatch;
import dev.countersign.approval.Approver;
import dev.countersign.approval.Asking;
import dev.countersign.approval.Decision;
import dev.countersign.approval.GrantOffer;
import dev.countersign.core.ActionEnvelope;
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
 *
 * <p>Grants for a task (docs/approvals.md): where the policy lets the category be granted, the
 * person is offered to allow this kind of act for a while, with a scope this flow fixes from the
 * act itself. A live grant in {@link GrantBook} that covers an act answers the person's question in
 * their place (nothing is shown); it answers nothing else, so the act still runs every check.
 */
final class ApprovalFlow {
    private static final Logger LOG = LoggerFactory.getLogger(ApprovalFlow.class);
    private final DriverContext ctx;
    private final Approver approver;
    private final ApprovalPolicy policy;
    private final Set<String> answeredNonces = ConcurrentHashMap.newKeySet();
    /** Outstanding requests per agent, so disposing an agent withdraws them from the dialog. */
    private final Map<String, Set<String>> pendingByAgent = new ConcurrentHashMap<>();

    /**
     * The decision that answers the graph's interrupt, and when the person made it (null when
     * nobody did). Only the run resumes the graph with it.
     *
     * @param grantId the grant for a task that allowed the act, or null
     * @param askedPerson whether the person was asked (false when a grant answered for them)
     */
    record Answered(ApprovalDecision decision, String decidedAt, String grantId, boolean askedPerson) {
        Answered(ApprovalDecision decision, String decidedAt) {
            this(decision, decidedAt, null, decidedAt != null);
        }

        /** The word the receipt shows for an act a grant allowed, or null when none did. */
        String grantDecision() {
            return grantId == null ? null : askedPerson ? "allowed_for_a_while" : "allowed_by_grant";
        }
    }

    ApprovalFlow(DriverContext ctx, Approver approver, ApprovalPolicy policy) {
        this.ctx = ctx;
        this.approver = approver;
        this.policy = policy;
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
     * @param pid the target app's process id on this computer (part of a grant's scope); 0 for
     *     another machine's act, which is never granted
     */
    record Ask(String agentId, String app, String window, String machine, String summary,
            Supplier<Optional<CountersignError>> recheck, Supplier<byte[]> screenshot, BooleanSupplier held,
            long pid) {

        Ask(String agentId, String app, String window, String machine, String summary,
                Supplier<Optional<CountersignError>> recheck, Supplier<byte[]> screenshot, BooleanSupplier held) {
            this(agentId, app, window, machine, summary, recheck, screenshot, held, 0);
        }

        /** The same question with its screenshot taken by {@code screenshot} instead. */
        Ask withScreenshot(Supplier<byte[]> screenshot) {
            return new Ask(agentId, app, window, machine, summary, recheck, screenshot, held, pid);
        }

        /** An act on this computer's desktop, on a target of {@code observation}. */
        static Ask local(DriverContext ctx, String agentId, Observation observation, String summary,
                Supplier<Optional<CountersignError>> recheck, Supplier<byte[]> screenshot) {
            return new Ask(agentId, observation.app.name(), observation.window.title(), null, summary, recheck,
                    screenshot, () -> ctx.observations.holds(observation), observation.app.pid());
        }
    }

    /**
     * Asks the person and returns the decision that answers {@code pending}. Whatever fails while
     * asking (the re-check cannot read the window, the screenshot or the UI fails) is a refusal
     * that consumes the approval, so the graph still reaches its release and the agent still gets
     * a receipt. A live grant that covers the act {@code previewed} describes (its tool and
     * operation) answers first, without asking; otherwise the person may be offered one.
     */
    Answered ask(PendingApproval pending, Ask ask, ActionEnvelope previewed, ApprovalWatch watch) {
        try {
            GrantBook.Scope scope = scope(pending, ask, previewed);
            if (scope != null) {
                Optional<Answered> granted = byGrant(pending, ask, scope);
                if (granted.isPresent()) {
                    return granted.get();
                }
            }
            return askChecked(pending, ask, scope, watch);
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

    /**
     * The scope a grant for this act would have, or null when none may be given or used: an act on
     * another machine, or a category the policy does not let be granted. A secure field never
     * gets here: the driver refuses it before the graph, and the policy refuses it again.
     */
    private GrantBook.Scope scope(PendingApproval pending, Ask ask, ActionEnvelope previewed) {
        if (previewed == null || ask.machine() != null || ask.pid() <= 0 || !policy.grantable(pending.category())) {
            return null;
        }
        return new GrantBook.Scope(ask.agentId(), ask.app(), ask.pid(), ask.window(), pending.category(),
                operation(previewed));
    }

    /** The operation as the dialog and a grant's scope name it: "click", "key", "visual click". */
    static String operation(ActionEnvelope envelope) {
        switch (envelope.tool()) {
            case "computer_act": return envelope.operation();
            case "computer_visual_act": return "visual " + envelope.operation();
            default: return envelope.tool() + " " + envelope.operation();
        }
    }

    /**
     * The person's question answered by a live grant that covers {@code scope}, spending one of
     * its acts; empty when none covers it (the person is asked). Nothing is spent for an act that
     * cannot run anyway (agents paused, the observation gone).
     */
    private Optional<Answered> byGrant(PendingApproval pending, Ask ask, GrantBook.Scope scope) {
        if (ctx.pauseProblem().isPresent() || !ask.held().getAsBoolean()) {
            return Optional.empty();
        }
        Optional<GrantBook.Grant> grant;
        try {
            grant = ctx.grants.use(scope, pending.policyDigest(), pending.actionId());
        } catch (CountersignException e) {
            return Optional.of(consumed(ErrorCode.APPROVAL_UNAVAILABLE,
                    "the grant's use could not be recorded: " + e.error().message()));
        }
        if (grant.isEmpty()) {
            return Optional.empty();
        }
        if (!answeredNonces.add(pending.nonce())) {
            return Optional.of(consumed(ErrorCode.APPROVAL_DENIED, "this approval was already used"));
        }
        String decidedAt = Timestamps.format(ctx.clock.instant());
        return Optional.of(new Answered(new ApprovalDecision.AllowedOnce(allowed(pending, decidedAt)), decidedAt,
                grant.get().id(), false));
    }

    private ApprovalGrant allowed(PendingApproval pending, String decidedAt) {
        return new ApprovalGrant(ctx.ids.next("grant_"), null, pending.actionId(), pending.route(),
                pending.actionDigest(), pending.policyDigest(), pending.nonce(), decidedAt);
    }

    private Answered askChecked(PendingApproval pending, Ask ask, GrantBook.Scope scope, ApprovalWatch watch) {
        // The screenshot is taken while the target is re-read: both are reads of the desktop and
        // the person waits for the sum of them otherwise. It is shown only once the re-read passed.
        CompletableFuture<byte[]> screenshot = DesktopReads.start(ask.screenshot());
        Optional<CountersignError> before = ask.recheck().get();
        if (before.isPresent()) {
            return consumed(ErrorCode.TARGET_CHANGED, before.get().message());
        }
        Asked asked;
        try {
            asked = askPerson(ask, DesktopReads.result(screenshot), pending, offer(scope), watch);
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
        if (!decision.allows()) {
            return new Answered(new ApprovalDecision.Refused(decision.refusalCode(), decision.refusal()), decidedAt);
        }
        GrantOffer offered = asked.request().offer().orElse(null);
        if (decision == Decision.ALLOW_FOR_A_WHILE && offered == null) {
            // A grant answer to a request that offered none: the UI is wrong, and nothing is allowed.
            return consumed(ErrorCode.APPROVAL_UNAVAILABLE, "a grant was not offered for this action");
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
        String grantId = null;
        if (decision == Decision.ALLOW_FOR_A_WHILE) {
            try {
                // Exactly the offer this flow made, never anything the answer carried.
                grantId = ctx.grants.create(offered, pending.policyDigest(), pending.actionId()).id();
            } catch (CountersignException e) {
                return consumed(ErrorCode.APPROVAL_UNAVAILABLE,
                        "the grant could not be recorded: " + e.error().message());
            }
        }
        return new Answered(new ApprovalDecision.AllowedOnce(allowed(pending, decidedAt)), decidedAt, grantId, true);
    }

    /** The grant the person is offered for an act of {@code scope}, with the settings' lifetime and acts. */
    private GrantOffer offer(GrantBook.Scope scope) {
        return scope == null ? null : new GrantOffer(scope.agentId(), scope.app(), scope.pid(), scope.window(),
                scope.category(), scope.operation(), ctx.settings.grantLifetime(), ctx.settings.grantActs());
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

    private Asked askPerson(Ask ask, byte[] screenshot, PendingApproval pending, GrantOffer offer,
            ApprovalWatch watch) {
        String agentId = ask.agentId();
        Instant expires = Timestamps.parse(pending.expiresAt()).orElse(ctx.clock.instant());
        ApprovalRequest request = new ApprovalRequest(pending.nonce(), agentId, null, ask.summary(),
                pending.category(), pending.matchedWords(), ask.app(), ask.window(), expires, screenshot,
                ask.machine(), offer);
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
