package dev.countersign.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.approval.Decision;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The endpoint through the SDK's own Streamable HTTP client over the real loopback socket. */
class McpEndpointTest {
    @TempDir
    Path home;
    EndpointFixture fx;

    @BeforeEach
    void start() {
        fx = new EndpointFixture(home);
    }

    @AfterEach
    void stop() {
        fx.close();
    }

    static Map<String, Object> structured(McpSchema.CallToolResult result) {
        return Results.body(result);
    }

    static String refOf(McpSchema.CallToolResult observation, String name) {
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> nodes = (List<Map<String, Object>>) structured(observation).get("nodes");
        return nodes.stream().filter(n -> name.equals(n.get("name"))).map(n -> (String) n.get("ref")).findFirst()
                .orElseThrow(() -> new AssertionError("no node named " + name + " in " + nodes));
    }

    static McpSchema.CallToolResult call(McpSyncClient client, String tool, Map<String, Object> args) {
        return client.callTool(new McpSchema.CallToolRequest(tool, args));
    }

    @Nested
    class Tools {
        @Test
        void listsTheFiveToolsWithSchemasAndAnnotations() {
            McpSyncClient client = fx.client(fx.token("claude"));
            List<McpSchema.Tool> tools = client.listTools().tools();
            assertThat(tools).extracting(McpSchema.Tool::name).containsExactly("computer_observe",
                    "computer_visual_observe", "computer_act", "computer_visual_act", "computer_evidence");
            for (McpSchema.Tool tool : tools) {
                assertThat(tool.inputSchema().get("additionalProperties")).as(tool.name()).isEqualTo(false);
                assertThat(tool.outputSchema()).as(tool.name()).isNotNull();
                boolean acting = tool.name().endsWith("_act");
                if (acting) {
                    assertThat(tool.annotations().destructiveHint()).as(tool.name()).isTrue();
                } else {
                    assertThat(tool.annotations().readOnlyHint()).as(tool.name()).isTrue();
                }
            }
        }

        @Test
        void theWholeToolsListResponseStaysWithinSixThousandBytes() throws Exception {
            String token = fx.token("claude");
            String session = fx.rawSession(token);
            var response = fx.post(token, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
                    Map.of("Mcp-Session-Id", session));
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).contains("computer_observe");
                        if (System.getenv("TOOLS_LIST_DUMP") != null) {
                java.nio.file.Files.writeString(java.nio.file.Path.of(System.getenv("TOOLS_LIST_DUMP")), response.body());
            }
            // Every agent pays for these bytes on every connect: 6,000 with the SSE framing, and
            // with the script tools too (ScriptMcpDesktopTest).
            assertThat(response.body().getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(6_000);
        }

        @Test
        void observeThenClickTheCheckBoxGivesAConfirmedReceipt() {
            McpSyncClient client = fx.client(fx.token("claude"));
            McpSchema.CallToolResult observation = call(client, "computer_observe", Map.of("app", "yad"));
            assertThat(observation.isError()).isFalse();
            assertThat(structured(observation)).containsKeys("observation_id", "fingerprint", "expires_at", "nodes");
            // The text is the outline the model reads (ADR 0007), with the structured content's exact refs.
            String text = ((McpSchema.TextContent) observation.content().get(0)).text();
            assertThat(text).startsWith((String) structured(observation).get("observation_id") + " expires ")
                    .containsPattern("\n *" + refOf(observation, "Remember me") + " [a-z ]+ \"Remember me\"")
                    .doesNotContain("\"nodes\"");

            McpSchema.CallToolResult act = call(client, "computer_act",
                    Map.of("ref", refOf(observation, "Remember me"), "op", "click"));
            assertThat(act.isError()).isFalse();
            assertThat(structured(act)).containsEntry("status", "confirmed");
            assertThat(fx.desktop.checked("remember")).isTrue();

            McpSchema.CallToolResult evidence = call(client, "computer_evidence", Map.of());
            assertThat(structured(evidence)).containsEntry("receipts_returned", 1).containsEntry("contractVersion", 1);
            assertThat(fx.auditLines()).anyMatch(l -> l.contains("\"kind\":\"receipt\"") && l.contains("\"agent_id\":\"claude\""));
        }

        @Test
        void framesMustBeABooleanAndAddEachNodesFrameToTheText() {
            McpSyncClient client = fx.client(fx.token("claude"));
            McpSchema.CallToolResult bad = call(client, "computer_observe", Map.of("app", "yad", "frames", "yes"));
            assertThat(bad.isError()).isTrue();
            assertThat(structured(bad)).containsEntry("code", "INVALID_ARGUMENT").containsEntry("field", "frames");
            McpSchema.CallToolResult framed = call(client, "computer_observe", Map.of("app", "yad", "frames", true));
            assertThat(framed.isError()).isFalse();
            assertThat(((McpSchema.TextContent) framed.content().get(0)).text()).containsPattern(" @-?\\d+,-?\\d+,\\d+,\\d+\n");
        }

        @Test
        void anUnknownArgumentIsAToolErrorNamingIt() {
            McpSyncClient client = fx.client(fx.token("claude"));
            McpSchema.CallToolResult result = call(client, "computer_observe", Map.of("agent_id", "someone-else"));
            assertThat(result.isError()).isTrue();
            assertThat(structured(result)).containsEntry("code", "INVALID_ARGUMENT").containsEntry("field", "agent_id")
                    .containsKeys("message", "hint");
        }

        @Test
        void aRejectedReceiptIsAnErrorThatStillCarriesTheReceipt() {
            McpSyncClient client = fx.client(fx.token("claude"));
            String ref = refOf(call(client, "computer_observe", Map.of("app", "yad")), "Delete");
            // Nobody answers in time here: the approver withdraws and the receipt says rejected.
            CompletableFuture<McpSchema.CallToolResult> act = CompletableFuture.supplyAsync(() ->
                    call(client, "computer_act", Map.of("ref", ref, "op", "click")));
            awaitAsked(1);
            fx.approver.answer(Decision.DENY);
            McpSchema.CallToolResult result = act.join();
            assertThat(result.isError()).isTrue();
            assertThat(structured(result)).containsEntry("code", "APPROVAL_DENIED").containsKeys("message", "hint", "receipt");
            assertThat(fx.desktop.dispatched).isEmpty();
            assertThat(fx.auditLines()).anyMatch(l -> l.contains("\"kind\":\"approval_requested\""))
                    .anyMatch(l -> l.contains("\"kind\":\"approval_denied\""));
        }
    }

    @Nested
    class Verification {
        @Test
        void aTypeWhoseEvidenceContradictsItIsVerificationFailedNotInternal() {
            McpSyncClient client = fx.client(fx.token("claude"));
            String ref = refOf(call(client, "computer_observe", Map.of("app", "yad")), "User name");
            // The agent expects "ANA"; the field reads back "ana": the action ran, the evidence says no.
            String expected = dev.countersign.core.Digests.sha256Hex("ANA".getBytes(StandardCharsets.UTF_8));
            McpSchema.CallToolResult result = call(client, "computer_act", Map.of("ref", ref, "op", "type",
                    "text", "ana", "postcondition", Map.of("kind", "ui_element", "value_digest", expected)));
            assertThat(result.isError()).isTrue();
            Map<String, Object> body = structured(result);
            assertThat(body).containsEntry("code", "VERIFICATION_FAILED").containsKey("receipt");
            assertThat((String) body.get("hint")).contains("did not take effect");
            @SuppressWarnings("unchecked")
            Map<String, Object> receipt = (Map<String, Object>) body.get("receipt");
            assertThat(receipt).containsEntry("status", "failed").containsEntry("code", "VERIFICATION_FAILED");
        }
    }

    @Nested
    class Answers {
        /**
         * An answer goes out whole, with its length: the SDK writes and flushes it, then completes
         * the response, which Jetty sent as two writes (the answer as a chunk, a moment later the
         * end of the body), so a client waited for two packets.
         */
        @Test
        void anAnswerGoesOutWholeWithItsLength() throws Exception {
            String token = fx.token("claude");
            assertThat(fx.post(token, EndpointFixture.INIT, Map.of()).headers().firstValue("Content-Length")).isPresent();
            String session = fx.rawSession(token);
            try (java.net.Socket socket = RawHttp.open(fx.endpoint.port())) {
                // Kept alive, as clients keep their connections (with "Connection: close" the end of
                // the body is the end of the connection).
                byte[] call = ("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":"
                        + "\"computer_observe\",\"arguments\":{\"app\":\"yad\"}}}").getBytes(StandardCharsets.UTF_8);
                socket.getOutputStream().write(("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + fx.endpoint.port()
                        + "\r\nAuthorization: Bearer " + token + "\r\nMcp-Session-Id: " + session
                        + "\r\nMCP-Protocol-Version: 2025-06-18\r\nContent-Type: application/json\r\n"
                        + "Accept: application/json, text/event-stream\r\nContent-Length: " + call.length + "\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
                socket.getOutputStream().write(call);
                String head = RawHttp.readHead(socket.getInputStream()).toLowerCase(java.util.Locale.ROOT);
                assertThat(head).startsWith("http/1.1 200").contains("content-type: text/event-stream")
                        .doesNotContain("transfer-encoding");
                int length = Integer.parseInt(head.replaceAll("(?s).*content-length: (\\d+).*", "$1"));
                String body = new String(socket.getInputStream().readNBytes(length), StandardCharsets.UTF_8);
                assertThat(body).startsWith("id: ").contains("\ndata: {\"jsonrpc\":\"2.0\",\"id\":7,")
                        .contains("observation_id").endsWith("\n\n");
            }
        }

        /** Only the answer is held for the end: what comes before it (progress) is flushed when the SDK flushes. */
        @Test
        void onlyTheAnswerIsHeldForTheEndOfTheResponse() {
            int[] flushes = {0};
            java.io.StringWriter sent = new java.io.StringWriter() {
                @Override
                public void flush() {
                    flushes[0]++;
                }
            };
            SessionResponse.AnswerWriter writer = new SessionResponse.AnswerWriter(new java.io.PrintWriter(sent));
            writer.write("event: message\n");
            writer.write("data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{}}\n\n");
            writer.flush();
            assertThat(flushes[0]).isEqualTo(1);
            assertThat(writer.answered()).isFalse();

            writer.write("event: message\n");
            writer.write("data: {\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{}}\n\n");
            writer.flush();
            assertThat(writer.checkError()).isFalse();
            assertThat(flushes[0]).isEqualTo(1);
            assertThat(writer.answered()).isTrue();
            assertThat(sent.toString()).endsWith("data: {\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{}}\n\n");
        }
    }

    @Nested
    class Waiting {
        @Test
        void anApprovalWaitSendsProgressAndAnAllowRunsTheAction() {
            List<McpSchema.ProgressNotification> progress = new CopyOnWriteArrayList<>();
            McpSyncClient client = fx.client(fx.token("claude"), progress::add);
            String ref = refOf(call(client, "computer_observe", Map.of("app", "yad")), "Delete");
            McpSchema.CallToolRequest request = McpSchema.CallToolRequest.builder("computer_act")
                    .arguments(Map.of("ref", ref, "op", "click"))
                    .meta(Map.of("progressToken", "p-1")).build();
            CompletableFuture<McpSchema.CallToolResult> act = CompletableFuture.supplyAsync(() -> client.callTool(request));
            awaitAsked(1);
            awaitTrue(() -> !progress.isEmpty(), 5000);
            fx.approver.answer(Decision.ALLOW_ONCE);
            McpSchema.CallToolResult result = act.join();
            assertThat(progress.get(0).progressToken()).isEqualTo("p-1");
            assertThat(progress.get(0).message()).contains("Delete");
            assertThat(fx.desktop.dispatched).containsExactly("press:delete");
            assertThat(structured(result).get("approval")).asString().contains("allow");
        }
    }

    @Nested
    class AgentBoundText {
        static final String TOKEN = "ghp_" + "Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2";

        @Test
        void aTokenInTheTargetsNameIsRedactedInTheApprovalProgressAndTheReceipt() {
            fx.desktop.elements.get("delete").name = "Delete " + TOKEN;
            List<McpSchema.ProgressNotification> progress = new CopyOnWriteArrayList<>();
            McpSyncClient client = fx.client(fx.token("claude"), progress::add);
            String ref = refOf(call(client, "computer_observe", Map.of("app", "yad")),
                    "Delete [redacted:github_token]");
            McpSchema.CallToolRequest request = McpSchema.CallToolRequest.builder("computer_act")
                    .arguments(Map.of("ref", ref, "op", "click"))
                    .meta(Map.of("progressToken", "p-2")).build();
            CompletableFuture<McpSchema.CallToolResult> act = CompletableFuture.supplyAsync(() -> client.callTool(request));
            awaitAsked(1);
            awaitTrue(() -> !progress.isEmpty(), 5000);
            fx.approver.answer(Decision.ALLOW_ONCE);
            McpSchema.CallToolResult result = act.join();

            assertThat(progress.get(0).message()).doesNotContain(TOKEN).contains("Delete [redacted:github_token]");
            assertThat(result.toString()).doesNotContain(TOKEN);
            assertThat(fx.desktop.dispatched).containsExactly("press:delete");
        }
    }

    @Nested
    class Agents {
        @Test
        void twoAgentsCannotSeeEachOthersRefsOrReceipts() {
            McpSyncClient a = fx.client(fx.token("agent-a"));
            McpSyncClient b = fx.client(fx.token("agent-b"));
            String refOfA = refOf(call(a, "computer_observe", Map.of("app", "yad")), "Remember me");
            call(b, "computer_observe", Map.of("app", "yad"));
            McpSchema.CallToolResult stolen = call(b, "computer_act", Map.of("ref", refOfA, "op", "click"));
            assertThat(stolen.isError()).isTrue();
            assertThat(structured(stolen)).containsEntry("code", "REF_UNKNOWN");
            assertThat(fx.desktop.dispatched).isEmpty();

            assertThat(call(a, "computer_act", Map.of("ref", refOfA, "op", "click")).isError()).isFalse();
            assertThat(structured(call(a, "computer_evidence", Map.of()))).containsEntry("receipts_returned", 1);
            assertThat(structured(call(b, "computer_evidence", Map.of()))).containsEntry("receipts_returned", 0);
        }

        @Test
        void identityInArgumentsIsRefusedNotUsed() {
            McpSyncClient b = fx.client(fx.token("agent-b"));
            McpSchema.CallToolResult result = call(b, "computer_evidence", Map.of("agent", "agent-a"));
            assertThat(structured(result)).containsEntry("code", "INVALID_ARGUMENT").containsEntry("field", "agent");
        }
    }

    void awaitAsked(int count) {
        awaitTrue(() -> fx.approver.asked.size() >= count, 10_000);
    }

    static void awaitTrue(java.util.function.BooleanSupplier condition, long millis) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met in " + millis + " ms");
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }
}
