package dev.countersign.graph;

import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.ActionRequest;
import dev.countersign.core.ApprovalDecision;
import dev.countersign.core.ApprovalGrant;
import dev.countersign.core.ApprovalRequirement;
import dev.countersign.core.ControlLease;
import dev.countersign.core.CountersignError;
import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.ExecutionReceipt;
import dev.countersign.core.IdSource;
import dev.countersign.core.PendingApproval;
import dev.countersign.core.ReceiptVerification;
import dev.countersign.core.TargetReservation;
import dev.countersign.core.VerificationOutcome;
import dev.countersign.graph.Outcome.Assessed;
import dev.countersign.graph.Outcome.Checked;
import dev.countersign.graph.Outcome.Decided;
import dev.countersign.graph.Outcome.Executed;
import dev.countersign.graph.Outcome.Released;
import dev.countersign.graph.Outcome.Reserved;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;

/**
 * The work of each node. Each method reads and appends graph state and returns its node's
 * {@link Outcome}, the only events it can emit; none throws for an expected refusal.
 */
final class NodeSteps {
    private NodeSteps() {
    }

    static Checked observe(GraphState state) {
        ActionRequest request = state.request;
        Optional<CountersignError> missing = firstMissing(
                "session_id", request.sessionId(),
                "principal_id", request.principalId(),
                "agent_id", request.agentId(),
                "tool", request.tool(),
                "operation", request.operation(),
                "observation_fingerprint", request.observationFingerprint());
        if (missing.isPresent()) {
            return refuse(state, Checked.REFUSED, missing.get());
        }
        if (request.target() == null || blank(request.target().appId()) || blank(request.target().windowId())) {
            return refuse(state, Checked.REFUSED, CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "target",
                    "an action names its target app and window"));
        }
        if (request.validityMs() <= 0) {
            return refuse(state, Checked.REFUSED, CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "validity_ms",
                    "an action's validity must be positive"));
        }
        return Checked.PASSED;
    }

    static Checked preview(GraphState state, ComputerUseRuntime runtime, Clock clock) {
        ActionEnvelope envelope;
        try {
            envelope = runtime.previewAction(state.request);
        } catch (RuntimeException e) {
            return refuse(state, Checked.REFUSED, GovernedGraph.errorOf(e));
        }
        if (envelope == null) {
            return refuse(state, Checked.REFUSED,
                    CountersignError.of(ErrorCode.INTERNAL, "the runtime returned no preview"));
        }
        Optional<CountersignError> problem = Binding.validatePreview(envelope, state.request)
                .or(() -> Binding.validateEnvelopeFreshness(envelope, clock.instant()));
        if (problem.isPresent()) {
            // An expired or foreign preview never reaches reservation or approval.
            return refuse(state, Checked.REFUSED, problem.get());
        }
        state.previews.add(envelope);
        state.activePreviewDigest = GovernedGraph.digestOf(envelope);
        state.activePreview = envelope;
        return Checked.PASSED;
    }

    static Reserved reserve(GraphState state, ComputerUseRuntime runtime, Clock clock) {
        Optional<ActionEnvelope> active = activePreview(state);
        if (active.isEmpty()) {
            return Reserved.REFUSED;
        }
        TargetReservation reservation;
        try {
            reservation = runtime.reserveTarget(active.get());
        } catch (RuntimeException e) {
            return refuse(state, Reserved.REFUSED, GovernedGraph.errorOf(e));
        }
        if (reservation == null) {
            return refuse(state, Reserved.REFUSED,
                    CountersignError.of(ErrorCode.RESERVATION_INVALID, "the runtime returned no reservation"));
        }
        // Kept even when it fails binding: whatever the runtime reserved, we release.
        state.reservations.add(reservation);
        state.heldReservation = reservation;
        Optional<CountersignError> problem = Binding.validateReservation(reservation, active.get(), clock.instant());
        if (problem.isPresent()) {
            state.error = problem.get();
            return Reserved.RESERVATION_REJECTED;
        }
        return Reserved.PASSED;
    }

    static Assessed approve(GraphState state, ApprovalGate gate, Clock clock, IdSource ids) {
        Optional<ActionEnvelope> active = activePreview(state);
        if (active.isEmpty()) {
            return Assessed.REFUSED;
        }
        ActionEnvelope envelope = active.get();
        Optional<CountersignError> stale = Binding.validateEnvelopeFreshness(envelope, clock.instant());
        if (stale.isPresent()) {
            return refuse(state, Assessed.REFUSED, stale.get());
        }
        ApprovalRequirement requirement;
        try {
            requirement = Objects.requireNonNull(gate.assess(envelope), "the policy gave no answer");
        } catch (RuntimeException e) {
            return refuse(state, Assessed.REFUSED, GovernedGraph.errorOf(e));
        }
        state.approvalRequirement = requirement;
        if (!requirement.required()) {
            return Assessed.PASSED;
        }
        state.pendingApproval = new PendingApproval(envelope.actionId(), envelope.agentId(), envelope.route(),
                envelope.argsDigest(), requirement.policyDigest(), requirement.category(),
                requirement.matchedWords(), ids.next("nonce_"), envelope.expiresAt());
        state.approvalDecision = "pending";
        return Assessed.APPROVAL_REQUIRED;
    }

    static Decided decide(GraphState state, ApprovalDecision decision, Clock clock) {
        Optional<ActionEnvelope> active = activePreview(state);
        if (active.isEmpty()) {
            return Decided.REFUSED;
        }
        if (decision == null) {
            return refuse(state, Decided.REFUSED, CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "decision",
                    "resuming an action that waits for approval needs the person's decision"));
        }
        if (decision instanceof ApprovalDecision.Refused refused) {
            state.approvalDecision = decisionWord(refused.code());
            state.error = CountersignError.of(refused.code(), refused.reason());
            return Decided.DENIED;
        }
        ApprovalGrant grant = ((ApprovalDecision.AllowedOnce) decision).grant();
        Optional<CountersignError> problem = Binding.validateEnvelopeFreshness(active.get(), clock.instant())
                .or(() -> Binding.validateApproval(grant, active.get(), state.pendingApproval));
        if (problem.isPresent()) {
            return refuse(state, Decided.REFUSED, problem.get());
        }
        state.grants.add(grant);
        state.approvalDecision = "allowed_once";
        return Decided.APPROVED;
    }

    static Checked lease(GraphState state, ComputerUseRuntime runtime, Clock clock) {
        Optional<ActionEnvelope> active = activePreview(state);
        if (active.isEmpty()) {
            return Checked.REFUSED;
        }
        ControlLease lease;
        try {
            lease = runtime.acquireLease(active.get());
        } catch (RuntimeException e) {
            return refuse(state, Checked.REFUSED, GovernedGraph.errorOf(e));
        }
        Optional<CountersignError> problem = Binding.validateLease(lease, active.get(), clock.instant());
        if (problem.isPresent()) {
            return refuse(state, Checked.REFUSED, problem.get());
        }
        state.leases.add(lease);
        return Checked.PASSED;
    }

    static Executed execute(GraphState state, ComputerUseRuntime runtime, Clock clock) {
        if (state.dispatched) {
            // A state that already records a dispatch (a checkpoint decoded after it) may have
            // reached the desktop: it is never dispatched twice, and its outcome is unknown.
            return uncertain(state, CountersignError.of(ErrorCode.INTERNAL,
                    "this action was already dispatched once; it is never dispatched again, and its outcome is unknown"));
        }
        Optional<ActionEnvelope> active = activePreview(state);
        if (active.isEmpty()) {
            return Executed.REFUSED;
        }
        ActionEnvelope envelope = active.get();
        Optional<CountersignError> problem = ExecuteRevalidation.check(state, envelope, clock.instant());
        if (problem.isPresent()) {
            return refuse(state, Executed.REFUSED, problem.get());
        }
        ControlLease lease = state.leases.get(0);
        TargetReservation reservation = state.reservations.get(0);
        ApprovalGrant grant = GovernedGraph.approvalRequired(state) ? state.grants.get(0) : null;
        // From here on the action may have reached the desktop: nothing may say "not run".
        state.dispatched = true;
        ExecutionReceipt receipt;
        try {
            receipt = runtime.executeAction(envelope, lease, reservation, grant);
        } catch (DispatchRefusedException e) {
            // The runtime's own last check refused before dispatch: nothing reached the desktop.
            state.dispatched = false;
            return refuse(state, Executed.REFUSED, e.error());
        } catch (RuntimeException e) {
            return uncertain(state, GovernedGraph.errorOf(e));
        }
        Optional<CountersignError> unbound = Binding.validateReceipt(receipt, envelope);
        if (unbound.isPresent()) {
            return uncertain(state, unbound.get());
        }
        state.receipts.add(receipt);
        return Executed.PASSED;
    }

    static Checked verify(GraphState state, ComputerUseRuntime runtime) {
        ActionEnvelope envelope = state.previews.get(0);
        ExecutionReceipt receipt = state.receipts.get(0);
        ReceiptVerification evidence;
        try {
            evidence = runtime.verify(envelope, receipt);
        } catch (RuntimeException e) {
            state.outcome = receipt.isCommitted()
                    ? new VerificationOutcome.CommittedUnverified("verification could not run")
                    : new VerificationOutcome.Failed("the runtime did not commit the action");
            return refuse(state, Checked.REFUSED, GovernedGraph.errorOf(e));
        }
        ExecutionReceipt withEvidence = evidence == null ? receipt : receipt.withVerification(evidence);
        state.outcome = Verification.classify(envelope.postcondition(), withEvidence);
        return Checked.PASSED;
    }

    static Released release(GraphState state, ComputerUseRuntime runtime) {
        try {
            runtime.releaseTarget(state.heldReservation);
            return Released.RELEASED;
        } catch (RuntimeException e) {
            state.cleanupError = GovernedGraph.errorOf(e);
            return Released.RELEASE_FAILED;
        }
    }

    /**
     * The one preview that approval and execution may use: the channel holds exactly one entry
     * and it equals the active preview. Records the refusal in state when it does not.
     */
    static Optional<ActionEnvelope> activePreview(GraphState state) {
        if (state.previews.size() != 1) {
            state.error = CountersignError.onField(ErrorCode.IDENTITY_MISMATCH, "preview",
                    "the graph state holds " + state.previews.size()
                            + " previews; exactly one, equal to the active preview, is required");
            return Optional.empty();
        }
        ActionEnvelope only = state.previews.get(0);
        if (only.equals(state.activePreview)) {
            return Optional.of(only);
        }
        if (state.activePreviewDigest == null || !state.activePreviewDigest.equals(GovernedGraph.digestOf(only))) {
            state.error = CountersignError.onField(ErrorCode.IDENTITY_MISMATCH, "preview",
                    "the checkpointed preview differs from the active preview");
            return Optional.empty();
        }
        state.activePreview = only;
        return Optional.of(only);
    }

    private static String decisionWord(ErrorCode code) {
        switch (code) {
            case APPROVAL_DENIED: return "denied";
            case APPROVAL_EXPIRED: return "expired";
            case APPROVAL_UNAVAILABLE: return "unavailable";
            default: return "consumed";
        }
    }

    private static Optional<CountersignError> firstMissing(String... namesAndValues) {
        for (int i = 0; i < namesAndValues.length; i += 2) {
            if (blank(namesAndValues[i + 1])) {
                return Optional.of(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, namesAndValues[i],
                        "the action request has no " + namesAndValues[i]));
            }
        }
        return Optional.empty();
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }

    private static Executed uncertain(GraphState state, CountersignError error) {
        state.error = error;
        return Executed.DISPATCH_UNCERTAIN;
    }

    /** Records why the node refused and returns its refusal, whichever outcome type it has. */
    private static <E extends Outcome> E refuse(GraphState state, E refused, CountersignError error) {
        state.error = error;
        return refused;
    }

}
