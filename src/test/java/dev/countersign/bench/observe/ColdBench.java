package dev.countersign.bench.observe;

import dev.countersign.bench.BenchLogging;
import com.fasterxml.jackson.databind.JsonNode;
import dev.countersign.core.Json;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.linux.AtspiDesktopBackend;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The cold first {@code computer_observe} of gtk3-widget-factory, many times in one run
 * (scripts/bench/cold, never in the suite): each round launches a fresh widget factory, starts
 * {@code countersign serve} as scripts/bench/observe does, connects the official TypeScript SDK and
 * times its first observe client to client, then stops both. scripts/bench/observe takes one
 * cold sample per run, too few to tell a change from the machine's noise; here every round is one.
 * Prints the median and p90 of the cold observe, of the serve start, and of the served app's CPU
 * time (all threads) over the cold observe and before serving.
 */
public final class ColdBench {
    private static final Path INTEROP = Path.of("scripts", "interop").toAbsolutePath();

    private ColdBench() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        BenchLogging.asShipped();
        Path home = Files.createTempDirectory("cs-bench-cold");
        List<Double> cold = new ArrayList<>();
        List<Double> start = new ArrayList<>();
        List<Double> coldCpu = new ArrayList<>();
        List<Double> startCpu = new ArrayList<>();
        List<Double> appCpu = new ArrayList<>();
        try (DesktopBackend backend = AtspiDesktopBackend.fromEnvironment()) {
            TestDesktop desktop = new TestDesktop(backend);
            try {
                ObserveBench.run(List.of(ObserveBench.java(), "-cp", ObserveBench.mainClasspath(),
                        "-Dcountersign.home=" + home, "dev.countersign.app.cli.Main", "agent", "add", "bench"));
                String token = Files.readString(home.resolve("tokens").resolve("bench.token")).strip();
                for (int round = 0; round < rounds; round++) {
                    TestDesktop.TargetApp factory = desktop.launchWidgetFactory();
                    Process server = null;
                    try {
                        long spawned = System.nanoTime();
                        server = ObserveBench.serve(home);
                        BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
                        String url = ObserveBench.awaitServing(out, home);
                        start.add((System.nanoTime() - spawned) / 1e6);
                        Thread drain = new Thread(() -> out.lines().forEach(l -> { }), "serve-stdout");
                        drain.setDaemon(true);
                        drain.start();
                        startCpu.add(ObserveBench.cpuMs(server.pid()));
                        ProcessBuilder node = new ProcessBuilder(INTEROP.resolve("node_modules/.bin/node").toString(),
                                INTEROP.resolve("bench-cold.mjs").toString()).directory(INTEROP.toFile())
                                .redirectError(ProcessBuilder.Redirect.INHERIT);
                        node.environment().put("CS_URL", url);
                        node.environment().put("CS_TOKEN", token);
                        node.environment().put("CS_FACTORY_PID", Long.toString(factory.pid()));
                        Process client = node.start();
                        java.io.Writer go = new java.io.OutputStreamWriter(client.getOutputStream(), StandardCharsets.UTF_8);
                        BufferedReader said = new BufferedReader(new InputStreamReader(client.getInputStream(), StandardCharsets.UTF_8));
                        String result = null;
                        double cpu0 = 0;
                        double app0 = 0;
                        for (String line; (line = said.readLine()) != null; ) {
                            if (line.equals("ready cold")) {
                                cpu0 = ObserveBench.cpuMs(server.pid());
                                app0 = ObserveBench.cpuMs(factory.pid());
                                go.write("go\n");
                                go.flush();
                            } else if (line.startsWith("{")) {
                                coldCpu.add(ObserveBench.cpuMs(server.pid()) - cpu0);
                                appCpu.add(ObserveBench.cpuMs(factory.pid()) - app0);
                                result = line;
                            }
                        }
                        if (client.waitFor() != 0 || result == null) {
                            throw new IllegalStateException("the MCP client failed (see its stderr above)");
                        }
                        JsonNode answer = Json.mapper().readTree(result);
                        cold.add(answer.path("coldMs").asDouble());
                        System.err.printf(Locale.ROOT, "round %d: cold %.1f ms (%d nodes), start %.0f ms%n", round + 1,
                                answer.path("coldMs").asDouble(), answer.path("nodes").asInt(), start.get(start.size() - 1));
                    } finally {
                        if (server != null) {
                            ObserveBench.stop(server);
                        }
                        desktop.stop(factory);
                    }
                }
            } finally {
                desktop.cleanUp();
            }
        }
        System.out.println("| task | median ms | p90 ms | runs |");
        System.out.println("|---|---:|---:|---:|");
        System.out.println(ObserveBench.row("first computer_observe after start (cold, fresh gtk3-widget-factory), client to client", cold));
        System.out.println(ObserveBench.row("countersign serve start: spawn to serving", start));
        System.out.println(ObserveBench.row("CPU time of the cold first observe: served app (all threads)", coldCpu));
        System.out.println(ObserveBench.row("CPU time of the cold first observe: gtk3-widget-factory", appCpu));
        System.out.println(ObserveBench.row("CPU time of the served app until serving (all threads)", startCpu));
    }
}
