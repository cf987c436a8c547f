package dev.countersign.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.countersign.approval.Decision;
import dev.countersign.core.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Both revisions on one endpoint, in raw HTTP over the real socket: MCP 2026-07-28 (no session,
 * {@code _meta} on every request, {@code server/discover}, the {@code Mcp-Method}/{@code Mcp-Name}
 * headers, {@code resultType}, cache hints, its error codes, progress and withdrawal on the call's
 * own stream) beside 2025-11-25 (initialize, a session, the old error codes) — and for both the
 * token, the Origin and the Host checks as they were.
 */
class ProtocolConformanceTest {
    static final String V2026 = "2026-07-28";

    @TempDir
    Path home;
    EndpointFixture fx;
    String token;
    String host;

    @BeforeEach
    void start() {
        fx = new EndpointFixture(home);
        token = fx.token("claude");
        host = "127.0.0.1:" + fx.endpoint.port();
    }

    @AfterEach
    void stop() {
        fx.close();
    }

    /** A 2026-07-28 request body: {@code params} plus the {@code _meta} the revision requires. */
    static String request(Object id, String method, Map<String, Object> params) {
        ObjectNode body = Json.mapper().createObjectNode();
        body.put("jsonrpc", "2.0");
        body.set("id", Json.mapper().valueToTree(id));
        body.put("method", method);
        ObjectNode p = Json.mapper().valueToTree(params);
        ObjectNode meta = p.with("_meta");
        meta.put("io.modelcontextprotocol/protocolVersion", V2026);
        meta.putObject("io.modelcontextprotocol/clientCapabilities");
        meta.putObject("io.modelcontextprotocol/clientInfo").put("name", "raw").put("version", "1");
        body.set("params", p);
        return body.toString();
    }

    static String call(Object id, String tool, Map<String, Object> arguments) {
        return request(id, "tools/call", Map.of("name", tool, "arguments", arguments));
    }

    /** The headers a conforming 2026-07-28 client sends with {@code method} (and {@code name}). */
    List<String> headers(String method, String name) {
        List<String> headers = new ArrayList<>(List.of("Authorization: Bearer " + token,
                "MCP-Protocol-Version: " + V2026, "Mcp-Method: " + method));
        if (name != null) {
            headers.add("Mcp-Name: " + name);
        }
        return headers;
    }

    RawHttp.Response post(String body, List<String> headers) {
        return RawHttp.send(fx.endpoint.port(), "POST", host, body, headers.toArray(String[]::new));
    }

    /** The one JSON-RPC response in a body, plain JSON or the last message event of a stream. */
    static JsonNode message(RawHttp.Response response) {
        try {
            if (response.body().startsWith("{")) {
                return Json.mapper().readTree(response.body());
            }
            return EndpointSecurityTest.sseResult(response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static JsonNode errorBody(JsonNode message) {
        JsonNode content = message.at("/result/content");
        try {
            return Json.mapper().readTree(content.get(content.size() - 1).path("text").asText());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String observeRef(String name) {
        JsonNode observed = message(post(call(5, "computer_observe", Map.of("app", "yad")),
                headers("tools/call", "computer_observe")));
        for (JsonNode node : observed.at("/result/structuredContent/nodes")) {
            if (name.equals(node.path("name").asText())) {
                return node.get("ref").asText();
            }
        }
        throw new AssertionError("no " + name + " in " + observed);
    }

    @Nested
    class Revision2026 {
        @Test
        void discoverListsBothRevisionsWithResultTypeCacheHintsAndNoSession() {
            RawHttp.Response response = post(request("d-1", "server/discover", Map.of()),
                    headers("server/discover", null));
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.header("Mcp-Session-Id")).isNull();
            JsonNode result = message(response).path("result");
            assertThat(message(response).path("id").asText()).isEqualTo("d-1");
            assertThat(result.path("resultType").asText()).isEqualTo("complete");
            assertThat(result.path("supportedVersions")).extracting(JsonNode::asText)
                    .containsExactly(V2026, "2025-11-25", "2025-06-18", "2025-03-26");
            assertThat(result.at("/capabilities/tools").isObject()).isTrue();
            assertThat(result.at("/_meta/io.modelcontextprotocol~1serverInfo/name").asText()).isEqualTo("countersign");
            assertThat(result.path("ttlMs").asLong()).isPositive();
            assertThat(result.path("cacheScope").asText()).isEqualTo("private");
            assertThat(result.path("instructions").asText()).contains("Risky actions wait for the person");
        }

        @Test
        void toolsListOffersTheSessionsToolsWithResultTypeAndCacheHints() {
            JsonNode result = message(post(request(2, "tools/list", Map.of()), headers("tools/list", null)))
                    .path("result");
            assertThat(result.path("resultType").asText()).isEqualTo("complete");
            assertThat(result.path("ttlMs").asLong()).isPositive();
            assertThat(result.path("cacheScope").asText()).isEqualTo("private");
            List<String> names = new ArrayList<>();
            result.path("tools").forEach(t -> names.add(t.path("name").asText()));
            assertThat(names).containsExactlyElementsOf(fx.client(token).listTools().tools().stream()
                    .map(io.modelcontextprotocol.spec.McpSchema.Tool::name).toList());
            assertThat(result.at("/tools/0/inputSchema/additionalProperties").asBoolean(true)).isFalse();
        }

        @Test
        void aCallNeedsNoSessionAndItsResultCarriesResultType() {
            RawHttp.Response response = post(call(3, "computer_observe", Map.of("app", "yad")),
                    headers("tools/call", "computer_observe"));
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.header("Mcp-Session-Id")).isNull();
            assertThat(response.header("Content-Type")).startsWith("application/json");
            JsonNode result = message(response).path("result");
            assertThat(result.path("resultType").asText()).isEqualTo("complete");
            assertThat(result.path("isError").asBoolean()).isFalse();
            assertThat(result.at("/structuredContent/nodes").size()).isPositive();
            assertThat(result.at("/_meta/io.modelcontextprotocol~1serverInfo/name").asText()).isEqualTo("countersign");
            // Governed as a session's call is: the observation is in the audit log under the token's agent.
            assertThat(fx.auditLines()).anyMatch(l -> l.contains("observation_id") && l.contains("\"agent_id\":\"claude\""));
        }

        @Test
        void aNameOutsideAsciiTravelsBase64AndIsComparedDecoded() {
            String encoded = "=?base64?" + Base64.getEncoder().encodeToString(
                    "computer_evidence".getBytes(StandardCharsets.UTF_8)) + "?=";
            JsonNode message = message(post(call(4, "computer_evidence", Map.of()), headers("tools/call", encoded)));
            assertThat(message.at("/result/resultType").asText()).isEqualTo("complete");
            assertThat(message.at("/result/isError").asBoolean()).isFalse();
        }

        @ParameterizedTest
        @ValueSource(strings = {"MCP-Protocol-Version", "Mcp-Method", "Mcp-Name"})
        void aMissingRequiredHeaderIsAHeaderMismatchAndNothingRuns(String missing) {
            List<String> headers = new ArrayList<>(headers("tools/call", "computer_observe"));
            headers.removeIf(h -> h.startsWith(missing + ":"));
            RawHttp.Response response = post(call(6, "computer_observe", Map.of("app", "yad")), headers);
            assertThat(response.status()).isEqualTo(400);
            JsonNode message = message(response);
            assertThat(message.path("id").asInt()).isEqualTo(6);
            assertThat(message.at("/error/code").asInt()).isEqualTo(-32020);
            assertThat(message.at("/error/message").asText()).contains(missing);
            assertThat(fx.auditLines()).noneMatch(l -> l.contains("observation"));
        }

        @Test
        void aHeaderThatDiffersFromTheBodyIsRefusedNotTrusted() {
            // The header says a harmless read; the body asks to act: neither wins, the request is refused.
            String ref = observeRef("Delete");
            int before = fx.approver.asked.size();
            for (List<String> headers : List.of(headers("tools/call", "computer_evidence"),
                    headers("tools/list", "computer_act"), headers("tools/call", "=?base64?not base64!?="))) {
                RawHttp.Response response = post(call(7, "computer_act", Map.of("ref", ref, "op", "click")), headers);
                assertThat(response.status()).as("%s", headers).isEqualTo(400);
                assertThat(message(response).at("/error/code").asInt()).isEqualTo(-32020);
            }
            List<String> otherVersion = new ArrayList<>(headers("tools/list", null));
            otherVersion.set(1, "MCP-Protocol-Version: 2025-11-25");
            assertThat(message(post(request(8, "tools/list", Map.of()), otherVersion)).at("/error/code").asInt())
                    .isEqualTo(-32020);
            assertThat(fx.approver.asked).hasSize(before);
            assertThat(fx.desktop.dispatched).isEmpty();
        }

        @Test
        void aRequestWithoutItsMetaIsInvalidParams() {
            String noCapabilities = "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/list\",\"params\":{\"_meta\":"
                    + "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"}}}";
            String noMeta = "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/list\"}";
            for (String body : List.of(noCapabilities, noMeta)) {
                RawHttp.Response response = post(body, headers("tools/list", null));
                assertThat(response.status()).isEqualTo(400);
                assertThat(message(response).at("/error/code").asInt()).isEqualTo(-32602);
                assertThat(message(response).at("/error/message").asText()).contains("clientCapabilities");
            }
        }

        @ParameterizedTest
        @ValueSource(strings = {
            "{\"jsonrpc\":\"2.0\",\"id\":{\"a\":1},\"method\":\"tools/call\",\"params\":{\"name\":\"computer_observe\",META}}",
            "{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"tools/call\",\"params\":{\"name\":\"computer_observe\",META}}",
            "{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"computer_observe\",META}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":7,\"params\":{\"name\":\"computer_observe\",META}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":7,META}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"computer_observe\",\"arguments\":\"app=yad\",META}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"computer_observe\",\"_meta\":"
                    + "{\"io.modelcontextprotocol/protocolVersion\":20260728,\"io.modelcontextprotocol/clientCapabilities\":{}}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"computer_observe\",\"_meta\":"
                    + "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\":[]}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{},\"params\":{META}}"})
        void aMalformedRequestIsAClearJsonRpcErrorAndNothingRuns(String template) {
            String meta = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                    + "\"io.modelcontextprotocol/clientCapabilities\":{}}";
            int lines = fx.auditLines().size();
            RawHttp.Response response = post(template.replace("META", meta), headers("tools/call", "computer_observe"));
            assertThat(response.status()).isEqualTo(400);
            JsonNode error = message(response).path("error");
            assertThat(error.path("code").asInt()).isIn(-32600, -32602);
            assertThat(error.at("/data/reason").asText()).isNotBlank();
            assertThat(response.body()).doesNotContain("Exception").doesNotContain("at java.");
            assertThat(fx.auditLines()).hasSize(lines);
        }

        @Test
        void aBodyThatIsNotDeclaredJsonIsRefused() throws IOException {
            HttpResponse<String> response = fx.send(HttpRequest.newBuilder(fx.uri())
                    .header("Authorization", "Bearer " + token).header("Content-Type", "text/plain")
                    .header("Accept", "application/json, text/event-stream")
                    .header("MCP-Protocol-Version", V2026).header("Mcp-Method", "tools/list")
                    .POST(HttpRequest.BodyPublishers.ofString(request(1, "tools/list", Map.of()))).build());
            assertThat(response.statusCode()).isEqualTo(415);
            assertThat(Json.mapper().readTree(response.body()).at("/error/code").asInt()).isEqualTo(-32600);
        }

        @Test
        void aWaitingCallHoldsOneOfTheAgentsConcurrentCalls() {
            fx.close();
            fx = new EndpointFixture(home.resolve("limited"), EndpointConfig.defaults().withPort(0).withLimits(100, 100, 1));
            token = fx.token("claude");
            host = "127.0.0.1:" + fx.endpoint.port();
            String ref = observeRef("Delete");
            try (Socket socket = RawHttp.open(fx.endpoint.port())) {
                RawHttp.write(socket, "POST", host, call(14, "computer_act", Map.of("ref", ref, "op", "click")),
                        headers("tools/call", "computer_act").toArray(String[]::new));
                McpEndpointTest.awaitTrue(() -> fx.approver.asked.size() == 1, 10_000);
                RawHttp.Response second = post(request(15, "tools/list", Map.of()), headers("tools/list", null));
                assertThat(second.status()).isEqualTo(429);
                fx.approver.answer(Decision.DENY);
                assertThat(errorBody(message(RawHttp.read(socket.getInputStream()))).path("code").asText())
                        .isEqualTo("APPROVAL_DENIED");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Test
        void anUnknownVersionGetsTheNewCodeListingEveryVersionSpoken() {
            String body = request(10, "tools/list", Map.of()).replace(V2026, "2099-01-01");
            List<String> headers = new ArrayList<>(headers("tools/list", null));
            headers.set(1, "MCP-Protocol-Version: 2099-01-01");
            RawHttp.Response response = post(body, headers);
            assertThat(response.status()).isEqualTo(400);
            JsonNode error = message(response).path("error");
            assertThat(error.path("code").asInt()).isEqualTo(-32022);
            assertThat(error.at("/data/requested").asText()).isEqualTo("2099-01-01");
            assertThat(error.at("/data/supported")).extracting(JsonNode::asText).contains(V2026, "2025-11-25");
        }

        @ParameterizedTest
        @ValueSource(strings = {"initialize", "ping", "logging/setLevel", "resources/list", "subscriptions/listen"})
        void aMethodThisEndpointDoesNotServeIs404MethodNotFound(String method) {
            RawHttp.Response response = post(request(11, method, Map.of()), headers(method, null));
            assertThat(response.status()).isEqualTo(404);
            assertThat(message(response).at("/error/code").asInt()).isEqualTo(-32601);
            assertThat(response.header("Mcp-Session-Id")).isNull();
        }

        @Test
        void aNotificationIsAcceptedWithNoBody() {
            String note = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":1,"
                    + "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"}}}";
            RawHttp.Response response = post(note, headers("notifications/cancelled", null));
            assertThat(response.status()).isEqualTo(202);
            assertThat(response.body()).isEmpty();
        }

        @Test
        void deleteAndGetAreNotAllowed() {
            for (String method : List.of("DELETE", "GET")) {
                RawHttp.Response response = RawHttp.send(fx.endpoint.port(), method, host, "",
                        "Authorization: Bearer " + token, "MCP-Protocol-Version: " + V2026);
                assertThat(response.status()).as(method).isEqualTo(405);
            }
        }
    }

    @Nested
    class TheGuardIsUnchanged {
        @Test
        void theTokenIsStillRequired() {
            for (String auth : List.of("", "Authorization: Bearer cs_not_a_token_of_this_endpoint_at_all_xxxxxxxx")) {
                List<String> headers = new ArrayList<>(headers("server/discover", null));
                headers.set(0, auth.isEmpty() ? "X-None: 1" : auth);
                RawHttp.Response response = post(request(1, "server/discover", Map.of()), headers);
                assertThat(response.status()).isEqualTo(401);
                assertThat(response.header("WWW-Authenticate")).startsWith("Bearer");
                assertThat(response.body()).doesNotContain("supportedVersions");
            }
        }

        @Test
        void aRevokedTokenIs401AtOnceWithNoSessionToEnd() {
            assertThat(post(request(1, "tools/list", Map.of()), headers("tools/list", null)).status()).isEqualTo(200);
            fx.agents.remove("claude");
            RawHttp.Response response = post(call(2, "computer_observe", Map.of("app", "yad")),
                    headers("tools/call", "computer_observe"));
            assertThat(response.status()).isEqualTo(401);
            assertThat(fx.auditLines()).noneMatch(l -> l.contains("observation"));
        }

        @Test
        void aForeignOriginIs403AndNothingRunsOrIsAudited() {
            int lines = fx.auditLines().size();
            List<String> headers = new ArrayList<>(headers("tools/call", "computer_observe"));
            headers.add("Origin: https://evil.example");
            RawHttp.Response response = post(call(1, "computer_observe", Map.of("app", "yad")), headers);
            assertThat(response.status()).isEqualTo(403);
            assertThat(response.header("Access-Control-Allow-Origin")).isNull();
            assertThat(fx.auditLines()).hasSize(lines);
        }

        @Test
        void aForeignHostIs403() {
            for (String foreign : List.of("evil.example:" + fx.endpoint.port(), "127.0.0.1:1")) {
                RawHttp.Response response = RawHttp.send(fx.endpoint.port(), "POST", foreign,
                        request(1, "server/discover", Map.of()), headers("server/discover", null).toArray(String[]::new));
                assertThat(response.status()).as(foreign).isEqualTo(403);
            }
        }

        @Test
        void anotherAgentsSessionIdOnAStatelessRequestIsIgnoredAndLearnsNothing() {
            String other = fx.token("other");
            String session = fx.rawSession(other);
            List<String> headers = new ArrayList<>(headers("tools/list", null));
            headers.add("Mcp-Session-Id: " + session);
            RawHttp.Response response = post(request(1, "tools/list", Map.of()), headers);
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.header("Mcp-Session-Id")).isNull();
            assertThat(response.body()).doesNotContain(session);
            assertThat(fx.post(other, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
                    Map.of("Mcp-Session-Id", session)).statusCode()).isEqualTo(200);
        }

        @Test
        void theAgentIsWhoeverTheTokenSaysNotWhatTheRequestClaims() {
            // Agent "other" observes; "claude" (a valid token) claims to be "other" in clientInfo and
            // in an argument, and uses other's ref: it is an unknown argument, then a ref never issued.
            String other = fx.token("other");
            String session = fx.rawSession(other);
            String othersRef = EndpointSecurityTest.ref(EndpointSecurityTest.sseResult(fx.post(other,
                    "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":{\"name\":\"computer_observe\","
                            + "\"arguments\":{\"app\":\"yad\"}}}", Map.of("Mcp-Session-Id", session)).body()), "Delete");
            String claimed = call(1, "computer_act", Map.of("ref", othersRef, "op", "click"))
                    .replace("\"name\":\"raw\"", "\"name\":\"other\"");
            JsonNode refused = message(post(claimed, headers("tools/call", "computer_act")));
            assertThat(refused.at("/result/isError").asBoolean()).isTrue();
            assertThat(errorBody(refused).path("code").asText()).isEqualTo("REF_UNKNOWN");
            Map<String, Object> withAgent = new LinkedHashMap<>(Map.of("ref", othersRef, "op", "click"));
            withAgent.put("agent_id", "other");
            JsonNode unknown = message(post(call(2, "computer_act", withAgent), headers("tools/call", "computer_act")));
            assertThat(errorBody(unknown).path("code").asText()).isEqualTo("INVALID_ARGUMENT");
            assertThat(fx.approver.asked).isEmpty();
            assertThat(fx.desktop.dispatched).isEmpty();
        }
    }

    @Nested
    class TheLongWait {
        @Test
        void progressTravelsOnTheCallsOwnStreamAndTheAnswerEndsIt() throws IOException {
            String ref = observeRef("Delete");
            String body = request(12, "tools/call", Map.of("name", "computer_act",
                    "arguments", Map.of("ref", ref, "op", "click"), "_meta", Map.of("progressToken", "p-1")));
            try (Socket socket = RawHttp.open(fx.endpoint.port())) {
                RawHttp.write(socket, "POST", host, body, headers("tools/call", "computer_act").toArray(String[]::new));
                InputStream in = socket.getInputStream();
                String head = RawHttp.readHead(in);
                assertThat(head).contains("200").containsIgnoringCase("text/event-stream");
                String first = readUntil(in, "\n\n");
                assertThat(first).contains("notifications/progress").contains("\"progressToken\":\"p-1\"");
                fx.approver.answer(Decision.DENY);
                RawHttp.Response rest = new RawHttp.Response(200, head, new String(in.readAllBytes(),
                        StandardCharsets.UTF_8));
                JsonNode answer = EndpointSecurityTest.sseResult(rest.body());
                assertThat(answer.path("id").asInt()).isEqualTo(12);
                assertThat(answer.at("/result/resultType").asText()).isEqualTo("complete");
                assertThat(errorBody(answer).path("code").asText()).isEqualTo("APPROVAL_DENIED");
            }
            assertThat(fx.desktop.dispatched).isEmpty();
        }

        @Test
        void hangingUpMidWaitWithdrawsTheApprovalAndNothingIsDispatched() {
            String ref = observeRef("Delete");
            try (Socket socket = RawHttp.open(fx.endpoint.port())) {
                RawHttp.write(socket, "POST", host, call(13, "computer_act", Map.of("ref", ref, "op", "click")),
                        headers("tools/call", "computer_act").toArray(String[]::new));
                McpEndpointTest.awaitTrue(() -> fx.approver.asked.size() == 1, 10_000);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            McpEndpointTest.awaitTrue(() -> !fx.approver.withdrawn.isEmpty(), 10_000);
            McpEndpointTest.awaitTrue(() -> fx.auditLines().stream()
                    .anyMatch(l -> l.contains("\"kind\":\"approval_withdrawn\"")), 5_000);
            assertThat(fx.desktop.dispatched).isEmpty();
            assertThat(fx.auditLines()).noneMatch(l -> l.contains("\"kind\":\"approval_allowed\""));
        }

        private String readUntil(InputStream in, String end) throws IOException {
            StringBuilder text = new StringBuilder();
            int b;
            while ((b = in.read()) >= 0) {
                text.append((char) b);
                if (text.indexOf("notifications/progress") >= 0 && text.toString().endsWith(end)) {
                    return text.toString();
                }
            }
            return text.toString();
        }
    }

    @Nested
    class Revision2025 {
        @Test
        void initializeStillGivesASessionAndResultsKeepTheOldShape() {
            String session = fx.rawSession(token);
            assertThat(session).isNotBlank();
            var list = fx.post(token, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
                    Map.of("Mcp-Session-Id", session, "MCP-Protocol-Version", "2025-11-25"));
            assertThat(list.statusCode()).isEqualTo(200);
            assertThat(EndpointSecurityTest.sseResult(list.body()).path("result").has("resultType")).isFalse();
        }

        @Test
        void aRequestNamingNoVersionStillNeedsASession() {
            var response = fx.post(token, "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/list\"}", Map.of());
            assertThat(response.statusCode()).isEqualTo(400);
        }

        @Test
        void discoverThatDoesNotNameTheNewRevisionIsAnUnknownMethodSoProbingClientsFallBack() {
            var response = fx.post(token, "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"server/discover\"}",
                    Map.of("MCP-Protocol-Version", "2025-11-25"));
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).contains("-32601");
            assertThat(response.headers().firstValue("Mcp-Session-Id")).isEmpty();
        }

        @Test
        void anUnknownVersionHeaderGetsTheOldCodeNotTheNewOne() throws IOException {
            String session = fx.rawSession(token);
            var response = fx.post(token, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}",
                    Map.of("Mcp-Session-Id", session, "MCP-Protocol-Version", "1999-01-01"));
            assertThat(response.statusCode()).isEqualTo(400);
            JsonNode body = Json.mapper().readTree(response.body());
            assertThat(body.at("/error/code").asInt()).isEqualTo(-32000);
            assertThat(body.at("/error/data/supported").toString()).contains("2025-11-25").doesNotContain(V2026);
        }
    }
}
