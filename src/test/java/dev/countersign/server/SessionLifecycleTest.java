package dev.countersign.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sessions of clients that never say goodbye (no DELETE: the TypeScript SDK, Inspector,
 * mcp-remote): an agent is never locked out by its own leaked sessions, another agent's are never
 * touched, a busy session is never evicted, and what is evicted is ended in the SDK too.
 */
class SessionLifecycleTest {
    private static final String LIST = "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}";

    @TempDir
    Path home;
    EndpointFixture fx;

    @AfterEach
    void stop() {
        if (fx != null) {
            fx.close();
        }
    }

    private void start(int cap) {
        EndpointConfig d = EndpointConfig.defaults().withPort(0);
        fx = new EndpointFixture(home, new EndpointConfig(d.bindAddress(), 0, d.maxBodyBytes(), d.requestsPerSecond(),
                d.burst(), d.maxConcurrentCalls(), d.sessionIdle(), cap));
    }

    private int list(String token, String session) {
        return fx.post(token, LIST, Map.of("Mcp-Session-Id", session)).statusCode();
    }

    @Test
    void atItsCapAnAgentsLeastRecentlyUsedSessionMakesRoomAndTheSdkSessionEnds() {
        start(2);
        String token = fx.token("claude");
        String first = fx.rawSession(token);
        String second = fx.rawSession(token);
        assertThat(list(token, first)).isEqualTo(200);

        String third = fx.rawSession(token);

        assertThat(list(token, second)).as("the least recently used one went").isEqualTo(404);
        assertThat(list(token, first)).isEqualTo(200);
        assertThat(list(token, third)).isEqualTo(200);
        assertThat(fx.endpoint.sdkSessionsEnded()).isEqualTo(1);
    }

    @Test
    void thirtyConnectionsThatNeverCloseNeverLockTheAgentOutAndMemoryStaysBounded() {
        start(EndpointConfig.defaults().maxSessionsPerAgent());
        String token = fx.token("claude");
        for (int i = 0; i < 30; i++) {
            String session = fx.rawSession(token);
            assertThat(list(token, session)).as("cycle %d", i).isEqualTo(200);
        }
        assertThat(fx.endpoint.sessionsOf("claude")).isEqualTo(16);
        assertThat(fx.endpoint.sdkSessionsEnded()).as("each evicted session was ended in the SDK").isEqualTo(14);
    }

    @Test
    void anotherAgentsSessionsAreNeverEvicted() {
        start(2);
        String alice = fx.token("alice");
        List<String> hers = List.of(fx.rawSession(alice), fx.rawSession(alice));
        String bob = fx.token("bob");
        for (int i = 0; i < 10; i++) {
            fx.rawSession(bob);
        }
        for (String session : hers) {
            assertThat(list(alice, session)).isEqualTo(200);
        }
        assertThat(fx.endpoint.sessionsOf("bob")).isEqualTo(2);
    }

    @Test
    void aSessionWaitingForThePersonIsNotEvictedAndWhenAllAreBusyANewOneIsRefused() throws Exception {
        start(1);
        String token = fx.token("claude");
        String busy = fx.rawSession(token);
        String ref = EndpointSecurityTest.ref(observe(token, busy), "Delete");
        CompletableFuture<HttpResponse<String>> act = CompletableFuture.supplyAsync(() ->
                fx.post(token, EndpointSecurityTest.act(ref), Map.of("Mcp-Session-Id", busy)));
        McpEndpointTest.awaitTrue(() -> fx.approver.asked.size() == 1, 10_000);

        HttpResponse<String> refused = fx.post(token, EndpointFixture.INIT, Map.of());

        assertThat(refused.statusCode()).isEqualTo(429);
        assertThat(refused.body()).contains("\"reason\":\"too_many_sessions\"").contains("\"jsonrpc\":\"2.0\"");
        assertThat(fx.approver.withdrawn).isEmpty();
        fx.approver.answer(dev.countersign.approval.Decision.DENY);
        assertThat(act.get().statusCode()).isEqualTo(200);
        assertThat(fx.rawSession(token)).as("once the call ended, the session may go").isNotBlank();
    }

    private com.fasterxml.jackson.databind.JsonNode observe(String token, String session) {
        HttpResponse<String> response = fx.post(token, "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\","
                + "\"params\":{\"name\":\"computer_observe\",\"arguments\":{\"app\":\"yad\"}}}", Map.of("Mcp-Session-Id", session));
        return EndpointSecurityTest.sseResult(response.body());
    }

    @Test
    void aDeleteEndsTheSessionAndItsIdIsNotFoundAfterwards() {
        start(4);
        String token = fx.token("claude");
        String session = fx.rawSession(token);
        HttpResponse<String> deleted = fx.send(HttpRequest.newBuilder(fx.uri()).DELETE()
                .header("Authorization", "Bearer " + token).header("Mcp-Session-Id", session).build());
        assertThat(deleted.statusCode()).isLessThan(300);
        assertThat(list(token, session)).isEqualTo(404);
        assertThat(new ArrayList<>(List.of(fx.endpoint.sessionsOf("claude")))).containsExactly(0);
    }
}
