package dev.countersign.remote;

import dev.countersign.approval.ApprovalRequest;
import dev.countersign.approval.Approver;
import dev.countersign.approval.Decision;
import dev.countersign.core.ActionRequest;
import dev.countersign.core.ActionTarget;
import dev.countersign.core.ApprovalDecision;
import dev.countersign.core.ApprovalGrant;
import dev.countersign.core.ApprovalRequirement;
import dev.countersign.core.ElementEvidence;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.IdSource;
import dev.countersign.core.PendingApproval;
import dev.countersign.core.Timestamps;
import dev.countersign.graph.ActionResult;
import dev.countersign.graph.GovernedGraph;
import dev.countersign.graph.GraphStep;
import dev.countersign.graph.ResumeInput;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The governing side (docs/govern.md): runs the governed graph on this Countersign over a
 * {@link ComputerUseMcpRuntime} whose far side is another machine's Countersign, and asks this
 * machine's person — the approval dialog names the other machine. The far side's policy says what
 * is risky there (it sees the live element); when it says nothing, the person is asked anyway.
 * Nothing from the agent or the far side can approve: only this machine's {@link Approver}.
 */
public final class RemoteGovernor {
    /** The policy digest of an approval the far side's policy never asked for. */
    private static final String NO_POLICY = "none";
    private final String machine;
    private final ComputerUseMcpRuntime runtime;
    private final Approver approver;
    private final Clock clock;
    private final IdSource ids;
    private final String sessionId;
    private final String principalId;

    /**
     * @param machine the governed machine's name as the person knows it (shown in every dialog)
     * @param sessionId this Countersign's session; the far side binds everything it returns to it
     */
    public RemoteGovernor(String machine, ComputerUseMcpRuntime runtime, Approver approver, Clock clock,
            IdSource ids, String sessionId, String principalId) {
        this.machine = Objects.requireNonNull(machine, "machine");
        this.runtime = Objects.requireNonNull(runtime, "runtime");
        this.approver = Objects.requireNonNull(approver, "approver");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.ids = Objects.requireNonNull(ids, "ids");
        this.sessionId = Objects.requireNonNull(sessionId, "sessionId");
        this.principalId = Objects.requireNonNull(principalId, "principalId");
    }

    /** Runs {@code act} for {@code agentId} (from the caller's authenticated identity) on the governed machine. */
    public ActionResult act(String agentId, RemoteAct act) {
        // The far side's policy judges its own live element; when it says nothing, the person is asked.
        GovernedGraph graph = new GovernedGraph(runtime, envelope -> runtime.assessment(envelope).orElseGet(() ->
                ApprovalRequirement.required("unknown_target", List.of(), NO_POLICY)), clock, ids);
        GraphStep step = graph.start(request(agentId, act));
        if (step instanceof GraphStep.Interrupted wait) {
            step = graph.resume(wait.checkpoint(), ResumeInput.decision(ask(agentId, wait)));
        }
        GraphStep.Finished finished = (GraphStep.Finished) step;
        finished.state().previews().stream().findFirst().ifPresent(runtime::forget);
        return finished.result();
    }

    private ActionRequest request(String agentId, RemoteAct act) {
        ElementEvidence element = new ElementEvidence(null, act.role(), null, act.name(), null, act.identifier(),
                null, false);
        return new ActionRequest(sessionId, principalId, agentId, null, "computer_act", act.op(),
                "mutate", "foreground", act.wireArguments(), new ActionTarget(act.app(), act.window(), element),
                null, "remote:" + machine, 30_000);
    }

    private ApprovalDecision ask(String agentId, GraphStep.Interrupted wait) {
        PendingApproval pending = wait.pending();
        ComputerUseMcpRuntime.Described described = wait.checkpoint().previews().stream().findFirst()
                .flatMap(runtime::described).orElse(new ComputerUseMcpRuntime.Described(null, null, null));
        Instant expires = Timestamps.parse(pending.expiresAt()).orElse(clock.instant());
        String summary = described.summary() != null ? described.summary()
                : pending.route() + " on " + machine;
        ApprovalRequest request = new ApprovalRequest(pending.nonce(), agentId, agentId, summary, pending.category(),
                pending.matchedWords(), described.app(), described.window(), expires, null, machine);
        Decision decision;
        try {
            long waitMs = Math.max(0, Duration.between(clock.instant(), expires).toMillis());
            decision = approver.request(request).get(waitMs + 1_000, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            approver.withdraw(pending.nonce());
            decision = Decision.TIMEOUT;
        } catch (ExecutionException e) {
            decision = Decision.UNAVAILABLE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            approver.withdraw(pending.nonce());
            decision = Decision.UNAVAILABLE;
        }
        switch (decision) {
            case ALLOW_ONCE:
                return new ApprovalDecision.AllowedOnce(new ApprovalGrant(ids.next("grant_"), null,
                        pending.actionId(), pending.route(), pending.actionDigest(), pending.policyDigest(),
                        pending.nonce(), Timestamps.format(clock.instant())));
            case DENY:
                return new ApprovalDecision.Refused(ErrorCode.APPROVAL_DENIED, "the person denied this action");
            case TIMEOUT:
                return new ApprovalDecision.Refused(ErrorCode.APPROVAL_EXPIRED, "nobody answered in time");
            default:
                return new ApprovalDecision.Refused(ErrorCode.APPROVAL_UNAVAILABLE, "no one could be asked");
        }
    }
}
