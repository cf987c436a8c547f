package dev.countersign.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every check of docs/endpoint.md and security.md, with raw HTTP against the real socket. */
class EndpointSecurityTest {
    @TempDir
    Path home;
    EndpointFixture fx;

    EndpointFixture start() {
        fx = new EndpointFixture(home);
        return fx;
    }

    EndpointFixture start(EndpointConfig config) {
        fx = new EndpointFixture(home, config);
        return fx;
    }

    @AfterEach
    void stop() {
        if (fx != null) {
            fx.close();
        }
    }

    @Nested
    class Tokens {
        @Test
        void aMissingTokenIs401WithABearerChallenge() {
            start();
            HttpResponse<String> response = fx.post(null, EndpointFixture.INIT, Map.of());
            assertThat(response.statusCode()).isEqualTo(401);
            assertThat(response.headers().firstValue("WWW-Authenticate")).hasValueSatisfying(v -> assertThat(v).startsWith("Bearer"));
        }

        @Test
        void aWrongTokenIs401() {
            start();
            fx.token("claude");
            String forged = dev.countersign.server.Tokens.mint(new java.security.SecureRandom());
            assertThat(fx.post(forged, EndpointFixture.INIT, Map.of()).statusCode()).isEqualTo(401);
            assertThat(fx.post("not-a-token", EndpointFixture.INIT, Map.of()).statusCode()).isEqualTo(401);
        }

        @Test
        void aRevokedTokenIs401AtOnce() {
            start();
            String token = fx.token("claude");
            assertThat(fx.post(token, EndpointFixture.INIT, Map.of()).statusCode()).isEqualTo(200);
            fx.agents.remove("claude");
            assertThat(fx.post(token, EndpointFixture.INIT, Map.of()).statusCode()).isEqualTo(401);
        }

        @Test
        void issuedTokensHaveTheShapeTheAuditRedactorKnows() {
            start();
            String token = fx.token("claude");
            assertThat(dev.countersign.audit.Redactor.COUNTERSIGN_TOKEN.matcher(token).matches()).isTrue();
            assertThat(fx.agents.file()).content().doesNotContain(token);
        }
    }

    @Nested
    class Origins {
        @Test
        void aForeignOriginIs403AndNothingRunsOrIsAudited() {
            start();
            String token = fx.token("claude");
            String session = fx.rawSession(token);
            int before = fx.auditLines().size();
            HttpResponse<String> response = fx.post(token, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\","
                    + "\"params\":{\"name\":\"computer_observe\",\"arguments\":{\"app\":\"yad\"}}}",
                    Map.of("Mcp-Session-Id", session, "Origin", "https://evil.example"));
            assertThat(response.statusCode()).isEqualTo(403);
            assertThat(fx.auditLines()).hasSize(before);
            assertThat(fx.driver.observationBytes("claude")).isZero();
        }

        @Test
        void aLoopbackOriginIsAllowedButGetsNoCorsHeaders() {
            start();
            String token = fx.token("claude");
            HttpResponse<String> response = fx.post(token, EndpointFixture.INIT, Map.of("Origin", "http://localhost:3000"));
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.headers().map().keySet()).noneMatch(h -> h.toLowerCase().startsWith("access-control"));
        }

        @Test
        void optionsAndTraceAreRefusedWithoutCorsHeaders() {
            start();
            String token = fx.token("claude");
            for (String method : new String[] {"OPTIONS", "TRACE"}) {
                HttpResponse<String> response = fx.send(HttpRequest.newBuilder(fx.uri())
                        .method(method, HttpRequest.BodyPublishers.noBody())
                        .header("Origin", "http://localhost:3000")
                        .header("Access-Control-Request-Method", "POST")
                        .header("Authorization", "Bearer " + token).build());
                assertThat(response.statusCode()).as(method).isEqualTo(405);
                assertThat(response.headers().map().keySet()).noneMatch(h -> h.toLowerCase().startsWith("access-control"));
                assertThat(response.body()).doesNotContain(token);
            }
        }
    }

    @Nested
    class Hosts {
        @Test
        void aForeignHostIsRefused() {
            start();
            String token = fx.token("claude");
            String head = RawHttp.exchange(fx.endpoint.port(), "POST", "evil.example:" + fx.endpoint.port(),
                    EndpointFixture.INIT, "Authorization: Bearer " + token);
            assertThat(head).startsWith("HTTP/1.1 403");
        }

        @Test
        void aLoopbackHostOnAnotherPortIsRefused() {
            start();
            String token = fx.token("claude");
            String head = RawHttp.exchange(fx.endpoint.port(), "POST", "127.0.0.1:1", EndpointFixture.INIT,
                    "Authorization: Bearer " + token);
            assertThat(head).startsWith("HTTP/1.1 403");
            assertThat(RawHttp.exchange(fx.endpoint.port(), "POST", "localhost:" + fx.endpoint.port(),
                    EndpointFixture.INIT, "Authorization: Bearer " + token)).startsWith("HTTP/1.1 200");
        }

        @Test
        void aNonLoopbackBindAddressIsRefusedAtStart() throws Exception {
            EndpointConfig anywhere = EndpointConfig.defaults().withPort(0)
                    .withBindAddress(InetAddress.getByName("0.0.0.0"));
            assertThatThrownBy(() -> new EndpointFixture(home, anywhere))
                    .isInstanceOfSatisfying(CountersignException.class,
                            e -> assertThat(e.error().code()).isEqualTo(ErrorCode.INVALID_ARGUMENT))
                    .hasMessageContaining("0.0.0.0");
        }
    }

    @Nested
    class Limits {
        @Test
        void aDeclaredBodyOverOneMebibyteIs413() {
            start();
            String token = fx.token("claude");
            String big = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":\"" + "a".repeat(1024 * 1024) + "\"}}";
            assertThat(fx.post(token, big, Map.of()).statusCode()).isEqualTo(413);
        }

        @Test
        void aStreamedBodyOverOneMebibyteIs413() {
            start();
            String token = fx.token("claude");
            byte[] big = new byte[1024 * 1024 + 10];
            java.util.Arrays.fill(big, (byte) ' ');
            HttpResponse<String> response = fx.send(HttpRequest.newBuilder(fx.uri())
                    .header("Authorization", "Bearer " + token)
                    .header("Content-Type", "application/json")
                    .header("Accept", "application/json, text/event-stream")
                    // An input-stream publisher has no length: the body goes chunked.
                    .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(big))).build());
            assertThat(response.statusCode()).isEqualTo(413);
        }

        @Test
        void anUnknownProtocolVersionIs400() {
            start();
            String token = fx.token("claude");
            String session = fx.rawSession(token);
            HttpResponse<String> response = fx.post(token, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
                    Map.of("Mcp-Session-Id", session, "MCP-Protocol-Version", "1999-01-01"));
            assertThat(response.statusCode()).isEqualTo(400);
            assertThat(fx.post(token, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
                    Map.of("Mcp-Session-Id", session, "MCP-Protocol-Version", "2025-06-18")).statusCode()).isEqualTo(200);
        }

        @Test
        void anAgentOverItsRateIs429AndOthersAreNotAffected() {
            start(EndpointConfig.defaults().withPort(0).withLimits(0.01, 3, 8));
            String greedy = fx.token("greedy");
            String other = fx.token("other");
            for (int i = 0; i < 3; i++) {
                assertThat(fx.post(greedy, EndpointFixture.INIT, Map.of()).statusCode()).isEqualTo(200);
            }
            HttpResponse<String> limited = fx.post(greedy, EndpointFixture.INIT, Map.of());
            assertThat(limited.statusCode()).isEqualTo(429);
            assertThat(limited.headers().firstValue("Retry-After")).isPresent();
            assertThat(fx.post(other, EndpointFixture.INIT, Map.of()).statusCode()).isEqualTo(200);
        }

        @Test
        void aRefusalBeforeTheBodyIsReadNeverLeavesTheClientADeadConnection() throws IOException {
            // Seen in CI: Jetty answered 429 before the body had arrived, then dropped the
            // connection without saying so; java.net.http reused it and the next request died
            // with "header parser received no bytes". Every MCP client pools connections.
            start(EndpointConfig.defaults().withPort(0).withLimits(0.01, 1, 8));
            String token = fx.token("greedy");
            assertThat(fx.post(token, EndpointFixture.INIT, Map.of()).statusCode()).isEqualTo(200);
            assertThat(keepsItsWord("POST", 429, "Authorization: Bearer " + token)).isTrue();
            assertThat(keepsItsWord("POST", 401)).isTrue();
            assertThat(keepsItsWord("POST", 403, "Origin: https://evil.example")).isTrue();
            // Refused after the guard passed the request on: a DELETE's body is never read.
            assertThat(keepsItsWord("DELETE", 404, "Authorization: Bearer " + fx.token("closer"),
                    "Mcp-Session-Id: no-such-session")).isTrue();
            // A request without a body leaves nothing unread: its refusal keeps the connection.
            try (Socket socket = RawHttp.open(fx.endpoint.port())) {
                String get = "GET /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + fx.endpoint.port()
                        + "\r\nAuthorization: Bearer " + fx.token("reader") + "\r\n\r\n";
                for (int i = 0; i < 2; i++) {
                    RawHttp.writeRaw(socket, get);
                    String head = RawHttp.readHead(socket.getInputStream());
                    assertThat(head).startsWith("HTTP/1.1 405").doesNotContainIgnoringCase("connection: close");
                    socket.getInputStream().readNBytes(contentLength(head));
                }
            }
        }

        private static int contentLength(String head) {
            return Integer.parseInt(head.replaceAll("(?is).*\r\ncontent-length: *(\\d+).*", "$1"));
        }

        /**
         * Sends a request's head, reads the refusal, then sends the body and a second request on the
         * same connection, as a pooling client does: true when the refusal said the connection
         * closes, or when the connection answers the second request.
         */
        private boolean keepsItsWord(String method, int status, String... headers) throws IOException {
            String host = "127.0.0.1:" + fx.endpoint.port();
            byte[] body = EndpointFixture.INIT.getBytes(StandardCharsets.UTF_8);
            try (Socket socket = RawHttp.open(fx.endpoint.port())) {
                RawHttp.writeHead(socket, method, host, body.length, headers);
                String first = RawHttp.readHead(socket.getInputStream());
                assertThat(first).startsWith("HTTP/1.1 " + status);
                socket.getInputStream().readNBytes(contentLength(first));
                if (first.toLowerCase(Locale.ROOT).contains("\r\nconnection: close")) {
                    return true;
                }
                try {
                    RawHttp.writeRaw(socket, EndpointFixture.INIT);
                    RawHttp.writeRaw(socket, "POST /mcp HTTP/1.1\r\nHost: " + host + "\r\nContent-Length: 0\r\n\r\n");
                    return RawHttp.readHead(socket.getInputStream()).startsWith("HTTP/1.1 ");
                } catch (IOException | UncheckedIOException e) {
                    return false;
                }
            }
        }

        @Test
        void anAgentOverItsConcurrentCallsIs429WhileTheWaitGoesOn() {
            start(EndpointConfig.defaults().withPort(0).withLimits(100, 100, 1));
            String token = fx.token("claude");
            String session = fx.rawSession(token);
            String ref = ref(observe(token, session), "Delete");
            CompletableFuture<HttpResponse<String>> waiting = CompletableFuture.supplyAsync(() ->
                    fx.post(token, act(ref), Map.of("Mcp-Session-Id", session)));
            McpEndpointTest.awaitTrue(() -> fx.approver.asked.size() == 1, 10_000);
            HttpResponse<String> second = fx.post(token, "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/list\"}",
                    Map.of("Mcp-Session-Id", session));
            assertThat(second.statusCode()).isEqualTo(429);
            fx.approver.answer(dev.countersign.approval.Decision.DENY);
            assertThat(waiting.join().statusCode()).isEqualTo(200);
        }
    }

    @Nested
    class Sessions {
        @Test
        void sessionIdsCarryAtLeast128RandomBits() {
            start();
            String session = fx.rawSession(fx.token("claude"));
            assertThat(Base64.getUrlDecoder().decode(session)).hasSizeGreaterThanOrEqualTo(16);
            assertThat(fx.rawSession(fx.agents.list().isEmpty() ? "" : fx.token("second"))).isNotEqualTo(session);
        }

        @Test
        void aValidSessionIdWithoutTheTokenIs401() {
            start();
            String session = fx.rawSession(fx.token("claude"));
            assertThat(fx.post(null, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
                    Map.of("Mcp-Session-Id", session)).statusCode()).isEqualTo(401);
        }

        @Test
        void anotherAgentsSessionIdIsNotFound() {
            start();
            String session = fx.rawSession(fx.token("claude"));
            String other = fx.token("other");
            assertThat(fx.post(other, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
                    Map.of("Mcp-Session-Id", session)).statusCode()).isEqualTo(404);
        }

        @Test
        void theSdksOwnSessionIdIsNotAccepted() {
            start();
            String token = fx.token("claude");
            fx.rawSession(token);
            String uuidLike = java.util.UUID.randomUUID().toString();
            assertThat(fx.post(token, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
                    Map.of("Mcp-Session-Id", uuidLike)).statusCode()).isEqualTo(404);
        }
    }

    @Nested
    class Disconnects {
        @Test
        void aClientThatHangsUpMidWaitWithdrawsTheApprovalAndNothingIsDispatched() throws IOException {
            start();
            String token = fx.token("claude");
            String session = fx.rawSession(token);
            String ref = ref(observe(token, session), "Delete");
            try (Socket socket = RawHttp.open(fx.endpoint.port())) {
                RawHttp.write(socket, "POST", "127.0.0.1:" + fx.endpoint.port(), act(ref),
                        "Authorization: Bearer " + token, "Mcp-Session-Id: " + session);
                McpEndpointTest.awaitTrue(() -> fx.approver.asked.size() == 1, 10_000);
            }
            McpEndpointTest.awaitTrue(() -> !fx.approver.withdrawn.isEmpty(), 10_000);
            McpEndpointTest.awaitTrue(() -> fx.auditLines().stream()
                    .anyMatch(l -> l.contains("\"kind\":\"approval_withdrawn\"")), 5_000);
            assertThat(fx.desktop.dispatched).isEmpty();
            assertThat(fx.auditLines()).noneMatch(l -> l.contains("\"kind\":\"approval_allowed\""));
        }
    }

    static String act(String ref) {
        return "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"computer_act\","
                + "\"arguments\":{\"ref\":\"" + ref + "\",\"op\":\"click\"}}}";
    }

    JsonNode observe(String token, String session) {
        HttpResponse<String> response = fx.post(token, "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\","
                + "\"params\":{\"name\":\"computer_observe\",\"arguments\":{\"app\":\"yad\"}}}", Map.of("Mcp-Session-Id", session));
        return sseResult(response.body());
    }

    /** The JSON-RPC result carried by an SSE response's message event. */
    static JsonNode sseResult(String body) {
        for (String line : body.split("\n")) {
            if (line.startsWith("data:")) {
                try {
                    JsonNode message = Json.mapper().readTree(line.substring(5).trim());
                    if (message.has("result") || message.has("error")) {
                        return message;
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        throw new AssertionError("no JSON-RPC response in " + body);
    }

    static String ref(JsonNode message, String name) {
        for (JsonNode node : message.at("/result/structuredContent/nodes")) {
            if (name.equals(node.path("name").asText())) {
                return node.get("ref").asText();
            }
        }
        throw new AssertionError("no node " + name + " in " + message);
    }

}
