package dev.countersign.graph;

import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.ApprovalDecision;
import dev.countersign.core.ControlLease;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.ExecutionReceipt;
import dev.countersign.core.TargetReservation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Named paths through the graph. Each scenario bends the scripted runtime (or the approval) in one
 * way and states the status, error code and whether the reservation was released. The coverage
 * test runs them all and fails if any transition of the table was never taken.
 */
public final class GraphScenarios {
    /** One named path: how to drive it and how it must end. */
    public record Scenario(String name, Function<GraphHarness, ActionResult> run, String status, ErrorCode code,
            long releases, long executes) {
        @Override
        public String toString() {
            return name;
        }
    }

    private GraphScenarios() {
    }

    /** Runs {@code scenario} on {@code h} and checks the status, error, releases and executes it states. */
    public static void assertEndsAsStated(Scenario scenario, GraphHarness h) {
        ActionResult result = scenario.run().apply(h);
        org.assertj.core.api.Assertions.assertThat(result.status()).as("status").isEqualTo(scenario.status());
        if (scenario.code() == null) {
            org.assertj.core.api.Assertions.assertThat(result.error()).as("error").isNull();
        } else {
            org.assertj.core.api.Assertions.assertThat(result.error()).as("error").isNotNull();
            org.assertj.core.api.Assertions.assertThat(result.error().code()).isEqualTo(scenario.code());
        }
        org.assertj.core.api.Assertions.assertThat(h.runtime.count("release")).as("releases")
                .isEqualTo(scenario.releases());
        org.assertj.core.api.Assertions.assertThat(h.runtime.count("execute")).as("executes")
                .isEqualTo(scenario.executes());
        org.assertj.core.api.Assertions.assertThat(result.trace().get(result.trace().size() - 1).to())
                .isEqualTo(Node.DONE);
    }

    public static List<Scenario> all() {
        List<Scenario> s = new ArrayList<>();
        s.add(new Scenario("verified without approval", h -> h.finish(h.start()), "confirmed", null, 1, 1));
        s.add(new Scenario("invalid request", h -> h.finish(h.graph().start(new dev.countersign.core.ActionRequest(
                "sess-1", "person-1", null, null, "computer_act", "click", null, null, null, Fixtures.target(), null,
                "fp", 1000))), "rejected", ErrorCode.INVALID_ARGUMENT, 0, 0));
        s.add(new Scenario("preview fails", h -> {
            h.runtime.failPreview = ErrorCode.SESSION_LOCKED;
            return h.finish(h.start());
        }, "rejected", ErrorCode.SESSION_LOCKED, 0, 0));
        s.add(new Scenario("preview already expired", h -> {
            h.runtime.previewEdit = e -> new ActionEnvelope(e.actionId(), e.sessionId(), e.executionGroupId(),
                    e.principalId(), e.agentId(), e.tool(), e.operation(), e.actionClass(), e.requestedMode(),
                    e.target(), e.postcondition(), "2026-11-29T11:59:00Z", "2026-11-29T11:59:30Z", e.argsDigest());
            return h.finish(h.start());
        }, "rejected", ErrorCode.REF_EXPIRED, 0, 0));
        s.add(new Scenario("preview for another agent", h -> {
            h.runtime.previewEdit = e -> withAgent(e, "agent-b");
            return h.finish(h.start());
        }, "rejected", ErrorCode.IDENTITY_MISMATCH, 0, 0));
        s.add(new Scenario("reserve fails", h -> {
            h.runtime.failReserve = ErrorCode.RESERVATION_INVALID;
            return h.finish(h.start());
        }, "rejected", ErrorCode.RESERVATION_INVALID, 0, 0));
        s.add(new Scenario("reservation of another session is released", h -> {
            h.runtime.reservationEdit = r -> new TargetReservation(r.reservationId(), "sess-9", r.principalId(),
                    r.agentId(), r.executionGroupId(), r.intentId(), r.state(), r.expiresAt(), r.scope());
            return h.finish(h.start());
        }, "rejected", ErrorCode.IDENTITY_MISMATCH, 1, 0));
        s.add(new Scenario("policy fails", h -> {
            h.gate = e -> {
                throw new IllegalStateException("policy file unreadable");
            };
            return h.finish(h.start());
        }, "rejected", ErrorCode.INTERNAL, 1, 0));
        s.add(new Scenario("approval allowed once", h -> {
            h.gate = Fixtures.approvalRequired();
            GraphStep.Interrupted wait = h.interrupted(h.start());
            return h.finish(h.graph().resume(wait.checkpoint(),
                    ResumeInput.decision(GraphHarness.allow(wait.pending()))));
        }, "confirmed", null, 1, 1));
        s.add(new Scenario("approval denied", h -> {
            h.gate = Fixtures.approvalRequired();
            GraphStep.Interrupted wait = h.interrupted(h.start());
            return h.finish(h.graph().resume(wait.checkpoint(), ResumeInput.decision(
                    new ApprovalDecision.Refused(ErrorCode.APPROVAL_DENIED, "the person said no"))));
        }, "rejected", ErrorCode.APPROVAL_DENIED, 1, 0));
        s.add(new Scenario("approval for another nonce", h -> {
            h.gate = Fixtures.approvalRequired();
            GraphStep.Interrupted wait = h.interrupted(h.start());
            dev.countersign.core.PendingApproval p = wait.pending();
            return h.finish(h.graph().resume(wait.checkpoint(), ResumeInput.decision(new ApprovalDecision.AllowedOnce(
                    new dev.countersign.core.ApprovalGrant("g", null, p.actionId(), p.route(), p.actionDigest(),
                            p.policyDigest(), "nonce-other", "2026-11-29T12:00:01Z")))));
        }, "rejected", ErrorCode.IDENTITY_MISMATCH, 1, 0));
        s.add(new Scenario("lease over budget", h -> {
            h.runtime.leaseEdit = l -> new ControlLease(l.leaseId(), l.sessionId(), l.principalId(), l.agentId(),
                    l.executionMode(), l.state(), l.expiresAt(), 1, 1, l.boundaries());
            return h.finish(h.start());
        }, "rejected", ErrorCode.BUDGET_EXHAUSTED, 1, 0));
        s.add(new Scenario("lease expires between lease and execute", h -> {
            h.runtime.leaseEdit = l -> new ControlLease(l.leaseId(), l.sessionId(), l.principalId(), l.agentId(),
                    l.executionMode(), l.state(), "2026-11-29T12:00:10Z", 30, 0, l.boundaries());
            // Valid when the lease node checks it (the clock's first reading once the lease is
            // back); 15 s later, when execute re-checks, it is not.
            h.afterLease = () -> h.clock.advanceAfterNextRead(Duration.ofSeconds(15));
            ActionResult result = h.finish(h.start());
            if (result.trace().stream().noneMatch(t -> t.from() == Node.LEASE && t.to() == Node.EXECUTE)) {
                throw new AssertionError("the lease node refused the lease; execute's re-check was never reached");
            }
            return result;
        }, "rejected", ErrorCode.LEASE_INVALID, 1, 0));
        s.add(new Scenario("execute throws after possible dispatch", h -> {
            h.runtime.failExecute = ErrorCode.INTERNAL;
            return h.finish(h.start());
        }, "unknown", ErrorCode.INTERNAL, 1, 1));
        s.add(new Scenario("runtime refuses at its last check before dispatch", h -> {
            h.runtime.refuseExecute = ErrorCode.TARGET_CHANGED;
            return h.finish(h.start());
        }, "rejected", ErrorCode.TARGET_CHANGED, 1, 1));
        s.add(new Scenario("receipt with another digest", h -> {
            h.runtime.receiptEdit = r -> new ExecutionReceipt(r.receiptId(), r.sessionId(), r.actionId(), "other",
                    r.status(), r.verification(), r.detail());
            return h.finish(h.start());
        }, "unknown", ErrorCode.IDENTITY_MISMATCH, 1, 1));
        s.add(new Scenario("committed without evidence", h -> {
            h.runtime.evidence = null;
            return h.finish(h.start());
        }, "unknown", null, 1, 1));
        s.add(new Scenario("evidence contradicts", h -> {
            h.runtime.evidence = new dev.countersign.core.ReceiptVerification(false, null, "still unchecked");
            return h.finish(h.start());
        }, "failed", null, 1, 1));
        s.add(new Scenario("verify throws", h -> {
            h.runtime.failVerify = ErrorCode.CAPTURE_REJECTED;
            return h.finish(h.start());
        }, "unknown", ErrorCode.CAPTURE_REJECTED, 1, 1));
        s.add(new Scenario("release fails after success", h -> {
            h.runtime.failRelease = ErrorCode.RESERVATION_INVALID;
            return h.finish(h.start());
        }, "confirmed", ErrorCode.RESERVATION_INVALID, 1, 1));
        return s;
    }

    static ActionEnvelope withAgent(ActionEnvelope e, String agent) {
        return new ActionEnvelope(e.actionId(), e.sessionId(), e.executionGroupId(), e.principalId(), agent, e.tool(),
                e.operation(), e.actionClass(), e.requestedMode(), e.target(), e.postcondition(), e.proposedAt(),
                e.expiresAt(), e.argsDigest());
    }
}
