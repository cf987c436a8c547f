package dev.countersign.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.core.CountersignError;
import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.ErrorCode;
import dev.countersign.graph.Fixtures;
import dev.countersign.remote.RuntimeOp;
import dev.countersign.remote.RuntimePort;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime endpoint for governing Countersigns beside the agent endpoint: separate token kinds,
 * each opening only its own endpoint (the hostile crossings both ways), the runtime operations and
 * nothing else on one, none of them on the other, and the governor's identity from its token.
 */
class RuntimeEndpointTest {
    @TempDir
    Path home;
    private EndpointFixture agents;
    private AgentDirectory governors;
    private McpEndpoint runtime;
    private final List<String> seen = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() {
        agents = new EndpointFixture(home);
        governors = new AgentDirectory(home.resolve("governors.json"), Clock.systemUTC(), new SecureRandom());
        RuntimePort port = (governor, op) -> {
            seen.add(governor + " " + op.kind().wire());
            if (op instanceof RuntimeOp.Execute) {
                throw new DispatchRefusedException(CountersignError.onField(ErrorCode.IDENTITY_MISMATCH, "operation",
                        "scripted refusal"));
            }
            return Map.of("ok", true);
        };
        runtime = McpEndpoint.startRuntime(EndpointConfig.defaults().withPort(0), port, governors, agents.audit, "test");
    }

    @AfterEach
    void stop() {
        runtime.close();
        agents.close();
    }

    private McpSyncClient client(McpEndpoint endpoint, String token) {
        McpSyncClient client = McpClient.sync(HttpClientStreamableHttpTransport.builder(
                        "http://127.0.0.1:" + endpoint.port()).endpoint("/mcp")
                .httpRequestCustomizer((b, m, u, body, c) -> b.header("Authorization", "Bearer " + token)).build())
                .requestTimeout(Duration.ofSeconds(20)).build();
        client.initialize();
        return client;
    }

    private int initialize(McpEndpoint endpoint, String token) {
        return agents.send(java.net.http.HttpRequest.newBuilder(endpoint.uri())
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .header("Authorization", "Bearer " + token)
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString(EndpointFixture.INIT)).build()).statusCode();
    }

    @Test
    void anAgentTokenNeverOpensTheRuntimeEndpoint() {
        String agent = agents.token("claude");
        assertThat(initialize(runtime, agent)).isEqualTo(401);
        assertThat(seen).isEmpty();
    }

    @Test
    void aGovernorTokenNeverOpensTheAgentEndpoint() {
        String governor = governors.add("laptop").token();
        assertThat(initialize(agents.endpoint, governor)).isEqualTo(401);
    }

    @Test
    void theSameNameInBothKindsIsStillTwoTokens() {
        String agent = agents.token("laptop");
        String governor = governors.add("laptop").token();
        assertThat(initialize(runtime, agent)).isEqualTo(401);
        assertThat(initialize(agents.endpoint, governor)).isEqualTo(401);
        assertThat(initialize(runtime, governor)).isEqualTo(200);
    }

    @Test
    void theRuntimeEndpointOffersTheRuntimeOperationsOnlyAndAgentsNone() {
        McpSyncClient governor = client(runtime, governors.add("laptop").token());
        assertThat(governor.listTools().tools().stream().map(McpSchema.Tool::name).toList())
                .containsExactlyElementsOf(RuntimeOp.NAMES);
        McpSyncClient agent = agents.client(agents.token("claude"));
        assertThat(agent.listTools().tools().stream().map(McpSchema.Tool::name).toList())
                .doesNotContainAnyElementsOf(RuntimeOp.NAMES);
        // An agent naming a runtime operation at its own endpoint: no such tool there.
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> agent.callTool(new McpSchema.CallToolRequest(
                RuntimeOp.Kind.PREVIEW.wire(), Map.of("request", Map.of())))).hasMessageContaining("Unknown tool");
        assertThat(seen).isEmpty();
        governor.closeGracefully();
    }

    @Test
    void theGovernorIsTheOneItsTokenNamesAndARefusalBeforeDispatchSaysSo() {
        McpSyncClient governor = client(runtime, governors.add("laptop").token());
        // The request names an agent; the governor is still the one the token names.
        McpSchema.CallToolResult preview = governor.callTool(new McpSchema.CallToolRequest(RuntimeOp.Kind.PREVIEW.wire(),
                new RuntimeOp.Preview(Fixtures.request()).arguments()));
        assertThat(preview.isError()).isFalse();
        McpSchema.CallToolResult execute = governor.callTool(new McpSchema.CallToolRequest(RuntimeOp.Kind.EXECUTE.wire(),
                new RuntimeOp.Execute(Fixtures.envelope(), Fixtures.lease(), Fixtures.reservation(), null).arguments()));
        assertThat(execute.isError()).isTrue();
        assertThat(Results.body(execute)).containsEntry("dispatched", false).containsEntry("code", "IDENTITY_MISMATCH");
        assertThat(seen).containsExactly("laptop preview_action", "laptop execute_action");
        governor.closeGracefully();
    }

    @Test
    void unknownArgumentsOfARuntimeOperationAreRefusedBeforeThePort() {
        McpSyncClient governor = client(runtime, governors.add("laptop").token());
        McpSchema.CallToolResult call = governor.callTool(new McpSchema.CallToolRequest(RuntimeOp.Kind.LEASE.wire(),
                Map.of("envelope", Map.of(), "approved", true)));
        assertThat(call.isError()).isTrue();
        assertThat(Results.body(call)).containsEntry("code", "INVALID_ARGUMENT");
        assertThat(seen).isEmpty();
        governor.closeGracefully();
    }
}
