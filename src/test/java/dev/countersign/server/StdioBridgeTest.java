package dev.countersign.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stdio bridge as a stdio-only client meets it: the SDK's stdio client launches
 * {@code countersign mcp-stdio --agent NAME} as a child process, which reaches the real endpoint.
 */
class StdioBridgeTest {
    @TempDir
    Path home;
    EndpointFixture fx;
    McpSyncClient client;

    @BeforeEach
    void start() throws Exception {
        fx = new EndpointFixture(home);
        Secrets.ownerOnlyDirectory(home.resolve("tokens"));
        Secrets.writeOwnerOnly(home.resolve("tokens").resolve("claude.token"), fx.token("claude"));
    }

    @AfterEach
    void stop() {
        if (client != null) {
            client.closeGracefully();
        }
        fx.close();
    }

    McpSyncClient bridge(String agent) {
        client = stdioClient(home, fx, agent);
        return client;
    }

    /** The SDK's stdio client, launching {@code countersign mcp-stdio --agent NAME} against the fixture. */
    static McpSyncClient stdioClient(Path home, EndpointFixture fx, String agent) {
        List<String> args = new ArrayList<>(ChildJvm.jvmArgs(home, "stdio-bridge"));
        args.addAll(List.of("mcp-stdio", "--agent", agent, "--url", fx.uri().toString()));
        ServerParameters params = ServerParameters.builder(ChildJvm.java()).args(args).build();
        StdioClientTransport transport = new StdioClientTransport(params, new JacksonMcpJsonMapper(new ObjectMapper()));
        return McpClient.sync(transport).requestTimeout(Duration.ofSeconds(30))
                .initializationTimeout(Duration.ofSeconds(30)).build();
    }

    @Test
    void aStdioClientInitializesListsObservesAndActsThroughTheBridge() {
        McpSyncClient stdio = bridge("claude");
        McpSchema.InitializeResult init = stdio.initialize();
        assertThat(init.serverInfo().name()).isEqualTo("countersign");
        assertThat(stdio.listTools().tools()).extracting(McpSchema.Tool::name)
                .containsExactly("computer_observe", "computer_visual_observe", "computer_act", "computer_visual_act",
                        "computer_evidence");
        McpSchema.CallToolResult observation = stdio.callTool(new McpSchema.CallToolRequest("computer_observe", Map.of()));
        assertThat(observation.isError()).isFalse();
        McpSchema.CallToolResult act = stdio.callTool(new McpSchema.CallToolRequest("computer_act",
                Map.of("ref", McpEndpointTest.refOf(observation, "Remember me"), "op", "click")));
        assertThat(McpEndpointTest.structured(act)).containsEntry("status", "confirmed");
        assertThat(fx.desktop.checked("remember")).isTrue();
        assertThat(fx.auditLines()).anyMatch(l -> l.contains("\"kind\":\"receipt\"") && l.contains("\"agent_id\":\"claude\""));
    }

    @Test
    void aRevokedTokenBecomesAToolErrorTheClientCanRead() {
        McpSyncClient stdio = bridge("claude");
        stdio.initialize();
        fx.agents.remove("claude");
        McpSchema.CallToolResult result;
        try {
            result = stdio.callTool(new McpSchema.CallToolRequest("computer_evidence", Map.of()));
        } catch (io.modelcontextprotocol.spec.McpError e) {
            assertThat(e.getMessage()).contains("401");
            return;
        }
        throw new AssertionError("expected a JSON-RPC error, got " + result);
    }
}
