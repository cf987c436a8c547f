package dev.countersign.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.approval.HeadlessApprover;
import dev.countersign.govern.GovernConfig;
import dev.countersign.server.EndpointConfig;
import dev.countersign.testkit.MemoryDesktop;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The served app starts what {@code countersign govern} registered: the real computer-use-mcp
 * (scripts/govern, installed by GovernDesktopTest's npm ci) on the private display, offered as one
 * tool; a registered server that does not start is not offered, and the app still serves.
 */
@Tag("desktop")
@Tag("interop")
class ServedAppGovernDesktopTest {
    @TempDir
    Path dir;

    @Test
    void registeredServersAreStartedAndOfferedAndOneThatFailsIsLeftOut() throws Exception {
        dev.countersign.govern.GovernDesktopTestAccess.install();
        Home home = Home.of(dir.resolve("home")).ensure();
        GovernConfig.put(home.govern(), new GovernConfig.Entry("desk",
                dev.countersign.govern.GovernDesktopTestAccess.command()));
        GovernConfig.put(home.govern(), new GovernConfig.Entry("broken",
                List.of(dir.resolve("no-such-server").toString())));

        try (ServedApp app = ServedApp.start(home, EndpointConfig.defaults().withPort(0), MemoryDesktop.loginForm(),
                new HeadlessApprover())) {
            String token = app.agents.add("agent-a").token();
            HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(
                            "http://127.0.0.1:" + app.endpoint.port()).endpoint("/mcp")
                    .httpRequestCustomizer((b, method, uri, body, ctx) -> b.header("Authorization", "Bearer " + token))
                    .build();
            McpSyncClient client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(60)).build();
            try {
                client.initialize();
                List<String> names = client.listTools().tools().stream().map(McpSchema.Tool::name).toList();
                assertThat(names).contains("desk", "computer_act").doesNotContain("broken", "computer");
            } finally {
                client.closeGracefully();
            }
        }
    }
}
