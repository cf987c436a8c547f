package dev.countersign.graph;

import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.CountersignError;
import dev.countersign.core.ErrorCode;
import java.time.Instant;
import java.util.Optional;

/**
 * Preview is not authority: every mutation input is checked again in {@code EXECUTE}, right before
 * dispatch, because the approval wait, the reservation and the lease all consume time, and a
 * resume appends whatever it carries to the state's channels.
 */
final class ExecuteRevalidation {
    private ExecuteRevalidation() {
    }

    static Optional<CountersignError> check(GraphState state, ActionEnvelope envelope, Instant now) {
        Optional<CountersignError> envelopeProblem = Binding.validateEnvelopeFreshness(envelope, now);
        if (envelopeProblem.isPresent()) {
            return envelopeProblem;
        }
        if (state.leases.size() != 1) {
            return exactlyOne("lease", state.leases.size(), ErrorCode.LEASE_INVALID);
        }
        Optional<CountersignError> leaseProblem = Binding.validateLease(state.leases.get(0), envelope, now);
        if (leaseProblem.isPresent()) {
            return leaseProblem;
        }
        if (state.reservations.size() != 1) {
            return exactlyOne("reservation", state.reservations.size(), ErrorCode.RESERVATION_INVALID);
        }
        if (!state.reservations.get(0).equals(state.heldReservation)) {
            return exactlyOne("reservation", state.reservations.size(), ErrorCode.RESERVATION_INVALID);
        }
        Optional<CountersignError> reservationProblem =
                Binding.validateReservation(state.reservations.get(0), envelope, now);
        if (reservationProblem.isPresent()) {
            return reservationProblem;
        }
        return approval(state, envelope);
    }

    private static Optional<CountersignError> approval(GraphState state, ActionEnvelope envelope) {
        if (state.approvalRequirement == null) {
            return Optional.of(CountersignError.onField(ErrorCode.INTERNAL, "approval_requirement",
                    "the policy never assessed this action"));
        }
        if (!state.approvalRequirement.required()) {
            // No approval was asked for, so none may appear from elsewhere either.
            return state.grants.isEmpty() ? Optional.empty()
                    : exactlyOne("approval", state.grants.size() - 1, ErrorCode.IDENTITY_MISMATCH);
        }
        if (state.grants.size() != 1 || state.pendingApproval == null) {
            return Optional.of(CountersignError.onField(ErrorCode.APPROVAL_DENIED, "approval",
                    "this action needs exactly one allowed-once approval, found " + state.grants.size()));
        }
        return Binding.validateApproval(state.grants.get(0), envelope, state.pendingApproval);
    }

    private static Optional<CountersignError> exactlyOne(String field, int found, ErrorCode code) {
        return Optional.of(CountersignError.onField(code, field,
                "the graph state must hold exactly one " + field + " at execution, found " + found));
    }
}
