package dev.countersign.graph;

import dev.countersign.core.ControlLease;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.ExecutionReceipt;
import dev.countersign.core.LeaseBoundaries;
import dev.countersign.core.ReservationScope;
import dev.countersign.core.TargetReservation;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * docs/graph.md's binding table as rows, shared by every runtime that must enforce it: each row bends
 * one well-bound response (name, edit, expected code, expected field). {@link BindingTest} checks
 * them against {@link Binding} directly; the remote runtime's test has its far side return them.
 * The edits are relative to the response, so they apply to whichever runtime produced it; the
 * clock is {@link Fixtures#NOW} and the target is {@link Fixtures#target()}.
 */
public final class BindingRows {
    private BindingRows() {
    }

    private static Arguments row(String name, Object edit, ErrorCode code, String field) {
        return Arguments.of(name, edit, code, field);
    }

    private static ControlLease lease(ControlLease x, String session, String principal, String agent, String mode,
            String state, String expires, int budget, int used, LeaseBoundaries boundaries) {
        return new ControlLease(x.leaseId(), session, principal, agent, mode, state, expires, budget, used, boundaries);
    }

    /** Leases: identity, mode, state, expiry, budget and boundaries. */
    public static Stream<Arguments> leaseRows() {
        return Stream.of(
            row("another session", (UnaryOperator<ControlLease>) x -> lease(x, "sess-2", x.principalId(), x.agentId(),
                    x.executionMode(), x.state(), x.expiresAt(), 30, 3, x.boundaries()), ErrorCode.IDENTITY_MISMATCH, "session_id"),
            row("another principal", (UnaryOperator<ControlLease>) x -> lease(x, x.sessionId(), "person-2", x.agentId(),
                    x.executionMode(), x.state(), x.expiresAt(), 30, 3, x.boundaries()), ErrorCode.IDENTITY_MISMATCH, "principal_id"),
            row("another agent", (UnaryOperator<ControlLease>) x -> lease(x, x.sessionId(), x.principalId(), "agent-b",
                    x.executionMode(), x.state(), x.expiresAt(), 30, 3, x.boundaries()), ErrorCode.IDENTITY_MISMATCH, "agent_id"),
            row("missing session", (UnaryOperator<ControlLease>) x -> lease(x, null, x.principalId(), x.agentId(),
                    x.executionMode(), x.state(), x.expiresAt(), 30, 3, x.boundaries()), ErrorCode.IDENTITY_MISMATCH, "session_id"),
            row("another execution mode", (UnaryOperator<ControlLease>) x -> lease(x, x.sessionId(), x.principalId(),
                    x.agentId(), "background", x.state(), x.expiresAt(), 30, 3, x.boundaries()), ErrorCode.IDENTITY_MISMATCH, "execution_mode"),
            row("revoked", (UnaryOperator<ControlLease>) x -> lease(x, x.sessionId(), x.principalId(), x.agentId(),
                    x.executionMode(), "revoked", x.expiresAt(), 30, 3, x.boundaries()), ErrorCode.LEASE_INVALID, "state"),
            row("expired", (UnaryOperator<ControlLease>) x -> lease(x, x.sessionId(), x.principalId(), x.agentId(),
                    x.executionMode(), x.state(), "2026-11-29T11:59:59Z", 30, 3, x.boundaries()), ErrorCode.LEASE_INVALID, "expires_at"),
            row("expiring exactly now", (UnaryOperator<ControlLease>) x -> lease(x, x.sessionId(), x.principalId(), x.agentId(),
                    x.executionMode(), x.state(), "2026-11-29T12:00:00Z", 30, 3, x.boundaries()), ErrorCode.LEASE_INVALID, "expires_at"),
            row("unparseable expiry", (UnaryOperator<ControlLease>) x -> lease(x, x.sessionId(), x.principalId(), x.agentId(),
                    x.executionMode(), x.state(), "tomorrow", 30, 3, x.boundaries()), ErrorCode.LEASE_INVALID, "expires_at"),
            row("expiry without offset", (UnaryOperator<ControlLease>) x -> lease(x, x.sessionId(), x.principalId(), x.agentId(),
                    x.executionMode(), x.state(), "2026-11-29T12:10:00", 30, 3, x.boundaries()), ErrorCode.LEASE_INVALID, "expires_at"),
            row("budget 1, used 1", (UnaryOperator<ControlLease>) x -> lease(x, x.sessionId(), x.principalId(), x.agentId(),
                    x.executionMode(), x.state(), x.expiresAt(), 1, 1, x.boundaries()), ErrorCode.BUDGET_EXHAUSTED, "actions_used"),
            row("budget 0", (UnaryOperator<ControlLease>) x -> lease(x, x.sessionId(), x.principalId(), x.agentId(),
                    x.executionMode(), x.state(), x.expiresAt(), 0, 0, x.boundaries()), ErrorCode.BUDGET_EXHAUSTED, "actions_used"),
            row("bounded to another app", (UnaryOperator<ControlLease>) x -> lease(x, x.sessionId(), x.principalId(), x.agentId(),
                    x.executionMode(), x.state(), x.expiresAt(), 30, 3, new LeaseBoundaries(List.of("org.example.bank"), List.of())),
                    ErrorCode.LEASE_INVALID, "boundaries.app_ids"),
            row("bounded to another window", (UnaryOperator<ControlLease>) x -> lease(x, x.sessionId(), x.principalId(), x.agentId(),
                    x.executionMode(), x.state(), x.expiresAt(), 30, 3, new LeaseBoundaries(List.of(), List.of("win-8"))),
                    ErrorCode.LEASE_INVALID, "boundaries.window_ids"));
    }

    private static TargetReservation res(TargetReservation r, String session, String principal, String agent,
            String group, String intent, String state, String expires, ReservationScope scope) {
        return new TargetReservation(r.reservationId(), session, principal, agent, group, intent, state, expires, scope);
    }

    /** Reservations: identity, intent, state, expiry and exact scope. */
    public static Stream<Arguments> reservationRows() {
        return Stream.of(
            row("another session", (UnaryOperator<TargetReservation>) r -> res(r, "sess-2", r.principalId(), r.agentId(),
                    r.executionGroupId(), r.intentId(), r.state(), r.expiresAt(), r.scope()), ErrorCode.IDENTITY_MISMATCH, "session_id"),
            row("another principal", (UnaryOperator<TargetReservation>) r -> res(r, r.sessionId(), "person-2", r.agentId(),
                    r.executionGroupId(), r.intentId(), r.state(), r.expiresAt(), r.scope()), ErrorCode.IDENTITY_MISMATCH, "principal_id"),
            row("another agent", (UnaryOperator<TargetReservation>) r -> res(r, r.sessionId(), r.principalId(), "agent-b",
                    r.executionGroupId(), r.intentId(), r.state(), r.expiresAt(), r.scope()), ErrorCode.IDENTITY_MISMATCH, "agent_id"),
            row("another execution group", (UnaryOperator<TargetReservation>) r -> res(r, r.sessionId(), r.principalId(),
                    r.agentId(), "group-2", r.intentId(), r.state(), r.expiresAt(), r.scope()), ErrorCode.IDENTITY_MISMATCH, "execution_group_id"),
            row("intent is another action", (UnaryOperator<TargetReservation>) r -> res(r, r.sessionId(), r.principalId(),
                    r.agentId(), r.executionGroupId(), "act-2", r.state(), r.expiresAt(), r.scope()), ErrorCode.IDENTITY_MISMATCH, "intent_id"),
            row("released", (UnaryOperator<TargetReservation>) r -> res(r, r.sessionId(), r.principalId(), r.agentId(),
                    r.executionGroupId(), r.intentId(), "released", r.expiresAt(), r.scope()), ErrorCode.RESERVATION_INVALID, "state"),
            row("expired", (UnaryOperator<TargetReservation>) r -> res(r, r.sessionId(), r.principalId(), r.agentId(),
                    r.executionGroupId(), r.intentId(), r.state(), "2026-11-29T11:00:00Z", r.scope()), ErrorCode.RESERVATION_INVALID, "expires_at"),
            row("unparseable expiry", (UnaryOperator<TargetReservation>) r -> res(r, r.sessionId(), r.principalId(), r.agentId(),
                    r.executionGroupId(), r.intentId(), r.state(), "12:01", r.scope()), ErrorCode.RESERVATION_INVALID, "expires_at"),
            row("another app", (UnaryOperator<TargetReservation>) r -> res(r, r.sessionId(), r.principalId(), r.agentId(),
                    r.executionGroupId(), r.intentId(), r.state(), r.expiresAt(), new ReservationScope("org.example.bank", "win-7")),
                    ErrorCode.IDENTITY_MISMATCH, "scope.app_id"),
            row("another window", (UnaryOperator<TargetReservation>) r -> res(r, r.sessionId(), r.principalId(), r.agentId(),
                    r.executionGroupId(), r.intentId(), r.state(), r.expiresAt(), new ReservationScope("org.example.mail", "win-8")),
                    ErrorCode.IDENTITY_MISMATCH, "scope.window_id"),
            row("no scope", (UnaryOperator<TargetReservation>) r -> res(r, r.sessionId(), r.principalId(), r.agentId(),
                    r.executionGroupId(), r.intentId(), r.state(), r.expiresAt(), null), ErrorCode.IDENTITY_MISMATCH, "scope.app_id"));
    }

    private static ExecutionReceipt receipt(ExecutionReceipt r, String session, String action, String digest) {
        return new ExecutionReceipt(r.receiptId(), session, action, digest, r.status(), r.verification(), r.detail());
    }

    /** Receipts: session, action and the action digest (the strongest binding). */
    public static Stream<Arguments> receiptRows() {
        return Stream.of(
            row("another session", (UnaryOperator<ExecutionReceipt>) r -> receipt(r, "sess-2", r.actionId(), r.actionDigest()),
                    ErrorCode.IDENTITY_MISMATCH, "session_id"),
            row("another action", (UnaryOperator<ExecutionReceipt>) r -> receipt(r, r.sessionId(), "act-2", r.actionDigest()),
                    ErrorCode.IDENTITY_MISMATCH, "action_id"),
            row("another digest, every id equal", (UnaryOperator<ExecutionReceipt>) r -> receipt(r, r.sessionId(), r.actionId(),
                    "digest-2"), ErrorCode.IDENTITY_MISMATCH, "action_digest"),
            row("no digest", (UnaryOperator<ExecutionReceipt>) r -> receipt(r, r.sessionId(), r.actionId(), null),
                    ErrorCode.IDENTITY_MISMATCH, "action_digest"));
    }
}
