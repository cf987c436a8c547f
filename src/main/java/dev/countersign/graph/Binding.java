package dev.countersign.graph;

import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.ActionRequest;
import dev.countersign.core.ApprovalGrant;
import dev.countersign.core.ControlLease;
import dev.countersign.core.CountersignError;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.ExecutionReceipt;
import dev.countersign.core.PendingApproval;
import dev.countersign.core.TargetReservation;
import dev.countersign.core.Timestamps;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Binds a runtime's responses back to the request that produced them (docs/graph.md). Typed
 * deserialization proves shape, not provenance: a well-formed lease of another session parses
 * fine, so every response passes one of these checks before it enters graph state.
 *
 * <p>Each check returns the first problem as a value (empty when the response is bound). Identity
 * fields that differ give {@code IDENTITY_MISMATCH} naming the field; a response that belongs to
 * the action but may not be used (inactive, expired, over budget, out of bounds) gives the code of
 * that limit, also naming the field. An optional field that comes back absent is
 * under-specification and passes; present and different is a mismatch. Required fields that come
 * back absent are mismatches (fail closed).
 */
public final class Binding {
    private Binding() {
    }

    /**
     * The envelope is well-formed and still valid at {@code now}: RFC 3339 timestamps, positive
     * validity ({@code proposed_at < expires_at}) and {@code now < expires_at}.
     */
    public static Optional<CountersignError> validateEnvelopeFreshness(ActionEnvelope envelope, Instant now) {
        Optional<Instant> proposed = Timestamps.parse(envelope.proposedAt());
        if (proposed.isEmpty()) {
            return refuse(ErrorCode.INVALID_ARGUMENT, "proposed_at",
                    "the envelope's proposed_at is not an RFC 3339 date-time");
        }
        Optional<Instant> expires = Timestamps.parse(envelope.expiresAt());
        if (expires.isEmpty()) {
            return refuse(ErrorCode.INVALID_ARGUMENT, "expires_at",
                    "the envelope's expires_at is not an RFC 3339 date-time");
        }
        if (!proposed.get().isBefore(expires.get())) {
            return refuse(ErrorCode.INVALID_ARGUMENT, "expires_at",
                    "the envelope's validity is not positive: expires_at must be after proposed_at");
        }
        if (!now.isBefore(expires.get())) {
            return refuse(ErrorCode.REF_EXPIRED, "expires_at",
                    "the action's envelope expired at " + envelope.expiresAt());
        }
        return Optional.empty();
    }

    /**
     * The lease belongs to this action's session, principal and agent, runs in the requested mode,
     * is active and unexpired, has budget left ({@code actions_used < action_budget}) and covers
     * the target within non-empty boundaries.
     */
    public static Optional<CountersignError> validateLease(ControlLease lease, ActionEnvelope envelope, Instant now) {
        if (lease == null) {
            return refuse(ErrorCode.LEASE_INVALID, "lease", "the runtime returned no lease");
        }
        return firstOf(
                required("session_id", envelope.sessionId(), lease.sessionId()),
                required("principal_id", envelope.principalId(), lease.principalId()),
                required("agent_id", envelope.agentId(), lease.agentId()),
                optional("execution_mode", envelope.requestedMode(), lease.executionMode()),
                ControlLease.ACTIVE.equals(lease.state()) ? Optional.empty()
                        : refuse(ErrorCode.LEASE_INVALID, "state", "the lease is not active (state: " + lease.state() + ")"),
                unexpired(ErrorCode.LEASE_INVALID, "expires_at", "lease", lease.expiresAt(), now),
                lease.actionsUsed() < lease.actionBudget() ? Optional.empty()
                        : refuse(ErrorCode.BUDGET_EXHAUSTED, "actions_used", "the lease's budget is used up ("
                                + lease.actionsUsed() + " of " + lease.actionBudget() + " actions)"),
                lease.boundaries().allowsApp(appId(envelope)) ? Optional.empty()
                        : refuse(ErrorCode.LEASE_INVALID, "boundaries.app_ids", "the lease does not cover this app"),
                lease.boundaries().allowsWindow(windowId(envelope)) ? Optional.empty()
                        : refuse(ErrorCode.LEASE_INVALID, "boundaries.window_ids", "the lease does not cover this window"));
    }

    /**
     * The reservation belongs to this action ({@code intent_id == action_id}) in this session,
     * principal, agent and execution group, is active and unexpired, and holds exactly the target's
     * app and window.
     */
    public static Optional<CountersignError> validateReservation(
            TargetReservation reservation, ActionEnvelope envelope, Instant now) {
        if (reservation == null) {
            return refuse(ErrorCode.RESERVATION_INVALID, "reservation", "the runtime returned no reservation");
        }
        return firstOf(
                required("session_id", envelope.sessionId(), reservation.sessionId()),
                required("principal_id", envelope.principalId(), reservation.principalId()),
                required("agent_id", envelope.agentId(), reservation.agentId()),
                optional("execution_group_id", envelope.executionGroupId(), reservation.executionGroupId()),
                required("intent_id", envelope.actionId(), reservation.intentId()),
                TargetReservation.ACTIVE.equals(reservation.state()) ? Optional.empty()
                        : refuse(ErrorCode.RESERVATION_INVALID, "state",
                                "the reservation is not active (state: " + reservation.state() + ")"),
                unexpired(ErrorCode.RESERVATION_INVALID, "expires_at", "reservation", reservation.expiresAt(), now),
                required("scope.app_id", appId(envelope),
                        reservation.scope() == null ? null : reservation.scope().appId()),
                required("scope.window_id", windowId(envelope),
                        reservation.scope() == null ? null : reservation.scope().windowId()));
    }

    /**
     * The receipt answers this action: same session and action id, and {@code action_digest}
     * equal to the envelope's {@code args_digest}. The digest is the strongest binding: the
     * args digest is what was approved, so a receipt with another digest describes other work
     * even when every id matches.
     */
    public static Optional<CountersignError> validateReceipt(ExecutionReceipt receipt, ActionEnvelope envelope) {
        if (receipt == null) {
            return refuse(ErrorCode.INTERNAL, "receipt", "the runtime returned no receipt");
        }
        return firstOf(
                required("session_id", envelope.sessionId(), receipt.sessionId()),
                required("action_id", envelope.actionId(), receipt.actionId()),
                required("action_digest", envelope.argsDigest(), receipt.actionDigest()));
    }

    /**
     * The preview answers this request: the same session, principal, agent, tool, operation and
     * target, an args digest over exactly the requested work (what the person will approve), the
     * same execution group when both name one, and an action id. Fails closed: a field the request
     * has and the envelope does not is a mismatch.
     */
    public static Optional<CountersignError> validatePreview(ActionEnvelope envelope, ActionRequest request) {
        Optional<CountersignError> ids = firstOf(
                required("session_id", request.sessionId(), envelope.sessionId()),
                required("principal_id", request.principalId(), envelope.principalId()),
                required("agent_id", request.agentId(), envelope.agentId()),
                required("tool", request.tool(), envelope.tool()),
                required("operation", request.operation(), envelope.operation()),
                required("target.app_id", request.target() == null ? null : request.target().appId(),
                        envelope.target() == null ? null : envelope.target().appId()),
                required("target.window_id", request.target() == null ? null : request.target().windowId(),
                        envelope.target() == null ? null : envelope.target().windowId()),
                required("args_digest", ActionDigests.argsDigest(request), envelope.argsDigest()));
        if (ids.isPresent()) {
            return ids;
        }
        if (!Objects.equals(request.target(), envelope.target())) {
            return Optional.of(CountersignError.identityMismatch("target"));
        }
        if (request.executionGroupId() != null && envelope.executionGroupId() != null
                && !request.executionGroupId().equals(envelope.executionGroupId())) {
            return Optional.of(CountersignError.identityMismatch("execution_group_id"));
        }
        return envelope.actionId() == null || envelope.actionId().isBlank()
                ? Optional.of(CountersignError.identityMismatch("action_id")) : Optional.empty();
    }

    /**
     * The grant authorises exactly this action under this policy: one authority source, and the
     * envelope's action id, route and args digest and the policy digest the approval was asked
     * under. What a runtime checks of a grant it did not ask for itself (it has no nonce to match).
     */
    public static Optional<CountersignError> validateGrant(ApprovalGrant grant, ActionEnvelope envelope,
            String policyDigest) {
        if (grant == null) {
            return refuse(ErrorCode.APPROVAL_DENIED, "approval", "no approval was given for this action");
        }
        if (grant.authoritySources() != 1) {
            return refuse(ErrorCode.IDENTITY_MISMATCH, "authority",
                    "an approval names exactly one authority source (grant id or runtime approval), found "
                            + grant.authoritySources());
        }
        return firstOf(
                required("action_id", envelope.actionId(), grant.actionId()),
                required("route", envelope.route(), grant.route()),
                required("action_digest", envelope.argsDigest(), grant.actionDigest()),
                required("policy_digest", policyDigest, grant.policyDigest()));
    }

    /** {@link #validateGrant}, and the grant answers this pending request's nonce (the graph asked for it). */
    public static Optional<CountersignError> validateApproval(
            ApprovalGrant grant, ActionEnvelope envelope, PendingApproval pending) {
        return validateGrant(grant, envelope, pending.policyDigest())
                .or(() -> required("nonce", pending.nonce(), grant.nonce()));
    }

    @SafeVarargs
    private static Optional<CountersignError> firstOf(Optional<CountersignError>... checks) {
        for (Optional<CountersignError> check : checks) {
            if (check.isPresent()) {
                return check;
            }
        }
        return Optional.empty();
    }

    private static Optional<CountersignError> required(String field, String expected, String actual) {
        return expected != null && Objects.equals(expected, actual) ? Optional.empty()
                : Optional.of(CountersignError.identityMismatch(field));
    }

    private static Optional<CountersignError> optional(String field, String expected, String actual) {
        return actual == null || Objects.equals(expected, actual) ? Optional.empty()
                : Optional.of(CountersignError.identityMismatch(field));
    }

    private static Optional<CountersignError> unexpired(
            ErrorCode code, String field, String what, String expiresAt, Instant now) {
        Optional<Instant> expiry = Timestamps.parse(expiresAt);
        if (expiry.isEmpty()) {
            // A validity we cannot read is not a validity: refuse, never ignore.
            return refuse(code, field, "the " + what + "'s expires_at is not an RFC 3339 date-time");
        }
        return now.isBefore(expiry.get()) ? Optional.empty()
                : refuse(code, field, "the " + what + " expired at " + expiresAt);
    }

    private static Optional<CountersignError> refuse(ErrorCode code, String field, String message) {
        return Optional.of(CountersignError.onField(code, field, message));
    }

    private static String appId(ActionEnvelope envelope) {
        return envelope.target() == null ? null : envelope.target().appId();
    }

    private static String windowId(ActionEnvelope envelope) {
        return envelope.target() == null ? null : envelope.target().windowId();
    }
}
