package dev.countersign.graph;

import static dev.countersign.graph.Fixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.ActionPostcondition;
import dev.countersign.core.ActionRequest;
import dev.countersign.core.ActionTarget;
import dev.countersign.core.ApprovalGrant;
import dev.countersign.core.ControlLease;
import dev.countersign.core.CountersignError;
import dev.countersign.core.ElementEvidence;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.ExecutionReceipt;
import dev.countersign.core.LeaseBoundaries;
import dev.countersign.core.ReservationScope;
import dev.countersign.core.TargetReservation;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** docs/graph.md's binding table and lease limits, row by row. */
class BindingTest {

    private static Arguments row(String name, Object edit, ErrorCode code, String field) {
        return Arguments.of(name, edit, code, field);
    }

    private static void assertRefused(Optional<CountersignError> result, ErrorCode code, String field) {
        assertThat(result).as("expected a refusal").isPresent();
        assertThat(result.get().code()).isEqualTo(code);
        assertThat(result.get().field()).isEqualTo(field);
    }

    private static ControlLease lease(String session, String principal, String agent, String mode, String state,
            String expires, int budget, int used, LeaseBoundaries boundaries) {
        return new ControlLease("lease-1", session, principal, agent, mode, state, expires, budget, used, boundaries);
    }

    @Nested
    class LeaseBinding {
        static Stream<Arguments> rows() {
            return BindingRows.leaseRows();
        }

        @ParameterizedTest(name = "{0}")
        @MethodSource("rows")
        void leaseIsRefused(String name, UnaryOperator<ControlLease> edit, ErrorCode code, String field) {
            assertRefused(Binding.validateLease(edit.apply(Fixtures.lease()), Fixtures.envelope(), NOW), code, field);
        }

        @Test
        void leaseBoundToTheActionPasses() {
            assertThat(Binding.validateLease(Fixtures.lease(), Fixtures.envelope(), NOW)).isEmpty();
        }

        @Test
        void emptyBoundariesAreUnscoped() {
            ControlLease unscoped = lease("sess-1", "person-1", "agent-a", "foreground", "active",
                    "2026-11-29T12:10:00Z", 30, 29, new LeaseBoundaries(List.of(), List.of()));
            assertThat(Binding.validateLease(unscoped, Fixtures.envelope(), NOW)).isEmpty();
        }

        @Test
        void boundariesThatNameTheTargetPass() {
            ControlLease scoped = lease("sess-1", "person-1", "agent-a", "foreground", "active",
                    "2026-11-29T12:10:00Z", 30, 0,
                    new LeaseBoundaries(List.of("org.example.bank", "org.example.mail"), List.of("win-7")));
            assertThat(Binding.validateLease(scoped, Fixtures.envelope(), NOW)).isEmpty();
        }

        @Test
        void absentExecutionModeIsUnderSpecificationNotAMismatch() {
            ControlLease noMode = lease("sess-1", "person-1", "agent-a", null, "active",
                    "2026-11-29T12:10:00Z", 30, 3, LeaseBoundaries.unscoped());
            assertThat(Binding.validateLease(noMode, Fixtures.envelope(), NOW)).isEmpty();
        }

        @Test
        void missingLeaseIsRefused() {
            assertRefused(Binding.validateLease(null, Fixtures.envelope(), NOW), ErrorCode.LEASE_INVALID, "lease");
        }
    }

    @Nested
    class ReservationBinding {
        private TargetReservation res(String session, String principal, String agent, String group, String intent,
                String state, String expires, ReservationScope scope) {
            return new TargetReservation("res-1", session, principal, agent, group, intent, state, expires, scope);
        }

        static Stream<Arguments> rows() {
            return BindingRows.reservationRows();
        }

        @ParameterizedTest(name = "{0}")
        @MethodSource("rows")
        void reservationIsRefused(String name, UnaryOperator<TargetReservation> edit, ErrorCode code, String field) {
            assertRefused(Binding.validateReservation(edit.apply(Fixtures.reservation()), Fixtures.envelope(), NOW),
                    code, field);
        }

        @Test
        void reservationBoundToTheActionPasses() {
            assertThat(Binding.validateReservation(Fixtures.reservation(), Fixtures.envelope(), NOW)).isEmpty();
        }

        @Test
        void absentExecutionGroupIsUnderSpecification() {
            TargetReservation r = Fixtures.reservation();
            TargetReservation noGroup = res(r.sessionId(), r.principalId(), r.agentId(), null, r.intentId(),
                    r.state(), r.expiresAt(), r.scope());
            assertThat(Binding.validateReservation(noGroup, Fixtures.envelope(), NOW)).isEmpty();
        }
    }

    @Nested
    class ReceiptBinding {
        static Stream<Arguments> rows() {
            return BindingRows.receiptRows();
        }

        @ParameterizedTest(name = "{0}")
        @MethodSource("rows")
        void receiptIsRefused(String name, UnaryOperator<ExecutionReceipt> edit, ErrorCode code, String field) {
            assertRefused(Binding.validateReceipt(edit.apply(Fixtures.receipt()), Fixtures.envelope()), code, field);
        }

        @Test
        void receiptBoundToTheActionPasses() {
            assertThat(Binding.validateReceipt(Fixtures.receipt(), Fixtures.envelope())).isEmpty();
        }
    }

    @Nested
    class EnvelopeFreshness {
        private ActionEnvelope withTimes(String proposed, String expires) {
            ActionEnvelope e = Fixtures.envelope();
            return new ActionEnvelope(e.actionId(), e.sessionId(), e.executionGroupId(), e.principalId(), e.agentId(),
                    e.tool(), e.operation(), e.actionClass(), e.requestedMode(), e.target(), e.postcondition(),
                    proposed, expires, e.argsDigest());
        }

        static Stream<Arguments> rows() {
            return Stream.of(
                row("proposed_at not RFC 3339", new String[] {"29/11/2026 11:59", "2026-11-29T12:00:30Z"}, ErrorCode.INVALID_ARGUMENT, "proposed_at"),
                row("expires_at not RFC 3339", new String[] {"2026-11-29T11:59:50Z", "soon"}, ErrorCode.INVALID_ARGUMENT, "expires_at"),
                row("expires_at missing", new String[] {"2026-11-29T11:59:50Z", null}, ErrorCode.INVALID_ARGUMENT, "expires_at"),
                row("impossible date", new String[] {"2026-11-29T11:59:50Z", "2026-02-30T12:00:30Z"}, ErrorCode.INVALID_ARGUMENT, "expires_at"),
                row("zero validity", new String[] {"2026-11-29T12:00:30Z", "2026-11-29T12:00:30Z"}, ErrorCode.INVALID_ARGUMENT, "expires_at"),
                row("negative validity", new String[] {"2026-11-29T12:00:40Z", "2026-11-29T12:00:30Z"}, ErrorCode.INVALID_ARGUMENT, "expires_at"),
                row("expired", new String[] {"2026-11-29T11:59:00Z", "2026-11-29T11:59:59Z"}, ErrorCode.REF_EXPIRED, "expires_at"),
                row("expires exactly now", new String[] {"2026-11-29T11:59:00Z", "2026-11-29T12:00:00Z"}, ErrorCode.REF_EXPIRED, "expires_at"));
        }

        @ParameterizedTest(name = "{0}")
        @MethodSource("rows")
        void envelopeIsRefused(String name, String[] times, ErrorCode code, String field) {
            assertRefused(Binding.validateEnvelopeFreshness(withTimes(times[0], times[1]), NOW), code, field);
        }

        @Test
        void freshEnvelopeWithAnOffsetPasses() {
            assertThat(Binding.validateEnvelopeFreshness(
                    withTimes("2026-11-29T12:59:50+01:00", "2026-11-29t12:00:30.250z"), NOW)).isEmpty();
        }
    }

    @Nested
    class ApprovalBinding {
        private ApprovalGrant grant(String grantId, String runtimeId, String action, String route, String digest,
                String policy, String nonce) {
            return new ApprovalGrant(grantId, runtimeId, action, route, digest, policy, nonce, "2026-11-29T12:00:05Z");
        }

        static Stream<Arguments> rows() {
            return Stream.of(
                row("another action", new String[] {"g", null, "act-2", "computer_act/click", "digest-1", "policy-digest-1", "nonce-1"}, ErrorCode.IDENTITY_MISMATCH, "action_id"),
                row("another route", new String[] {"g", null, "act-1", "computer_act/type", "digest-1", "policy-digest-1", "nonce-1"}, ErrorCode.IDENTITY_MISMATCH, "route"),
                row("another action digest", new String[] {"g", null, "act-1", "computer_act/click", "digest-2", "policy-digest-1", "nonce-1"}, ErrorCode.IDENTITY_MISMATCH, "action_digest"),
                row("another policy digest", new String[] {"g", null, "act-1", "computer_act/click", "digest-1", "policy-digest-2", "nonce-1"}, ErrorCode.IDENTITY_MISMATCH, "policy_digest"),
                row("another nonce", new String[] {"g", null, "act-1", "computer_act/click", "digest-1", "policy-digest-1", "nonce-2"}, ErrorCode.IDENTITY_MISMATCH, "nonce"),
                row("no authority source", new String[] {null, null, "act-1", "computer_act/click", "digest-1", "policy-digest-1", "nonce-1"}, ErrorCode.IDENTITY_MISMATCH, "authority"),
                row("two authority sources", new String[] {"g", "rt", "act-1", "computer_act/click", "digest-1", "policy-digest-1", "nonce-1"}, ErrorCode.IDENTITY_MISMATCH, "authority"));
        }

        @ParameterizedTest(name = "{0}")
        @MethodSource("rows")
        void approvalIsRefused(String name, String[] f, ErrorCode code, String field) {
            assertRefused(Binding.validateApproval(grant(f[0], f[1], f[2], f[3], f[4], f[5], f[6]),
                    Fixtures.envelope(), Fixtures.pending()), code, field);
        }

        @Test
        void runtimeHeldApprovalIsOneAuthoritySource() {
            assertThat(Binding.validateApproval(grant(null, "rt-1", "act-1", "computer_act/click", "digest-1",
                    Fixtures.POLICY, "nonce-1"), Fixtures.envelope(), Fixtures.pending())).isEmpty();
        }

        @Test
        void grantBoundToTheActionPasses() {
            assertThat(Binding.validateApproval(Fixtures.grant(), Fixtures.envelope(), Fixtures.pending())).isEmpty();
        }
    }

    /** Binding a preview to the request it answers: every path (local, forwarded, remote) runs this one check. */
    @Nested
    class PreviewBinding {
        /** The fixture envelope, with the args digest of exactly the fixture request. */
        private static ActionEnvelope answering() {
            ActionEnvelope e = Fixtures.envelope();
            return new ActionEnvelope(e.actionId(), e.sessionId(), e.executionGroupId(), e.principalId(), e.agentId(),
                    e.tool(), e.operation(), e.actionClass(), e.requestedMode(), e.target(), e.postcondition(),
                    e.proposedAt(), e.expiresAt(), ActionDigests.argsDigest(Fixtures.request()));
        }

        private static UnaryOperator<ActionEnvelope> edit(int field, Object value) {
            return e -> {
                Object[] f = {e.actionId(), e.sessionId(), e.executionGroupId(), e.principalId(), e.agentId(), e.tool(),
                    e.operation(), e.actionClass(), e.requestedMode(), e.target(), e.postcondition(), e.proposedAt(),
                    e.expiresAt(), e.argsDigest()};
                f[field] = value;
                return new ActionEnvelope((String) f[0], (String) f[1], (String) f[2], (String) f[3], (String) f[4],
                        (String) f[5], (String) f[6], (String) f[7], (String) f[8], (ActionTarget) f[9],
                        (ActionPostcondition) f[10], (String) f[11], (String) f[12], (String) f[13]);
            };
        }

        static Stream<Arguments> rows() {
            ActionTarget t = Fixtures.target();
            return Stream.of(
                row("another session", edit(1, "sess-2"), ErrorCode.IDENTITY_MISMATCH, "session_id"),
                row("no session", edit(1, null), ErrorCode.IDENTITY_MISMATCH, "session_id"),
                row("another principal", edit(3, "person-2"), ErrorCode.IDENTITY_MISMATCH, "principal_id"),
                row("another agent", edit(4, "agent-b"), ErrorCode.IDENTITY_MISMATCH, "agent_id"),
                row("no agent", edit(4, null), ErrorCode.IDENTITY_MISMATCH, "agent_id"),
                row("another tool", edit(5, "computer_visual_act"), ErrorCode.IDENTITY_MISMATCH, "tool"),
                row("another operation", edit(6, "type"), ErrorCode.IDENTITY_MISMATCH, "operation"),
                row("another app", edit(9, new ActionTarget("org.example.bank", t.windowId(), t.element())),
                        ErrorCode.IDENTITY_MISMATCH, "target.app_id"),
                row("another window", edit(9, new ActionTarget(t.appId(), "win-8", t.element())),
                        ErrorCode.IDENTITY_MISMATCH, "target.window_id"),
                row("no target", edit(9, null), ErrorCode.IDENTITY_MISMATCH, "target.app_id"),
                row("another element in the same window", edit(9, new ActionTarget(t.appId(), t.windowId(),
                        new ElementEvidence("refdigest", "push button", null, "Delete", null, null, null, false))),
                        ErrorCode.IDENTITY_MISMATCH, "target"),
                row("other work", edit(13, "0".repeat(64)), ErrorCode.IDENTITY_MISMATCH, "args_digest"),
                row("no action id", edit(0, " "), ErrorCode.IDENTITY_MISMATCH, "action_id"));
        }

        @ParameterizedTest(name = "{0}")
        @MethodSource("rows")
        void previewIsRefused(String name, UnaryOperator<ActionEnvelope> edit, ErrorCode code, String field) {
            assertRefused(Binding.validatePreview(edit.apply(answering()), Fixtures.request()), code, field);
        }

        @Test
        void aPreviewOfExactlyTheRequestPasses() {
            assertThat(Binding.validatePreview(answering(), Fixtures.request())).isEmpty();
        }

        @Test
        void anotherExecutionGroupIsRefusedWhenBothNameOne() {
            ActionRequest r = Fixtures.request();
            ActionRequest grouped = new ActionRequest(r.sessionId(), r.principalId(), r.agentId(), "group-2", r.tool(),
                    r.operation(), r.actionClass(), r.requestedMode(), r.arguments(), r.target(), r.postcondition(),
                    r.observationFingerprint(), r.validityMs());
            ActionEnvelope e = answering();
            assertRefused(Binding.validatePreview(edit(13, ActionDigests.argsDigest(grouped)).apply(e), grouped),
                    ErrorCode.IDENTITY_MISMATCH, "execution_group_id");
        }
    }

    @Nested
    class GrantBinding {
        @Test
        void aRuntimeChecksAGrantWithoutANonceAgainstItsOwnPolicyDigest() {
            assertThat(Binding.validateGrant(Fixtures.grant(), Fixtures.envelope(), Fixtures.POLICY)).isEmpty();
            assertRefused(Binding.validateGrant(Fixtures.grant(), Fixtures.envelope(), "policy-of-the-far-side"),
                    ErrorCode.IDENTITY_MISMATCH, "policy_digest");
            assertRefused(Binding.validateGrant(null, Fixtures.envelope(), Fixtures.POLICY), ErrorCode.APPROVAL_DENIED,
                    "approval");
        }
    }
}
