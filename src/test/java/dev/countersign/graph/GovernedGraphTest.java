package dev.countersign.graph;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import dev.countersign.core.LeaseBoundaries;
import dev.countersign.core.ControlLease;
import dev.countersign.core.TargetReservation;
import dev.countersign.core.ReservationScope;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class GovernedGraphTest {

    static Stream<GraphScenarios.Scenario> scenarios() {
        return GraphScenarios.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void scenarioEndsAsStated(GraphScenarios.Scenario scenario) {
        GraphScenarios.assertEndsAsStated(scenario, new GraphHarness());
    }

    @Test
    void everyTransitionOfTheTableIsExercised() {
        Set<Transition> taken = new HashSet<>();
        for (GraphScenarios.Scenario scenario : GraphScenarios.all()) {
            taken.addAll(scenario.run().apply(new GraphHarness()).trace());
        }
        Set<Transition> never = new LinkedHashSet<>(TransitionTable.all());
        never.removeAll(taken);
        assertThat(never).as("transitions no scenario takes: add a scenario or remove the edge").isEmpty();
    }

    @Test
    void everyNodeHasAWayOut() {
        Set<Node> withEdges = EnumSet.noneOf(Node.class);
        TransitionTable.all().forEach(t -> withEdges.add(t.from()));
        assertThat(withEdges).containsExactlyInAnyOrder(
                EnumSet.complementOf(EnumSet.of(Node.DONE)).toArray(new Node[0]));
    }

    @Test
    void happyPathWalksTheNodesInOrder() {
        GraphHarness h = new GraphHarness();
        ActionResult result = h.finish(h.start());
        assertThat(result.trace()).extracting(Transition::from).containsExactly(Node.OBSERVE, Node.PREVIEW,
                Node.RESERVE, Node.APPROVE, Node.LEASE, Node.EXECUTE, Node.VERIFY, Node.RELEASE);
        assertThat(h.runtime.calls).containsExactly("preview", "reserve", "lease", "execute", "verify", "release");
        assertThat(result.verification().isVerified()).isTrue();
    }

    @Test
    void replayOfTheSameInputsGivesIdenticalResults() throws Exception {
        for (GraphScenarios.Scenario scenario : GraphScenarios.all()) {
            String first = Json.mapper().writeValueAsString(scenario.run().apply(new GraphHarness()));
            String second = Json.mapper().writeValueAsString(scenario.run().apply(new GraphHarness()));
            assertThat(second).as(scenario.name()).isEqualTo(first);
        }
    }

    @Nested
    class Approval {
        @Test
        void interruptionChecksPointsBeforeLeaseAndExecute() {
            GraphHarness h = new GraphHarness();
            h.gate = Fixtures.approvalRequired();
            GraphStep.Interrupted wait = h.interrupted(h.start());
            assertThat(wait.checkpoint().node()).isEqualTo(Node.AWAIT_APPROVAL);
            assertThat(wait.pending().category()).isEqualTo("delete");
            assertThat(wait.pending().nonce()).isNotBlank();
            assertThat(h.runtime.calls).containsExactly("preview", "reserve");
        }

        @Test
        void aStateThatAlreadyRecordsADispatchIsNeverDispatchedAgain() {
            GraphHarness h = new GraphHarness();
            h.gate = Fixtures.approvalRequired();
            GraphStep.Interrupted wait = h.interrupted(h.start());
            // As a checkpoint decoded after a dispatch would say.
            wait.checkpoint().dispatched = true;

            ActionResult result = h.finish(h.graph().resume(wait.checkpoint(),
                    ResumeInput.decision(GraphHarness.allow(wait.pending()))));

            assertThat(h.runtime.count("execute")).isZero();
            assertThat(result.status()).isEqualTo(ActionResult.UNKNOWN);
            assertThat(result.error().message()).contains("never dispatched again");
        }

        @Test
        void anApprovalForOtherArgumentsFails() {
            GraphHarness h = new GraphHarness();
            h.gate = Fixtures.approvalRequired();
            GraphStep.Interrupted wait = h.interrupted(h.start());
            dev.countersign.core.PendingApproval p = wait.pending();
            dev.countersign.core.ApprovalGrant other = new dev.countersign.core.ApprovalGrant("g", null, p.actionId(),
                    p.route(), "digest-of-other-arguments", p.policyDigest(), p.nonce(), "2026-11-29T12:00:01Z");
            ActionResult result = h.finish(h.graph().resume(wait.checkpoint(),
                    ResumeInput.decision(new dev.countersign.core.ApprovalDecision.AllowedOnce(other))));
            assertThat(result.error().field()).isEqualTo("action_digest");
            assertThat(h.runtime.count("execute")).isZero();
        }

        @Test
        void aChangedPolicyInvalidatesTheOutstandingApproval() {
            GraphHarness h = new GraphHarness();
            h.gate = Fixtures.approvalRequired();
            GraphStep.Interrupted wait = h.interrupted(h.start());
            dev.countersign.core.PendingApproval p = wait.pending();
            dev.countersign.core.ApprovalGrant underNewPolicy = new dev.countersign.core.ApprovalGrant("g", null,
                    p.actionId(), p.route(), p.actionDigest(), "policy-digest-2", p.nonce(), "2026-11-29T12:00:01Z");
            ActionResult result = h.finish(h.graph().resume(wait.checkpoint(),
                    ResumeInput.decision(new dev.countersign.core.ApprovalDecision.AllowedOnce(underNewPolicy))));
            assertThat(result.error().field()).isEqualTo("policy_digest");
            assertThat(h.runtime.count("execute")).isZero();
        }

        @Test
        void resumingWithoutADecisionIsRefused() {
            GraphHarness h = new GraphHarness();
            h.gate = Fixtures.approvalRequired();
            GraphStep.Interrupted wait = h.interrupted(h.start());
            ActionResult result = h.finish(h.graph().resume(wait.checkpoint(), ResumeInput.none()));
            assertThat(result.error().code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
            assertThat(h.runtime.count("execute")).isZero();
            assertThat(h.runtime.count("release")).isEqualTo(1);
        }

        @Test
        void anApprovalThatArrivesAfterTheEnvelopeExpiredDoesNotRun() {
            GraphHarness h = new GraphHarness();
            h.gate = Fixtures.approvalRequired();
            GraphStep.Interrupted wait = h.interrupted(h.start());
            h.clock.advance(java.time.Duration.ofSeconds(31));
            ActionResult result = h.finish(h.graph().resume(wait.checkpoint(),
                    ResumeInput.decision(GraphHarness.allow(wait.pending()))));
            assertThat(result.error().code()).isEqualTo(ErrorCode.REF_EXPIRED);
            assertThat(h.runtime.count("execute")).isZero();
        }

        @Test
        void approvalDoesNotChangeTheCheckpointItResumes() {
            GraphHarness h = new GraphHarness();
            h.gate = Fixtures.approvalRequired();
            GraphStep.Interrupted wait = h.interrupted(h.start());
            h.graph().resume(wait.checkpoint(), ResumeInput.decision(GraphHarness.allow(wait.pending())));
            assertThat(wait.checkpoint().node()).isEqualTo(Node.AWAIT_APPROVAL);
        }
    }

    @Nested
    class Checkpoints {
        private ActionEnvelope replacement(ActionEnvelope e) {
            return new ActionEnvelope(e.actionId(), e.sessionId(), e.executionGroupId(), e.principalId(), e.agentId(),
                    e.tool(), "type", e.actionClass(), e.requestedMode(), e.target(), e.postcondition(),
                    e.proposedAt(), e.expiresAt(), "digest-of-something-else");
        }

        @Test
        void resumeThatTriesToReplaceThePreviewDuringApprovalFailsBeforeMutation() {
            GraphHarness h = new GraphHarness();
            h.gate = Fixtures.approvalRequired();
            GraphStep.Interrupted wait = h.interrupted(h.start());
            ActionResult result = h.finish(h.graph().resume(wait.checkpoint(), new ResumeInput(
                    GraphHarness.allow(wait.pending()), replacement(wait.checkpoint().previews().get(0)), null, null)));
            assertThat(result.error().field()).isEqualTo("preview");
            assertThat(h.runtime.count("execute")).isZero();
            assertThat(h.runtime.count("release")).isEqualTo(1);
        }

        @Test
        void resumeThatAddsASecondReservationOrLeaseFailsAtExecute() {
            GraphHarness h = new GraphHarness();
            h.gate = Fixtures.approvalRequired();
            GraphStep.Interrupted wait = h.interrupted(h.start());
            TargetReservation foreign = new TargetReservation("res-x", "sess-1", "person-1", "agent-a", null,
                    wait.pending().actionId(), "active", "2026-11-29T12:05:00Z",
                    new ReservationScope("org.example.mail", "win-7"));
            ActionResult result = h.finish(h.graph().resume(wait.checkpoint(),
                    new ResumeInput(GraphHarness.allow(wait.pending()), null, foreign, null)));
            assertThat(result.error().code()).isEqualTo(ErrorCode.RESERVATION_INVALID);
            assertThat(h.runtime.count("execute")).isZero();

            GraphHarness h2 = new GraphHarness();
            h2.gate = Fixtures.approvalRequired();
            GraphStep.Interrupted wait2 = h2.interrupted(h2.start());
            ControlLease extra = new ControlLease("lease-x", "sess-1", "person-1", "agent-a", null, "active",
                    "2026-11-29T12:05:00Z", 1000, 0, LeaseBoundaries.unscoped());
            ActionResult result2 = h2.finish(h2.graph().resume(wait2.checkpoint(),
                    new ResumeInput(GraphHarness.allow(wait2.pending()), null, null, extra)));
            assertThat(result2.error().code()).isEqualTo(ErrorCode.LEASE_INVALID);
            assertThat(h2.runtime.count("execute")).isZero();
        }

        @Test
        void aPersistedApprovalCheckpointResumesInANewGraph() {
            GraphHarness h = new GraphHarness();
            h.gate = Fixtures.approvalRequired();
            GraphStep.Interrupted wait = h.interrupted(h.start());
            byte[] bytes = CheckpointCodec.encode(wait.checkpoint());

            GraphHarness restarted = new GraphHarness();
            GraphState restored = CheckpointCodec.decode(bytes);
            ActionResult result = restarted.finish(restarted.graph().resume(restored,
                    ResumeInput.decision(GraphHarness.allow(wait.pending()))));

            assertThat(result.status()).isEqualTo(ActionResult.CONFIRMED);
            assertThat(restarted.runtime.calls).containsExactly("lease", "execute", "verify", "release");
        }
    }

    @Nested
    class Cleanup extends CleanupContract {
        @Override
        protected GraphHarness harness() {
            return new GraphHarness();
        }
    }
}
