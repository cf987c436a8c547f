package dev.countersign.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.countersign.core.Json;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Protocol faults are answered with a JSON-RPC error object that a client can parse, never with
 * a serialized Java exception; GET is 405 with {@code Allow}; a probe that does not name the newer
 * revision gets the error its clients read to fall back to {@code initialize}.
 */
class ProtocolErrorsTest {
    @TempDir
    Path home;
    EndpointFixture fx;
    String token;

    @BeforeEach
    void start() {
        fx = new EndpointFixture(home);
        token = fx.token("claude");
    }

    @AfterEach
    void stop() {
        fx.close();
    }

    private static JsonNode json(HttpResponse<String> response) throws Exception {
        assertThat(response.body()).as("no Java in a protocol error")
                .doesNotContain("io.modelcontextprotocol").doesNotContain("Exception").doesNotContain("at java.")
                .hasSizeLessThan(600);
        JsonNode body = Json.mapper().readTree(response.body());
        assertThat(body.path("jsonrpc").asText()).isEqualTo("2.0");
        assertThat(body.has("id")).isTrue();
        return body;
    }

    @ParameterizedTest
    @ValueSource(strings = {"[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}]", "{not json", "42", ""})
    void aBodyThatIsNotOneJsonRpcObjectIsAJsonRpcError(String body) throws Exception {
        HttpResponse<String> response = fx.post(token, body, Map.of());
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(json(response).at("/error/code").asInt()).isIn(-32700, -32600);
    }

    @Test
    void aBatchIsRefusedAsABatch() throws Exception {
        HttpResponse<String> response = fx.post(token, "[" + EndpointFixture.INIT + "]", Map.of());
        assertThat(json(response).at("/error/data/reason").asText()).isEqualTo("batch_not_supported");
    }

    @Test
    void acceptingOnlyJsonIsAJsonRpcErrorNamingTheHeader() throws Exception {
        HttpResponse<String> response = fx.send(HttpRequest.newBuilder(fx.uri())
                .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                .header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(EndpointFixture.INIT)).build());
        assertThat(response.statusCode()).isEqualTo(406);
        JsonNode body = json(response);
        assertThat(body.path("id").asInt()).isEqualTo(1);
        assertThat(body.at("/error/message").asText()).contains("text/event-stream");
    }

    @Test
    void aRequestWithoutASessionThatIsNotInitializeIsAJsonRpcError() throws Exception {
        HttpResponse<String> response = fx.post(token, "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/list\"}",
                Map.of());
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(json(response).path("id").asInt()).isEqualTo(9);
    }

    @Test
    void getIsMethodNotAllowedWithAllowWithOrWithoutASession() throws Exception {
        String session = fx.rawSession(token);
        for (Map<String, String> headers : java.util.List.of(Map.<String, String>of(),
                Map.of("Mcp-Session-Id", session))) {
            HttpRequest.Builder get = HttpRequest.newBuilder(fx.uri()).GET()
                    .header("Authorization", "Bearer " + token).header("Accept", "text/event-stream");
            headers.forEach(get::header);
            HttpResponse<String> response = fx.send(get.build());
            assertThat(response.statusCode()).isEqualTo(405);
            assertThat(response.headers().firstValue("Allow")).hasValue("POST, DELETE");
            json(response);
        }
    }

    @Test
    void aDeleteWithoutASessionIsAJsonRpcError() throws Exception {
        HttpResponse<String> response = fx.send(HttpRequest.newBuilder(fx.uri()).DELETE()
                .header("Authorization", "Bearer " + token).build());
        assertThat(response.statusCode()).isEqualTo(400);
        json(response);
    }

    @ParameterizedTest
    @ValueSource(strings = {"server/discover", "subscriptions/listen"})
    void aMethodOnlyTheNewerRevisionHasIsAnUnknownMethodWhenTheRequestDoesNotNameThatRevision(String method)
            throws Exception {
        // A client that probes without naming MCP 2026-07-28 is of the 2025 revisions: only "method not
        // found" makes it fall back to initialize. (A request that names 2026-07-28 is served as that
        // revision: ProtocolConformanceTest.)
        for (Map<String, String> headers : List.of(Map.of("MCP-Protocol-Version", "2025-11-25"),
                Map.of("MCP-Protocol-Version", "1999-01-01"), Map.<String, String>of())) {
            HttpResponse<String> response = fx.post(token, "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"" + method
                    + "\",\"params\":{}}", headers);
            assertThat(response.statusCode()).as("%s", headers).isEqualTo(200);
            JsonNode body = json(response);
            assertThat(body.path("id").asInt()).isZero();
            assertThat(body.at("/error/code").asInt()).as("%s", headers).isEqualTo(-32601);
            assertThat(response.headers().firstValue("Mcp-Session-Id")).as("no session for a probe").isEmpty();
        }
    }

    @Test
    void aProbeCarryingAnotherAgentsSessionIdLearnsNothingOfIt() throws Exception {
        // The hostile agent sends the other agent's live session id with the probe: the answer is the
        // same unknown method as without it, and the other agent's session still works.
        String other = fx.token("other");
        HttpResponse<String> init = fx.post(other, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
                + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"o\",\"version\":\"1\"}}}",
                Map.of());
        String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
        HttpResponse<String> probe = fx.post(token, "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"server/discover\"}",
                Map.of("Mcp-Session-Id", session, "MCP-Protocol-Version", "2025-11-25"));
        assertThat(json(probe).at("/error/code").asInt()).isEqualTo(-32601);
        assertThat(probe.body()).doesNotContain(session);
        HttpResponse<String> list = fx.post(other, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
                Map.of("Mcp-Session-Id", session, "MCP-Protocol-Version", "2025-11-25"));
        assertThat(list.statusCode()).isEqualTo(200);
        assertThat(list.body()).contains("computer_observe");
    }

    @Test
    void discoverStillNeedsAToken() throws Exception {
        HttpResponse<String> response = fx.post(null, "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"server/discover\"}",
                Map.of("MCP-Protocol-Version", "2026-07-28"));
        assertThat(response.statusCode()).isEqualTo(401);
    }

    @Test
    void aRequestUnderTheNewerVersionWithoutItsMetaIsToldWhatIsMissing() throws Exception {
        // The header names MCP 2026-07-28, so the request is of that revision; without the _meta that
        // revision requires it is invalid params, not a session error a 2026 client cannot act on.
        HttpResponse<String> response = fx.post(token, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}",
                Map.of("MCP-Protocol-Version", "2026-07-28"));
        assertThat(response.statusCode()).isEqualTo(400);
        // Its message names the _meta key (io.modelcontextprotocol/…), so json()'s "no SDK package" look does not apply.
        assertThat(response.body()).doesNotContain("Exception").doesNotContain("at java.");
        JsonNode body = Json.mapper().readTree(response.body());
        assertThat(body.path("id").asInt()).isEqualTo(3);
        assertThat(body.at("/error/code").asInt()).isEqualTo(-32602);
        assertThat(body.at("/error/message").asText()).contains("io.modelcontextprotocol/protocolVersion");
    }

    @Test
    void anUnknownVersionUnderTheOlderRevisionsKeepsTheOldCodeListingOurs() throws Exception {
        HttpResponse<String> response = fx.post(token, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}",
                Map.of("MCP-Protocol-Version", "1999-01-01"));
        assertThat(response.statusCode()).isEqualTo(400);
        JsonNode body = json(response);
        assertThat(body.at("/error/code").asInt()).isEqualTo(-32000);
        assertThat(body.at("/error/data/requested").asText()).isEqualTo("1999-01-01");
        assertThat(body.at("/error/data/supported").toString()).contains("2025-06-18");
    }

    @Test
    void anUnauthenticatedRequestIsAJsonRpcErrorToo() throws Exception {
        HttpResponse<String> response = fx.post(null, EndpointFixture.INIT, Map.of());
        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(json(response).at("/error/data/reason").asText()).isEqualTo("unauthorized");
    }
}
