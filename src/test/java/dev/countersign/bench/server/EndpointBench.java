package dev.countersign.bench.server;

import dev.countersign.approval.HeadlessApprover;
import dev.countersign.audit.AuditLog;
import dev.countersign.core.RandomIds;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.DriverSettings;
import dev.countersign.driver.LeaseBook;
import dev.countersign.driver.ObserveArgs;
import dev.countersign.driver.PolicyApprovals;
import dev.countersign.policy.RiskPolicy;
import dev.countersign.server.AgentDirectory;
import dev.countersign.server.EndpointConfig;
import dev.countersign.testkit.MemoryDesktop;
import dev.countersign.server.McpEndpoint;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * What the endpoint costs on top of the driver: per-call latency over the real loopback socket
 * (the SDK's Streamable HTTP client) versus the same call in-process, observe throughput with
 * 1, 4 and 16 concurrent agents, and the size of {@code tools/list}. Uses the in-memory form
 * desktop so that the numbers are the endpoint's, not AT-SPI's. Prints a Markdown table.
 * Usage: {@code scripts/bench/endpoint [CALLS]} (default 2000).
 */
public final class EndpointBench {
    private EndpointBench() {
    }

    public static void main(String[] args) throws Exception {
        int calls = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        Path home = Files.createTempDirectory("countersign-bench");
        Clock clock = Clock.systemUTC();
        DriverSettings settings = DriverSettings.defaults("sess-bench");
        ComputerDriver driver = new ComputerDriver(MemoryDesktop.loginForm(), new PolicyApprovals(RiskPolicy.defaults()),
                new HeadlessApprover(), new LeaseBook(clock, settings.sessionId(), settings.principalId(),
                        LeaseBook.Terms.defaults()), clock, new RandomIds(), new SecureRandom(), settings);
        AgentDirectory agents = new AgentDirectory(home.resolve("agents.json"), clock, new SecureRandom());
        // Limits raised so the benchmark measures the endpoint, not the per-agent rate limit.
        EndpointConfig config = EndpointConfig.defaults().withPort(0).withLimits(1e9, 1_000_000, 64);
        List<String> rows = new ArrayList<>();
        try (AuditLog audit = AuditLog.open(home.resolve("audit.jsonl"), clock);
             McpEndpoint endpoint = McpEndpoint.start(config, driver, agents, audit, "bench")) {
            ObserveArgs observeArgs = new ObserveArgs(null, null, null, null, null);
            double[] inObserve = time(calls, () -> driver.observe("bench-0", observeArgs));
            double[] inEvidence = time(calls, () -> driver.evidence("bench-0"));
            McpSyncClient client = client(endpoint, agents.add("bench-0").token());
            McpSchema.CallToolRequest observe = new McpSchema.CallToolRequest("computer_observe", Map.of("app", "yad"));
            McpSchema.CallToolRequest evidence = new McpSchema.CallToolRequest("computer_evidence", Map.of());
            double[] mcpObserve = time(calls, () -> client.callTool(observe));
            double[] mcpEvidence = time(calls, () -> client.callTool(evidence));
            rows.add(row("computer_observe, in-process driver", inObserve));
            rows.add(row("computer_observe, MCP over loopback", mcpObserve));
            rows.add(row("computer_evidence, in-process driver", inEvidence));
            rows.add(row("computer_evidence, MCP over loopback", mcpEvidence));
            rows.add("| endpoint overhead per call (observe, median) | " + fmt(median(mcpObserve) - median(inObserve))
                    + " | | |");
            for (int n : new int[] {1, 4, 16}) {
                rows.add("| observe throughput, " + n + " concurrent agent" + (n == 1 ? "" : "s") + " | | | "
                        + String.format("%.0f calls/s", throughput(endpoint, agents, n, Duration.ofSeconds(5))) + " |");
            }
            int[] sizes = toolsListBytes(endpoint, agents.add("bench-size").token());
            rows.add("| tools/list: JSON-RPC response / HTTP body | " + sizes[0] + " B / " + sizes[1] + " B | | |");
            client.closeGracefully();
        }
        System.out.println("| what | median | p99 | throughput |");
        System.out.println("|---|---|---|---|");
        rows.forEach(System.out::println);
        System.out.println();
        System.out.println(calls + " calls per latency row after " + calls / 4 + " warm-up calls; JDK "
                + System.getProperty("java.version") + ", " + Runtime.getRuntime().availableProcessors() + " cores.");
    }

    private static McpSyncClient client(McpEndpoint endpoint, String token) {
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport
                .builder("http://127.0.0.1:" + endpoint.port()).endpoint("/mcp")
                .httpRequestCustomizer((b, m, u, body, ctx) -> b.header("Authorization", "Bearer " + token))
                .build();
        McpSyncClient client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(30)).build();
        client.initialize();
        return client;
    }

    private static double[] time(int calls, Supplier<?> call) {
        for (int i = 0; i < calls / 4; i++) {
            call.get();
        }
        double[] micros = new double[calls];
        for (int i = 0; i < calls; i++) {
            long start = System.nanoTime();
            call.get();
            micros[i] = (System.nanoTime() - start) / 1000.0;
        }
        Arrays.sort(micros);
        return micros;
    }

    private static double throughput(McpEndpoint endpoint, AgentDirectory agents, int n, Duration length)
            throws Exception {
        List<McpSyncClient> clients = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            clients.add(client(endpoint, agents.add("tp-" + n + "-" + i).token()));
        }
        McpSchema.CallToolRequest observe = new McpSchema.CallToolRequest("computer_observe", Map.of("app", "yad"));
        clients.forEach(c -> c.callTool(observe));
        ExecutorService pool = Executors.newFixedThreadPool(n);
        CountDownLatch go = new CountDownLatch(1);
        long end = System.nanoTime() + length.toNanos();
        List<Future<Integer>> counts = new ArrayList<>();
        for (McpSyncClient c : clients) {
            counts.add(pool.submit(() -> {
                go.await();
                int done = 0;
                while (System.nanoTime() < end) {
                    c.callTool(observe);
                    done++;
                }
                return done;
            }));
        }
        long started = System.nanoTime();
        go.countDown();
        long total = 0;
        for (Future<Integer> f : counts) {
            total += f.get();
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        pool.shutdown();
        clients.forEach(McpSyncClient::closeGracefully);
        return total / seconds;
    }

    /** The JSON-RPC message and the whole HTTP body of a tools/list answer, in bytes. */
    private static int[] toolsListBytes(McpEndpoint endpoint, String token) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        URI uri = endpoint.uri();
        HttpResponse<String> init = http.send(post(uri, token, null, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\","
                + "\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"bench\","
                + "\"version\":\"1\"}}}"), HttpResponse.BodyHandlers.ofString());
        String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
        HttpResponse<String> list = http.send(post(uri, token, session,
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}"), HttpResponse.BodyHandlers.ofString());
        String body = list.body();
        String message = body.lines().filter(l -> l.startsWith("data:")).map(l -> l.substring(5).trim())
                .findFirst().orElse(body);
        return new int[] {message.getBytes(StandardCharsets.UTF_8).length, body.getBytes(StandardCharsets.UTF_8).length};
    }

    private static HttpRequest post(URI uri, String token, String session, String json) {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri).header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(json));
        if (session != null) {
            b.header("Mcp-Session-Id", session);
        }
        return b.build();
    }

    private static String row(String what, double[] sorted) {
        return "| " + what + " | " + fmt(median(sorted)) + " | " + fmt(sorted[(int) Math.ceil(sorted.length * 0.99) - 1])
                + " | " + String.format("%.0f calls/s", 1e6 / median(sorted)) + " (1 caller) |";
    }

    private static double median(double[] sorted) {
        return sorted[sorted.length / 2];
    }

    private static String fmt(double micros) {
        return micros >= 1000 ? String.format("%.2f ms", micros / 1000) : String.format("%.0f µs", micros);
    }
}
