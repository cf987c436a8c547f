package dev.countersign.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Starting and stopping: nothing is left running, and a second close is harmless. */
class EndpointLifecycleTest {
    @TempDir
    Path home;

    @Test
    void closeLeavesNoServerThreadBehind() {
        EndpointFixture fx = new EndpointFixture(home);
        String token = fx.token("claude");
        fx.rawSession(token);
        fx.client(token).listTools();
        fx.close();
        fx.endpoint.close();
        McpEndpointTest.awaitTrue(() -> Thread.getAllStackTraces().keySet().stream()
                .noneMatch(t -> t.isAlive() && (t.getName().startsWith("countersign-http")
                        || t.getName().contains("session-sweeper"))), 5_000);
        assertThat(fx.auditLines()).last().asString().contains("\"kind\":\"server_stopped\"");
    }

    @Test
    void aStoppedEndpointRefusesConnections() {
        EndpointFixture fx = new EndpointFixture(home);
        String token = fx.token("claude");
        fx.close();
        try {
            fx.post(token, EndpointFixture.INIT, Map.of());
        } catch (java.io.UncheckedIOException e) {
            assertThat(e.getCause()).isInstanceOf(java.net.ConnectException.class);
            return;
        }
        throw new AssertionError("the stopped endpoint still answered");
    }
}
