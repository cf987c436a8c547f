package dev.countersign.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.audit.AuditLog;
import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.ActionPostcondition;
import dev.countersign.core.ActionTarget;
import dev.countersign.core.ControlLease;
import dev.countersign.core.CountersignException;
import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.ElementEvidence;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.ExecutionReceipt;
import dev.countersign.core.TargetReservation;
import dev.countersign.graph.BindingRows;
import dev.countersign.graph.CleanupContract;
import dev.countersign.graph.Fixtures;
import dev.countersign.graph.GraphHarness;
import dev.countersign.graph.GraphScenarios;
import dev.countersign.graph.ScriptedRuntime;
import dev.countersign.graph.SequentialIds;
import dev.countersign.graph.TestClock;
import dev.countersign.server.AgentDirectory;
import dev.countersign.server.EndpointConfig;
import dev.countersign.server.McpEndpoint;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link ComputerUseMcpRuntime} over a real runtime endpoint (MCP over loopback HTTP, governor
 * token) whose far side is a scripted runtime returning the hostile rows: the seeds' binding and
 * cleanup tables, the same rows as for the local runtime, now refused at the client's boundary;
 * and exact-envelope preservation.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ComputerUseMcpRuntimeTest {
    private final ScriptedRuntimePort port = new ScriptedRuntimePort();
    private Path home;
    private AuditLog audit;
    private McpEndpoint endpoint;
    private McpRuntimeLink link;
    private TestClock clock;
    private ScriptedRuntime far;

    @BeforeAll
    void serve() throws Exception {
        home = Files.createTempDirectory("cs-remote-test");
        AgentDirectory governors = new AgentDirectory(home.resolve("governors.json"), Clock.systemUTC(),
                new SecureRandom());
        audit = AuditLog.open(home.resolve("audit").resolve("audit.jsonl"), Clock.systemUTC());
        Path socket = home.resolve("runtime.sock");
        endpoint = McpEndpoint.startRuntime(EndpointConfig.defaults().withPort(0).withLimits(10_000, 10_000, 16)
                .withSocket(socket), port, governors, audit, "test");
        link = McpRuntimeLink.connect(McpRuntimeLink.uriOf(socket), governors.add("laptop").token(),
                Duration.ofSeconds(20));
    }

    @AfterAll
    void stop() {
        link.close();
        endpoint.close();
        audit.close();
    }

    /** A fresh far side and a client in front of it, at {@link Fixtures#NOW}. */
    private ComputerUseMcpRuntime fresh() {
        clock = new TestClock(Fixtures.NOW);
        far = new ScriptedRuntime(clock, new SequentialIds());
        port.current = far;
        return new ComputerUseMcpRuntime(link, clock);
    }

    private static void assertRefused(Throwable thrown, ErrorCode code, String field) {
        assertThat(thrown).isInstanceOf(CountersignException.class);
        assertThat(((CountersignException) thrown).error().code()).isEqualTo(code);
        assertThat(((CountersignException) thrown).error().field()).isEqualTo(field);
    }

    @Test
    void theFarSideSeesTheGovernorTheTokenAuthenticated() {
        ComputerUseMcpRuntime runtime = fresh();
        runtime.previewAction(Fixtures.request());
        assertThat(port.lastGovernor).isEqualTo("laptop");
    }

    @Nested
    class BindingTable {
        static Stream<Arguments> leases() {
            return BindingRows.leaseRows();
        }

        static Stream<Arguments> reservations() {
            return BindingRows.reservationRows();
        }

        static Stream<Arguments> receipts() {
            return BindingRows.receiptRows();
        }

        @ParameterizedTest(name = "{0}")
        @MethodSource("leases")
        void aLeaseIsRefusedAtTheBoundary(String name, UnaryOperator<ControlLease> edit, ErrorCode code, String field) {
            ComputerUseMcpRuntime runtime = fresh();
            far.leaseEdit = edit;
            ActionEnvelope envelope = runtime.previewAction(Fixtures.request());
            assertRefused(catchThrowable(() -> runtime.acquireLease(envelope)), code, field);
        }

        @ParameterizedTest(name = "{0}")
        @MethodSource("reservations")
        void aReservationIsRefusedAtTheBoundaryAndReleased(String name, UnaryOperator<TargetReservation> edit,
                ErrorCode code, String field) {
            ComputerUseMcpRuntime runtime = fresh();
            far.reservationEdit = edit;
            ActionEnvelope envelope = runtime.previewAction(Fixtures.request());
            assertRefused(catchThrowable(() -> runtime.reserveTarget(envelope)), code, field);
            assertThat(far.released).as("what the far side reserved, the boundary released").hasSize(1);
        }

        @ParameterizedTest(name = "{0}")
        @MethodSource("receipts")
        void aReceiptIsRefusedAtTheBoundaryAsUncertain(String name, UnaryOperator<ExecutionReceipt> edit,
                ErrorCode code, String field) {
            ComputerUseMcpRuntime runtime = fresh();
            far.receiptEdit = edit;
            ActionEnvelope envelope = runtime.previewAction(Fixtures.request());
            TargetReservation reservation = runtime.reserveTarget(envelope);
            ControlLease lease = runtime.acquireLease(envelope);
            Throwable thrown = catchThrowable(() -> runtime.executeAction(envelope, lease, reservation, null));
            assertRefused(thrown, code, field);
            // The far side may have acted: a receipt refused after the call is never "nothing ran".
            assertThat(thrown).isNotInstanceOf(DispatchRefusedException.class);
            assertThat(far.count("execute")).isEqualTo(1);
        }

        @ParameterizedTest(name = "{0}")
        @MethodSource("leases")
        void aForeignLeaseHandedToExecuteIsRefusedBeforeAnythingIsSent(String name, UnaryOperator<ControlLease> edit,
                ErrorCode code, String field) {
            ComputerUseMcpRuntime runtime = fresh();
            ActionEnvelope envelope = runtime.previewAction(Fixtures.request());
            TargetReservation reservation = runtime.reserveTarget(envelope);
            ControlLease foreign = edit.apply(runtime.acquireLease(envelope));
            Throwable thrown = catchThrowable(() -> runtime.executeAction(envelope, foreign, reservation, null));
            assertRefused(thrown, code, field);
            assertThat(thrown).isInstanceOf(DispatchRefusedException.class);
            assertThat(far.count("execute")).isZero();
        }

        @ParameterizedTest(name = "{0}")
        @MethodSource("reservations")
        void aForeignReservationHandedToExecuteIsRefusedBeforeAnythingIsSent(String name,
                UnaryOperator<TargetReservation> edit, ErrorCode code, String field) {
            ComputerUseMcpRuntime runtime = fresh();
            ActionEnvelope envelope = runtime.previewAction(Fixtures.request());
            TargetReservation foreign = edit.apply(runtime.reserveTarget(envelope));
            ControlLease lease = runtime.acquireLease(envelope);
            Throwable thrown = catchThrowable(() -> runtime.executeAction(envelope, lease, foreign, null));
            assertRefused(thrown, code, field);
            assertThat(far.count("execute")).isZero();
        }
    }

    @Nested
    class ExactEnvelope {
        static Stream<Arguments> changes() {
            return Stream.of(
                Arguments.of("operation", (UnaryOperator<ActionEnvelope>) e -> with(e, "operation", "type")),
                Arguments.of("args_digest", (UnaryOperator<ActionEnvelope>) e -> with(e, "args_digest", "digest-of-other-work")),
                Arguments.of("session_id", (UnaryOperator<ActionEnvelope>) e -> with(e, "session_id", "sess-2")),
                Arguments.of("agent_id", (UnaryOperator<ActionEnvelope>) e -> with(e, "agent_id", "agent-b")),
                Arguments.of("principal_id", (UnaryOperator<ActionEnvelope>) e -> with(e, "principal_id", "person-2")),
                Arguments.of("tool", (UnaryOperator<ActionEnvelope>) e -> with(e, "tool", "computer_visual_act")),
                Arguments.of("execution_group_id", (UnaryOperator<ActionEnvelope>) e -> with(e, "execution_group_id", "group-9")),
                Arguments.of("action_class", (UnaryOperator<ActionEnvelope>) e -> with(e, "action_class", "navigate")),
                Arguments.of("requested_mode", (UnaryOperator<ActionEnvelope>) e -> with(e, "requested_mode", "background")),
                Arguments.of("expires_at", (UnaryOperator<ActionEnvelope>) e -> with(e, "expires_at", "2026-11-29T13:00:00Z")),
                Arguments.of("proposed_at", (UnaryOperator<ActionEnvelope>) e -> with(e, "proposed_at", "2026-11-29T11:59:59Z")),
                Arguments.of("target.window_id", (UnaryOperator<ActionEnvelope>) e -> with(e, "window", "win-8")),
                Arguments.of("target.element.name", (UnaryOperator<ActionEnvelope>) e -> with(e, "element.name", "Delete")),
                Arguments.of("postcondition.kind", (UnaryOperator<ActionEnvelope>) e -> with(e, "postcondition", "value")));
        }

        @ParameterizedTest(name = "{0}")
        @MethodSource("changes")
        void aDirectExecuteWithAChangedFieldIsRefusedThoughTheActionIdMatches(String field,
                UnaryOperator<ActionEnvelope> change) {
            ComputerUseMcpRuntime runtime = fresh();
            ActionEnvelope envelope = runtime.previewAction(Fixtures.request());
            TargetReservation reservation = runtime.reserveTarget(envelope);
            ControlLease lease = runtime.acquireLease(envelope);
            ActionEnvelope changed = change.apply(envelope);
            assertThat(changed.actionId()).isEqualTo(envelope.actionId());

            Throwable thrown = catchThrowable(() -> runtime.executeAction(changed, lease, reservation, null));

            assertRefused(thrown, ErrorCode.IDENTITY_MISMATCH, field);
            assertThat(thrown).isInstanceOf(DispatchRefusedException.class);
            assertThat(far.count("execute")).isZero();
        }

        @ParameterizedTest(name = "{0}")
        @MethodSource("changes")
        void reserveAndLeaseWithAChangedFieldAreRefused(String field, UnaryOperator<ActionEnvelope> change) {
            ComputerUseMcpRuntime runtime = fresh();
            ActionEnvelope changed = change.apply(runtime.previewAction(Fixtures.request()));
            assertRefused(catchThrowable(() -> runtime.reserveTarget(changed)), ErrorCode.IDENTITY_MISMATCH, field);
            assertRefused(catchThrowable(() -> runtime.acquireLease(changed)), ErrorCode.IDENTITY_MISMATCH, field);
            assertThat(far.calls).containsExactly("preview");
        }

        @Test
        void theSameEnvelopeRunsOnceOnly() {
            ComputerUseMcpRuntime runtime = fresh();
            ActionEnvelope envelope = runtime.previewAction(Fixtures.request());
            TargetReservation reservation = runtime.reserveTarget(envelope);
            ControlLease lease = runtime.acquireLease(envelope);
            runtime.executeAction(envelope, lease, reservation, null);
            Throwable again = catchThrowable(() -> runtime.executeAction(envelope, lease, reservation, null));
            assertRefused(again, ErrorCode.IDENTITY_MISMATCH, "action_id");
            assertThat(far.count("execute")).isEqualTo(1);
        }

        @Test
        void anActionIdNoPreviewReturnedIsRefused() {
            ComputerUseMcpRuntime runtime = fresh();
            ActionEnvelope forged = with(Fixtures.envelope(), "operation", "click");
            assertRefused(catchThrowable(() -> runtime.acquireLease(forged)), ErrorCode.IDENTITY_MISMATCH, "action_id");
            assertThat(far.calls).isEmpty();
        }

        @Test
        void aPreviewForAnotherAgentIsRefused() {
            ComputerUseMcpRuntime runtime = fresh();
            far.previewEdit = e -> GraphScenariosAccess.withAgent(e, "agent-b");
            assertRefused(catchThrowable(() -> runtime.previewAction(Fixtures.request())),
                    ErrorCode.IDENTITY_MISMATCH, "agent_id");
        }

        @Test
        void aPreviewThatReusesAnActionIdIsRefused() {
            ComputerUseMcpRuntime runtime = fresh();
            ActionEnvelope first = runtime.previewAction(Fixtures.request());
            far.previewEdit = e -> with(e, "action_id", first.actionId());
            assertRefused(catchThrowable(() -> runtime.previewAction(Fixtures.request())),
                    ErrorCode.IDENTITY_MISMATCH, "action_id");
        }
    }

    @Nested
    class Scenarios {
        static Stream<GraphScenarios.Scenario> all() {
            return GraphScenarios.all().stream();
        }

        @ParameterizedTest(name = "{0}")
        @MethodSource("all")
        void scenarioEndsAsStatedOverMcp(GraphScenarios.Scenario scenario) {
            GraphScenarios.assertEndsAsStated(scenario, harness());
        }
    }

    @Nested
    class Cleanup extends CleanupContract {
        @Override
        protected GraphHarness harness() {
            return ComputerUseMcpRuntimeTest.this.harness();
        }
    }

    private GraphHarness harness() {
        return new GraphHarness((scripted, testClock) -> {
            port.current = scripted;
            return new ComputerUseMcpRuntime(link, testClock);
        });
    }

    private static Throwable catchThrowable(org.assertj.core.api.ThrowableAssert.ThrowingCallable call) {
        return org.assertj.core.api.Assertions.catchThrowable(call);
    }

    static ActionEnvelope with(ActionEnvelope e, String field, String value) {
        ActionTarget t = e.target();
        ElementEvidence el = t.element();
        switch (field) {
            case "operation":
                return new ActionEnvelope(e.actionId(), e.sessionId(), e.executionGroupId(), e.principalId(), e.agentId(),
                        e.tool(), value, e.actionClass(), e.requestedMode(), t, e.postcondition(), e.proposedAt(),
                        e.expiresAt(), e.argsDigest());
            case "args_digest":
                return new ActionEnvelope(e.actionId(), e.sessionId(), e.executionGroupId(), e.principalId(), e.agentId(),
                        e.tool(), e.operation(), e.actionClass(), e.requestedMode(), t, e.postcondition(), e.proposedAt(),
                        e.expiresAt(), value);
            case "session_id":
                return new ActionEnvelope(e.actionId(), value, e.executionGroupId(), e.principalId(), e.agentId(),
                        e.tool(), e.operation(), e.actionClass(), e.requestedMode(), t, e.postcondition(), e.proposedAt(),
                        e.expiresAt(), e.argsDigest());
            case "agent_id":
                return GraphScenariosAccess.withAgent(e, value);
            case "principal_id":
                return new ActionEnvelope(e.actionId(), e.sessionId(), e.executionGroupId(), value, e.agentId(),
                        e.tool(), e.operation(), e.actionClass(), e.requestedMode(), t, e.postcondition(), e.proposedAt(),
                        e.expiresAt(), e.argsDigest());
            case "tool":
                return new ActionEnvelope(e.actionId(), e.sessionId(), e.executionGroupId(), e.principalId(), e.agentId(),
                        value, e.operation(), e.actionClass(), e.requestedMode(), t, e.postcondition(), e.proposedAt(),
                        e.expiresAt(), e.argsDigest());
            case "execution_group_id":
                return new ActionEnvelope(e.actionId(), e.sessionId(), value, e.principalId(), e.agentId(),
                        e.tool(), e.operation(), e.actionClass(), e.requestedMode(), t, e.postcondition(), e.proposedAt(),
                        e.expiresAt(), e.argsDigest());
            case "action_class":
                return new ActionEnvelope(e.actionId(), e.sessionId(), e.executionGroupId(), e.principalId(), e.agentId(),
                        e.tool(), e.operation(), value, e.requestedMode(), t, e.postcondition(), e.proposedAt(),
                        e.expiresAt(), e.argsDigest());
            case "requested_mode":
                return new ActionEnvelope(e.actionId(), e.sessionId(), e.executionGroupId(), e.principalId(), e.agentId(),
                        e.tool(), e.operation(), e.actionClass(), value, t, e.postcondition(), e.proposedAt(),
                        e.expiresAt(), e.argsDigest());
            case "expires_at":
                return new ActionEnvelope(e.actionId(), e.sessionId(), e.executionGroupId(), e.principalId(), e.agentId(),
                        e.tool(), e.operation(), e.actionClass(), e.requestedMode(), t, e.postcondition(), e.proposedAt(),
                        value, e.argsDigest());
            case "proposed_at":
                return new ActionEnvelope(e.actionId(), e.sessionId(), e.executionGroupId(), e.principalId(), e.agentId(),
                        e.tool(), e.operation(), e.actionClass(), e.requestedMode(), t, e.postcondition(), value,
                        e.expiresAt(), e.argsDigest());
            case "window":
                return new ActionEnvelope(e.actionId(), e.sessionId(), e.executionGroupId(), e.principalId(), e.agentId(),
                        e.tool(), e.operation(), e.actionClass(), e.requestedMode(), new ActionTarget(t.appId(), value, el),
                        e.postcondition(), e.proposedAt(), e.expiresAt(), e.argsDigest());
            case "element.name":
                return new ActionEnvelope(e.actionId(), e.sessionId(), e.executionGroupId(), e.principalId(), e.agentId(),
                        e.tool(), e.operation(), e.actionClass(), e.requestedMode(), new ActionTarget(t.appId(), t.windowId(),
                                new ElementEvidence(el.refDigest(), el.role(), el.subrole(), value, el.description(),
                                        el.identifier(), el.frame(), el.secure())),
                        e.postcondition(), e.proposedAt(), e.expiresAt(), e.argsDigest());
            case "postcondition":
                return new ActionEnvelope(e.actionId(), e.sessionId(), e.executionGroupId(), e.principalId(), e.agentId(),
                        e.tool(), e.operation(), e.actionClass(), e.requestedMode(), t,
                        new ActionPostcondition(value, true, null, null), e.proposedAt(), e.expiresAt(), e.argsDigest());
            case "action_id":
                return new ActionEnvelope(value, e.sessionId(), e.executionGroupId(), e.principalId(), e.agentId(),
                        e.tool(), e.operation(), e.actionClass(), e.requestedMode(), t, e.postcondition(), e.proposedAt(),
                        e.expiresAt(), e.argsDigest());
            default:
                throw new IllegalArgumentException(field);
        }
    }

    /** GraphScenarios' envelope helper, re-stated here (it is package-private there). */
    static final class GraphScenariosAccess {
        static ActionEnvelope withAgent(ActionEnvelope e, String agent) {
            return new ActionEnvelope(e.actionId(), e.sessionId(), e.executionGroupId(), e.principalId(), agent,
                    e.tool(), e.operation(), e.actionClass(), e.requestedMode(), e.target(), e.postcondition(),
                    e.proposedAt(), e.expiresAt(), e.argsDigest());
        }
    }
}
