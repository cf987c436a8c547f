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
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The stdio bridge as a stdio-only client meets it: the SDK's stdio client launches
 * {@code countersign mcp-stdio --agent NAME} as a child process, which reaches the real endpoint.
 */
@Tag("slow")
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
        McpSchema.CallToolResult observation = stdio.callTool(new McpSchema.CallToolRequest("computer_observe", Map.of("app", "yad")));
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

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"SIGTERM with stdin open", "stdin closed and SIGTERM at once"})
    void aBridgeStoppedWithSigtermEndsItsSession(String how) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(ChildJvm.java());
        command.addAll(ChildJvm.jvmArgs(home, "stdio-bridge-sigterm"));
        command.addAll(List.of("mcp-stdio", "--agent", "claude", "--url", fx.uri().toString()));
        Process bridge = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            var in = bridge.getOutputStream();
            in.write((EndpointFixture.INIT + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
            in.flush();
            var out = new java.io.BufferedReader(new java.io.InputStreamReader(bridge.getInputStream(),
                    java.nio.charset.StandardCharsets.UTF_8));
            assertThat(out.readLine()).contains("\"serverInfo\"");
            assertThat(fx.endpoint.sessionsOf("claude")).isEqualTo(1);

            if (how.startsWith("SIGTERM")) {
                // Only the shutdown hook can end the session: stdin is still open.
                new ProcessBuilder("kill", "-TERM", Long.toString(bridge.pid())).start().waitFor();
            } else {
                bridge.destroy(); // what the TypeScript SDK's close() does: end stdin, send SIGTERM
            }

            assertThat(bridge.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
            McpEndpointTest.awaitTrue(() -> fx.endpoint.sessionsOf("claude") == 0, 10_000);
        } finally {
            bridge.destroyForcibly();
        }
    }
}
