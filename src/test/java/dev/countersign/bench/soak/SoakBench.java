package dev.countersign.bench.soak;

import dev.countersign.bench.BenchLogging;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.linux.AtspiDesktopBackend;
import dev.countersign.server.AgentDirectory;
import dev.countersign.server.Results;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The soak of scripts/bench/soak, never in the suite: AGENTS MCP agents act on a running
 * {@code countersign serve} (pid and port given) for LOAD seconds — observe, click a check box,
 * a risky Delete the headless approver refuses, a bad argument — then nothing for IDLE seconds.
 * It prints the serve process's resident memory (VmRSS) and live heap (used after a full
 * collection, {@code jcmd GC.class_histogram}) before, every SAMPLE seconds during, at the end of
 * the load and after the idle spell, then the three checks the figures must meet.
 * Usage: SoakBench PID PORT HOME [AGENTS LOAD IDLE SAMPLE]
 */
public final class SoakBench {
    private SoakBench() {
    }

    public static void main(String[] args) throws Exception {
        BenchLogging.asShipped();
        long pid = Long.parseLong(args[0]);
        int port = Integer.parseInt(args[1]);
        Path home = Path.of(args[2]);
        int agents = args.length > 3 ? Integer.parseInt(args[3]) : 8;
        int load = args.length > 4 ? Integer.parseInt(args[4]) : 300;
        int idle = args.length > 5 ? Integer.parseInt(args[5]) : 120;
        int sample = args.length > 6 ? Integer.parseInt(args[6]) : 30;
        try (DesktopBackend backend = AtspiDesktopBackend.fromEnvironment()) {
            TestDesktop desktop = new TestDesktop(backend);
            try {
                TestDesktop.TargetApp toggles = desktop.launchScript("Toggle Log", "/dev/countersign/app/toggle_log.py");
                TestDesktop.TargetApp cleanup = desktop.launchDeleteForm();
                run(pid, port, home, agents, load, idle, sample, toggles, cleanup);
            } finally {
                desktop.cleanUp();
            }
        }
    }

    private static void run(long pid, int port, Path home, int agents, int load, int idle, int sample,
            TestDesktop.TargetApp toggles, TestDesktop.TargetApp cleanup) throws Exception {
        AgentDirectory directory = new AgentDirectory(home.resolve("agents.json"), Clock.systemUTC(), new SecureRandom());
        List<McpSyncClient> clients = new ArrayList<>();
        for (int i = 0; i < agents; i++) {
            String token = directory.add("soak-" + i + "-" + System.nanoTime()).token();
            McpSyncClient c = McpClient.sync(HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + port)
                    .endpoint("/mcp")
                    .httpRequestCustomizer((b, method, uri, body, ctx) -> b.header("Authorization", "Bearer " + token))
                    .build()).requestTimeout(Duration.ofSeconds(60)).build();
            c.initialize();
            clients.add(c);
        }
        System.out.println("| when | RSS MB | live heap MB | calls |");
        System.out.println("|---|---:|---:|---:|");
        AtomicLong calls = new AtomicLong();
        Map<String, AtomicLong> codes = new ConcurrentHashMap<>();
        Figures before = row("before", pid, calls);
        AtomicBoolean running = new AtomicBoolean(true);
        ExecutorService pool = Executors.newFixedThreadPool(agents);
        for (McpSyncClient c : clients) {
            pool.execute(() -> {
                while (running.get()) {
                    act(c, toggles, cleanup, calls, codes);
                }
            });
        }
        long start = System.nanoTime();
        Figures mid = null;
        for (int t = sample; t < load; t += sample) {
            sleepUntil(start, t);
            Figures f = row("load " + t + " s", pid, calls);
            if (mid == null && t >= load / 2) {
                mid = f;
            }
        }
        sleepUntil(start, load);
        running.set(false);
        pool.shutdown();
        pool.awaitTermination(2, TimeUnit.MINUTES);
        Figures end = row("end of load (" + load + " s)", pid, calls);
        if (mid == null) {
            mid = before;
        }
        long idleStart = System.nanoTime();
        sleepUntil(idleStart, idle);
        Figures after = row("after " + idle + " s idle", pid, calls);
        for (McpSyncClient c : clients) {
            c.closeGracefully();
        }
        System.out.println();
        System.out.println("answers by code: " + codes);
        check("live heap after idle within 2x the start", after.heapMb <= 2 * Math.max(before.heapMb, 1));
        check("RSS after idle within 250 MB", after.rssMb <= 250);
        check("RSS growth in the second half of the load within 10%", end.rssMb <= mid.rssMb * 1.10);
        check("live heap growth in the second half of the load within 10% (or 2 MB)",
                end.heapMb <= Math.max(mid.heapMb * 1.10, mid.heapMb + 2));
    }

    /** One round of an agent: observe, click, a risky Delete, a bad argument. */
    private static void act(McpSyncClient c, TestDesktop.TargetApp toggles, TestDesktop.TargetApp cleanup,
            AtomicLong calls, Map<String, AtomicLong> codes) {
        try {
            String box = ref(c, toggles, "Remember me", calls);
            count(codes, call(c, "computer_act", Map.of("ref", box, "op", "click"), calls));
            String delete = ref(c, cleanup, "Delete", calls);
            count(codes, call(c, "computer_act", Map.of("ref", delete, "op", "click"), calls));
            count(codes, call(c, "computer_act", Map.of("ref", "rNOTAREF", "op", "hover"), calls));
        } catch (RuntimeException e) {
            codes.computeIfAbsent("exception " + e.getClass().getSimpleName(), k -> new AtomicLong()).incrementAndGet();
        }
    }

    private static String ref(McpSyncClient c, TestDesktop.TargetApp app, String name, AtomicLong calls) {
        Map<String, Object> seen = call(c, "computer_observe", Map.of("app", "" + app.pid()), calls);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> nodes = (List<Map<String, Object>>) seen.get("nodes");
        if (nodes == null) {
            throw new IllegalStateException("observe: " + seen.get("code"));
        }
        return nodes.stream().filter(n -> name.equals(n.get("name"))).map(n -> (String) n.get("ref")).findFirst()
                .orElseThrow(() -> new IllegalStateException("no " + name));
    }

    private static Map<String, Object> call(McpSyncClient c, String tool, Map<String, Object> args, AtomicLong calls) {
        calls.incrementAndGet();
        return Results.body(c.callTool(new McpSchema.CallToolRequest(tool, args)));
    }

    private static void count(Map<String, AtomicLong> codes, Map<String, Object> body) {
        Object key = body.containsKey("code") ? body.get("code") : body.get("status");
        codes.computeIfAbsent(String.valueOf(key), k -> new AtomicLong()).incrementAndGet();
    }

    private record Figures(double rssMb, double heapMb) {
    }

    private static Figures row(String when, long pid, AtomicLong calls) throws IOException, InterruptedException {
        double rss = rssMb(pid);
        double heap = liveHeapMb(pid);
        System.out.printf(Locale.ROOT, "| %s | %.1f | %.1f | %d |%n", when, rss, heap, calls.get());
        System.out.flush();
        return new Figures(rss, heap);
    }

    private static double rssMb(long pid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("\\D", "")) / 1024.0;
            }
        }
        throw new IOException("no VmRSS for " + pid);
    }

    /** The heap in use after a full collection: the histogram's total (jcmd collects first). */
    private static double liveHeapMb(long pid) throws IOException, InterruptedException {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "GC.class_histogram").redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes());
        p.waitFor();
        for (String line : out.split("\n")) {
            String t = line.trim();
            if (t.startsWith("Total")) {
                String[] parts = t.split("\\s+");
                return Long.parseLong(parts[2]) / (1024.0 * 1024.0);
            }
        }
        throw new IOException("jcmd GC.class_histogram gave no total: " + out);
    }

    private static void sleepUntil(long startNanos, int seconds) throws InterruptedException {
        long left = startNanos + seconds * 1_000_000_000L - System.nanoTime();
        if (left > 0) {
            Thread.sleep(left / 1_000_000, (int) (left % 1_000_000));
        }
    }

    private static void check(String what, boolean ok) {
        System.out.println((ok ? "PASS " : "FAIL ") + what);
    }
}
