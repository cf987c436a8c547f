package dev.countersign.server;

import static dev.countersign.server.McpEndpointTest.awaitTrue;
import static dev.countersign.server.McpEndpointTest.call;
import static dev.countersign.server.McpEndpointTest.structured;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.countersign.approval.Decision;
import dev.countersign.core.Json;
import dev.countersign.graph.ScriptedRuntime;
import dev.countersign.graph.SequentialIds;
import dev.countersign.remote.PortLink;
import dev.countersign.remote.RemoteMachine;
import dev.countersign.remote.ScriptedRuntimePort;
import dev.countersign.testkit.MemoryDesktop;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A remote tool over the real endpoint and a real MCP client: its act waits for the person as
 * {@code computer_act} does — the question and the answer in the audit log before anything runs,
 * MCP progress while the person decides, the question withdrawn when the client cancels — and
 * answers with the same receipt, recorded under the remote's name. The far side is a scripted
 * runtime reached in this process.
 */
class RemoteToolEndpointTest {
    @TempDir
    Path home;
    private final ScriptedRuntimePort far = new ScriptedRuntimePort();
    private EndpointFixture fx;

    @BeforeEach
    void start() {
        far.current = new ScriptedRuntime(Clock.systemUTC(), new SequentialIds());
        far.observation = ScriptedRuntimePort.window("4242", "w1", List.of(
                Map.of("ref", "r_delete", "role", "push button", "name", "Delete")));
        fx = new EndpointFixture(home, EndpointConfig.defaults().withPort(0), MemoryDesktop.loginForm(),
                driver -> List.of(new RemoteMachine("desk2", new PortLink(far, "laptop"), driver, Clock.systemUTC())));
    }

    @AfterEach
    void stop() {
        fx.close();
    }

    @Test
    void anActWaitsWithProgressAndIsAuditedLikeComputerAct() {
        List<McpSchema.ProgressNotification> progress = new CopyOnWriteArrayList<>();
        McpSyncClient client = fx.client(fx.token("claude"), progress::add);
        assertThat(call(client, "desk2", Map.of("action", "observe", "app", "4242")).isError()).isFalse();
        McpSchema.CallToolRequest request = McpSchema.CallToolRequest.builder("desk2")
                .arguments(Map.of("action", "click", "ref", "r_delete"))
                .meta(Map.of("progressToken", "p-remote")).build();

        CompletableFuture<McpSchema.CallToolResult> act = CompletableFuture.supplyAsync(() -> client.callTool(request));
        awaitTrue(() -> fx.approver.asked.size() == 1, 10_000);
        awaitTrue(() -> !progress.isEmpty(), 5_000);
        assertThat(far.current.calls).as("nothing runs while the person decides").doesNotContain("execute");
        fx.approver.answer(Decision.ALLOW_ONCE);
        McpSchema.CallToolResult result = act.join();

        assertThat(progress.get(0).progressToken()).isEqualTo("p-remote");
        assertThat(fx.approver.asked.get(0).remoteMachine()).contains("desk2");
        Map<String, Object> receipt = structured(result);
        assertThat(result.isError()).isFalse();
        assertThat(receipt.get("receipt_id")).isEqualTo("rcpt_" + receipt.get("action_id"));
        assertThat(far.current.calls).contains("execute");
        List<String> audit = fx.auditLines();
        assertThat(audit).anyMatch(l -> l.contains("\"kind\":\"approval_requested\"") && l.contains("\"tool\":\"desk2\""))
                .anyMatch(l -> l.contains("\"kind\":\"approval_allowed\"") && l.contains("\"tool\":\"desk2\""))
                .anyMatch(l -> l.contains("\"kind\":\"receipt\"") && l.contains("\"tool\":\"desk2\"")
                        && l.contains("\"receipt_id\":\"" + receipt.get("receipt_id") + "\""));
        Map<String, Object> evidence = structured(call(client, "computer_evidence", Map.of()));
        assertThat(String.valueOf(evidence.get("receipts"))).contains((String) receipt.get("receipt_id"));
    }

    @Test
    void aCancelledCallWithdrawsTheQuestionAndNothingRunsThere() throws Exception {
        String token = fx.token("claude");
        String session = fx.rawSession(token);
        fx.post(token, tool(5, "{\"action\":\"observe\",\"app\":\"4242\"}"), Map.of("Mcp-Session-Id", session));
        CompletableFuture<HttpResponse<String>> act = CompletableFuture.supplyAsync(() -> fx.post(token,
                tool(7, "{\"action\":\"click\",\"ref\":\"r_delete\"}"), Map.of("Mcp-Session-Id", session)));
        awaitTrue(() -> fx.approver.asked.size() == 1, 10_000);

        fx.post(token, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":7,"
                + "\"reason\":\"the user pressed Esc\"}}", Map.of("Mcp-Session-Id", session));

        awaitTrue(() -> !fx.approver.withdrawn.isEmpty(), 10_000);
        JsonNode result = EndpointSecurityTest.sseResult(act.get().body()).get("result");
        // An error result: its headline, then its JSON (ADR 0006).
        assertThat(result.at("/content/0/text").asText()).startsWith("APPROVAL_UNAVAILABLE: ");
        JsonNode body = Json.mapper().readTree(result.at("/content/1/text").asText());
        assertThat(result.path("isError").asBoolean()).isTrue();
        assertThat(body.at("/receipt/status").asText()).isEqualTo("rejected");
        assertThat(body.path("message").asText()).contains("cancelled");
        assertThat(far.current.calls).doesNotContain("execute");
        assertThat(fx.auditLines()).anyMatch(l -> l.contains("\"kind\":\"approval_withdrawn\""))
                .noneMatch(l -> l.contains("\"kind\":\"approval_allowed\""));
    }

    @Test
    void anArgumentOfAnotherOperationIsRefusedAsComputerActRefusesIt() {
        McpSyncClient client = fx.client(fx.token("claude"));
        call(client, "desk2", Map.of("action", "observe", "app", "4242"));

        McpSchema.CallToolResult result = call(client, "desk2", Map.of("action", "click", "ref", "r_delete",
                "text", "x"));

        assertThat(result.isError()).isTrue();
        assertThat(structured(result)).containsEntry("code", "INVALID_ARGUMENT").containsEntry("field", "text");
        assertThat(fx.approver.asked).isEmpty();
        assertThat(far.current.calls).isEmpty();
    }

    private static String tool(int id, String arguments) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"desk2\","
                + "\"arguments\":" + arguments + "}}";
    }
}
