package dev.countersign.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * End to end on the private test desktop: the real endpoint over the AT-SPI backend, a real MCP
 * client (Streamable HTTP, and stdio through the bridge), a yad form, its check box, the receipt.
 */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class EndpointDesktopTest {
    @TempDir
    Path home;

    @Test
    void anMcpClientObservesTheFormAndTicksItsCheckBox(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp form = desktop.launchForm("alice", "secret");
        try (EndpointFixture fx = new EndpointFixture(home, EndpointConfig.defaults().withPort(0), desktop.backend())) {
            McpSyncClient client = fx.client(fx.token("claude"));
            assertThat(client.listTools().tools()).hasSize(5);
            observeAndTick(client, form);
        }
    }

    @Test
    void aStdioClientDoesTheSameThroughTheBridge(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp form = desktop.launchForm("bob", "secret");
        try (EndpointFixture fx = new EndpointFixture(home, EndpointConfig.defaults().withPort(0), desktop.backend())) {
            Secrets.ownerOnlyDirectory(home.resolve("tokens"));
            Secrets.writeOwnerOnly(home.resolve("tokens").resolve("claude.token"), fx.token("claude"));
            McpSyncClient stdio = StdioBridgeTest.stdioClient(home, fx, "claude");
            try {
                stdio.initialize();
                observeAndTick(stdio, form);
            } finally {
                stdio.closeGracefully();
            }
        }
    }

    @Test
    void theScreenshotTravelsAsImageContentNamedByItsHash(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp form = desktop.launchForm("carol", "secret");
        try (EndpointFixture fx = new EndpointFixture(home, EndpointConfig.defaults().withPort(0), desktop.backend())) {
            McpSyncClient client = fx.client(fx.token("claude"));
            McpSchema.CallToolResult observation = McpEndpointTest.call(client, "computer_observe",
                    Map.of("app", String.valueOf(form.pid())));
            String observationId = (String) McpEndpointTest.structured(observation).get("observation_id");

            McpSchema.CallToolResult visual = McpEndpointTest.call(client, "computer_visual_observe",
                    Map.of("observation_id", observationId, "max_marks", 20));

            assertThat(visual.isError()).as("%s", visual).isFalse();
            Map<String, Object> meta = McpEndpointTest.structured(visual);
            McpSchema.ImageContent image = visual.content().stream()
                    .filter(c -> c instanceof McpSchema.ImageContent).map(c -> (McpSchema.ImageContent) c)
                    .findFirst().orElseThrow();
            assertThat(image.mimeType()).isEqualTo("image/png");
            byte[] png = java.util.Base64.getDecoder().decode(image.data());
            assertThat(dev.countersign.core.Digests.sha256Hex(png)).isEqualTo(meta.get("capture_sha256"));
            assertThat(meta.toString()).doesNotContain(image.data().substring(0, 40));
            assertThat((List<?>) meta.get("marks")).isNotEmpty().hasSizeLessThanOrEqualTo(20);

            // The hash the agent got is the only key to the coordinate fallback; another is refused.
            McpSchema.CallToolResult wrong = McpEndpointTest.call(client, "computer_visual_act", Map.of("op", "click",
                    "observation_id", observationId, "capture_sha256", "0".repeat(64), "point", Map.of("x", 5, "y", 5)));
            assertThat(wrong.isError()).isTrue();
            assertThat(McpEndpointTest.structured(wrong)).containsEntry("code", "INVALID_ARGUMENT")
                    .containsEntry("field", "capture_sha256");
        }
    }

    private static void observeAndTick(McpSyncClient client, TestDesktop.TargetApp form) {
        McpSchema.CallToolResult observation = McpEndpointTest.call(client, "computer_observe",
                Map.of("app", String.valueOf(form.pid())));
        assertThat(observation.isError()).as("%s", observation).isFalse();
        assertThat(McpEndpointTest.structured(observation).get("window")).asString().contains("Login Form");
        McpSchema.CallToolResult act = McpEndpointTest.call(client, "computer_act",
                Map.of("ref", McpEndpointTest.refOf(observation, "Remember me"), "op", "click"));
        assertThat(act.isError()).as("%s", act).isFalse();
        assertThat(McpEndpointTest.structured(act)).containsEntry("status", "confirmed");

        McpSchema.CallToolResult after = McpEndpointTest.call(client, "computer_observe",
                Map.of("app", String.valueOf(form.pid())));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> nodes = (List<Map<String, Object>>) McpEndpointTest.structured(after).get("nodes");
        assertThat(nodes).filteredOn(n -> "Remember me".equals(n.get("name")))
                .singleElement().satisfies(n -> assertThat(n.get("states")).asString().contains("checked"));
        McpSchema.CallToolResult evidence = McpEndpointTest.call(client, "computer_evidence", Map.of());
        assertThat(McpEndpointTest.structured(evidence)).containsEntry("receipts_returned", 1);
    }
}
