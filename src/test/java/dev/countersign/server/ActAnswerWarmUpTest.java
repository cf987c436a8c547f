package dev.countersign.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.countersign.core.Json;
import dev.countersign.server.tools.AgentTool;
import dev.countersign.server.tools.Tools;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Warming up the endpoint runs what a real {@code computer_act} answer goes through:
 * the warm-up's answer is a confirmed receipt with the very fields a real first act's receipt has
 * (so the same branches, serializers and schema check ran), and the warm-up itself dispatches
 * nothing and writes nothing to the audit log (that it reads no desktop at all is the driver's
 * ActWarmUpTest). Whether that makes the first act fast is the bench's question
 * (scripts/bench/observe), not this test's.
 */
class ActAnswerWarmUpTest {
    @Test
    void theWarmUpAnswersWithTheFieldsOfARealActsReceipt(@TempDir Path home) throws Exception {
        try (EndpointFixture fx = new EndpointFixture(home)) {
            AgentTool act = fx.endpoint.registry().tool(Tools.ACT).orElseThrow();
            JsonNode warm = Json.mapper().readTree(Tools.warmUpAct(act, fx.endpoint.wire(),
                    Tools.outputCheck(Json.mapper())).orElseThrow());
            McpSyncClient client = fx.client(fx.token("claude"));
            McpSchema.CallToolResult real = client.callTool(
                    new McpSchema.CallToolRequest(Tools.ACT, Map.of("ref", checkBox(client), "op", "click")));

            JsonNode result = warm.path("result");
            assertThat(result.path("isError").asBoolean(true)).isFalse();
            assertThat(result.path("structuredContent").path("status").asText()).isEqualTo("confirmed");
            assertThat(real.isError()).isFalse();
            assertThat(fields(result.path("structuredContent")))
                    .as("the warm-up's receipt fields against a real first act's")
                    .isEqualTo(((Map<?, ?>) real.structuredContent()).keySet());
        }
    }

    private static java.util.Set<String> fields(JsonNode object) {
        java.util.Set<String> names = new java.util.HashSet<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void warmingUpDispatchesNothingAndWritesNoAuditRecord(@TempDir Path home) {
        try (EndpointFixture fx = new EndpointFixture(home)) {
            List<String> audit = fx.auditLines();

            List<String> warmed = fx.endpoint.warmUp();

            assertThat(warmed).as("the paths the endpoint's warm-up ran to the end")
                    .containsExactly(Tools.OBSERVE, Tools.ACT);
            assertThat(fx.auditLines()).as("the audit log").isEqualTo(audit);
            assertThat(fx.desktop.dispatched).as("what the form was sent").isEmpty();
        }
    }

    private static String checkBox(McpSyncClient client) {
        McpSchema.CallToolResult observation = client.callTool(
                new McpSchema.CallToolRequest(Tools.OBSERVE, Map.of("app", "yad")));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> nodes = (List<Map<String, Object>>) ((Map<String, Object>) observation
                .structuredContent()).get("nodes");
        return nodes.stream().filter(n -> "Remember me".equals(n.get("name"))).map(n -> (String) n.get("ref"))
                .findFirst().orElseThrow();
    }
}
