package dev.countersign.graph;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.ActionRequest;
import dev.countersign.core.ApprovalGrant;
import dev.countersign.core.ApprovalRequirement;
import dev.countersign.core.ControlLease;
import dev.countersign.core.CountersignError;
import dev.countersign.core.ExecutionReceipt;
import dev.countersign.core.PendingApproval;
import dev.countersign.core.TargetReservation;
import dev.countersign.core.VerificationOutcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The graph's state as checkpointable channels. Every response channel is append-only: a resume
 * input can add an entry but never replace one, and the nodes that read a channel require exactly
 * one entry, so an attempt to replace a checkpointed value fails before mutation.
 *
 * <p>Instances handed out by {@link GovernedGraph} are copies; {@link CheckpointCodec} turns them
 * into bytes and back.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public final class GraphState {
    @JsonProperty("node") Node node = Node.OBSERVE;
    @JsonProperty("request") ActionRequest request;
    /** Digest of the preview the runtime returned: the one preview that approval and execution accept. */
    @JsonProperty("active_preview_digest") String activePreviewDigest;
    @JsonProperty("previews") List<ActionEnvelope> previews = new ArrayList<>();
    /**
     * The active preview as this process saw it, so the exactly-one check compares records instead
     * of hashing on every node. Not checkpointed: a restored state falls back to the digest once.
     */
    @JsonIgnore ActionEnvelope activePreview;
    @JsonProperty("reservations") List<TargetReservation> reservations = new ArrayList<>();
    /**
     * The reservation the runtime itself returned: the one released on every terminal path. Kept
     * apart from the channel so that a value a resume injected is never the one released.
     */
    @JsonProperty("held_reservation") TargetReservation heldReservation;
    @JsonProperty("approval_requirement") ApprovalRequirement approvalRequirement;
    @JsonProperty("pending_approval") PendingApproval pendingApproval;
    @JsonProperty("approval_decision") String approvalDecision;
    @JsonProperty("grants") List<ApprovalGrant> grants = new ArrayList<>();
    @JsonProperty("leases") List<ControlLease> leases = new ArrayList<>();
    @JsonProperty("receipts") List<ExecutionReceipt> receipts = new ArrayList<>();
    /** True from the moment {@code executeAction} is about to be called: from then on nothing may claim "not run". */
    @JsonProperty("dispatched") boolean dispatched;
    @JsonProperty("outcome") VerificationOutcome outcome;
    @JsonProperty("error") CountersignError error;
    @JsonProperty("cleanup_error") CountersignError cleanupError;
    @JsonProperty("trace") List<Transition> trace = new ArrayList<>();

    GraphState() {
    }

    static GraphState start(ActionRequest request) {
        GraphState state = new GraphState();
        state.request = request;
        return state;
    }

    /** The node the graph runs next ({@code AWAIT_APPROVAL} when interrupted, {@code DONE} when finished). */
    public Node node() {
        return node;
    }

    public ActionRequest request() {
        return request;
    }

    /** The approval the graph waits for, while interrupted. */
    public Optional<PendingApproval> pendingApproval() {
        return Optional.ofNullable(pendingApproval);
    }

    /** The checkpointed previews (normally exactly one). */
    public List<ActionEnvelope> previews() {
        return List.copyOf(previews);
    }

    public List<Transition> trace() {
        return List.copyOf(trace);
    }
}
