package dev.countersign.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ser.DefaultSerializerProvider;
import dev.countersign.server.tools.Tools;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.schema.jackson2.DefaultJsonSchemaValidator;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Warming up the endpoint covers what a real {@code computer_observe} answer is written with:
 * after {@link McpEndpoint#warmUp}, an agent's first observe builds no serializer on
 * the wire mapper and no output schema in the SDK's validator. Whether that makes the first call
 * fast is the bench's question (scripts/bench/observe), not this test's.
 */
class ObserveWarmUpTest {
    @Test
    void afterWarmingUpTheFirstObserveFindsEverySerializerAndSchemaBuilt(@TempDir Path home) {
        try (EndpointFixture fx = new EndpointFixture(home)) {
            McpSyncClient client = fx.client(fx.token("claude"));
            // What the agent's connection itself needs is not the observe path: done before counting.
            client.listTools();
            fx.endpoint.warmUp();
            int serializers = serializers(fx);
            int schemas = ((DefaultJsonSchemaValidator) McpJsonDefaults.getSchemaValidator()).getCacheSize();

            McpSchema.CallToolResult observation = client.callTool(
                    new McpSchema.CallToolRequest(Tools.OBSERVE, Map.of("app", "yad", "frames", true)));

            assertThat(observation.isError()).isFalse();
            assertThat(observation.structuredContent()).asInstanceOf(
                    org.assertj.core.api.InstanceOfAssertFactories.MAP).containsKeys("nodes", "fingerprint");
            assertThat(serializers(fx))
                    .as("serializers the first observe answer had to build").isEqualTo(serializers);
            assertThat(((DefaultJsonSchemaValidator) McpJsonDefaults.getSchemaValidator()).getCacheSize())
                    .as("output schemas the first observe answer had to build").isEqualTo(schemas);
        }
    }

    @Test
    void withoutWarmingUpTheFirstObserveBuildsSerializers(@TempDir Path home) {
        // The control: the count above can move, so its staying put says something.
        try (EndpointFixture fx = new EndpointFixture(home)) {
            McpSyncClient client = fx.client(fx.token("claude"));
            client.listTools();
            int serializers = serializers(fx);

            client.callTool(new McpSchema.CallToolRequest(Tools.OBSERVE, Map.of("app", "yad")));

            assertThat(serializers(fx))
                    .isGreaterThan(serializers);
        }
    }

    /** The serializers the endpoint's wire mapper has built so far (its cache is shared by every write). */
    private static int serializers(EndpointFixture fx) {
        return ((DefaultSerializerProvider) fx.endpoint.wire().getSerializerProvider()).cachedSerializersCount();
    }
}
