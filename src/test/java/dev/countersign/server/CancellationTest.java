package dev.countersign.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.countersign.core.Json;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Over Streamable HTTP a client cancels with {@code notifications/cancelled} on another POST of
 * the same session while the call's stream stays open: the approval is withdrawn from the person,
 * nothing is dispatched, and the receipt says {@code rejected} and why.
 */
class CancellationTest {
    @TempDir
    Path home;
    EndpointFixture fx;

    @AfterEach
    void stop() {
        fx.close();
    }

    private static String cancel(int id) {
        return "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":" + id
                + ",\"reason\":\"the user pressed Esc\"}}";
    }

    @Test
    void notificationsCancelledWithdrawsTheApprovalAndNothingIsDispatched() throws Exception {
        fx = new EndpointFixture(home);
        String token = fx.token("claude");
        String session = fx.rawSession(token);
        JsonNode observation = sseObserve(token, session);
        String ref = EndpointSecurityTest.ref(observation, "Delete");
        CompletableFuture<HttpResponse<String>> act = CompletableFuture.supplyAsync(() ->
                fx.post(token, EndpointSecurityTest.act(ref), Map.of("Mcp-Session-Id", session)));
        McpEndpointTest.awaitTrue(() -> fx.approver.asked.size() == 1, 10_000);

        HttpResponse<String> cancelled = fx.post(token, cancel(7), Map.of("Mcp-Session-Id", session));

        assertThat(cancelled.statusCode()).isEqualTo(202);
        McpEndpointTest.awaitTrue(() -> !fx.approver.withdrawn.isEmpty(), 10_000);
        JsonNode result = EndpointSecurityTest.sseResult(act.get().body()).get("result");
        assertThat(result.path("isError").asBoolean()).isTrue();
        // An error result: its headline, then its JSON (ADR 0006).
        assertThat(result.at("/content/0/text").asText()).startsWith("APPROVAL_UNAVAILABLE: ");
        JsonNode body = Json.mapper().readTree(result.at("/content/1/text").asText());
        assertThat(body.at("/receipt/status").asText()).isEqualTo("rejected");
        assertThat(body.path("message").asText()).contains("cancelled");
        assertThat(fx.desktop.dispatched).isEmpty();
        assertThat(fx.auditLines()).anyMatch(l -> l.contains("\"kind\":\"approval_withdrawn\""))
                .noneMatch(l -> l.contains("\"kind\":\"approval_allowed\""));
    }

    @Test
    void anotherSessionCannotCancelTheCall() throws Exception {
        fx = new EndpointFixture(home);
        String token = fx.token("claude");
        String session = fx.rawSession(token);
        String other = fx.rawSession(token);
        String ref = EndpointSecurityTest.ref(sseObserve(token, session), "Delete");
        CompletableFuture<HttpResponse<String>> act = CompletableFuture.supplyAsync(() ->
                fx.post(token, EndpointSecurityTest.act(ref), Map.of("Mcp-Session-Id", session)));
        McpEndpointTest.awaitTrue(() -> fx.approver.asked.size() == 1, 10_000);

        fx.post(token, cancel(7), Map.of("Mcp-Session-Id", other));
        Thread.sleep(2_500);

        assertThat(fx.approver.withdrawn).isEmpty();
        fx.approver.answer(dev.countersign.approval.Decision.ALLOW_ONCE);
        assertThat(act.get().statusCode()).isEqualTo(200);
        assertThat(fx.desktop.dispatched).containsExactly("press:delete");
    }

    private JsonNode sseObserve(String token, String session) {
        HttpResponse<String> response = fx.post(token, "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\","
                + "\"params\":{\"name\":\"computer_observe\",\"arguments\":{\"app\":\"yad\"}}}", Map.of("Mcp-Session-Id", session));
        return EndpointSecurityTest.sseResult(response.body());
    }
}
