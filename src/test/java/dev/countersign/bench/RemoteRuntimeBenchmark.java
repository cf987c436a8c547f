package dev.countersign.bench;

import dev.countersign.audit.AuditLog;
import dev.countersign.graph.ActionResult;
import dev.countersign.graph.Fixtures;
import dev.countersign.graph.GovernedGraph;
import dev.countersign.graph.GraphStep;
import dev.countersign.graph.ScriptedRuntime;
import dev.countersign.graph.SequentialIds;
import dev.countersign.graph.TestClock;
import dev.countersign.remote.ComputerUseMcpRuntime;
import dev.countersign.remote.McpRuntimeLink;
import dev.countersign.remote.ScriptedRuntimePort;
import dev.countersign.server.AgentDirectory;
import dev.countersign.server.EndpointConfig;
import dev.countersign.server.McpEndpoint;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What governing another Countersign costs per action: one governed action through the graph over
 * {@link ComputerUseMcpRuntime} — six runtime operations as MCP tool calls over loopback HTTP to a
 * runtime endpoint, with every binding check at both boundaries — against a scripted far side
 * (no desktop). Compare with {@link GraphBenchmark#governedAction} (the same graph in memory).
 * Run with {@code scripts/bench/remote}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(1)
public class RemoteRuntimeBenchmark {
    private Path home;
    private AuditLog audit;
    private McpEndpoint endpoint;
    private McpRuntimeLink link;
    private ComputerUseMcpRuntime runtime;
    private GovernedGraph graph;
    private ScriptedRuntimePort port;
    private ScriptedRuntime far;

    @Setup
    public void setUp() throws Exception {
        home = Files.createTempDirectory("cs-bench-remote");
        AgentDirectory governors = new AgentDirectory(home.resolve("governors.json"), Clock.systemUTC(),
                new SecureRandom());
        audit = AuditLog.open(home.resolve("audit").resolve("audit.jsonl"), Clock.systemUTC());
        port = new ScriptedRuntimePort();
        Path socket = home.resolve("runtime.sock");
        endpoint = McpEndpoint.startRuntime(EndpointConfig.defaults().withPort(0).withLimits(1e6, 1_000_000, 16)
                .withSocket(socket), port, governors, audit, "bench");
        link = McpRuntimeLink.connect(socket, governors.add("bench").token(), Duration.ofSeconds(30));
        TestClock clock = new TestClock(Fixtures.NOW);
        SequentialIds ids = new SequentialIds();
        far = new ScriptedRuntime(clock, ids);
        port.current = far;
        runtime = new ComputerUseMcpRuntime(link, clock);
        graph = new GovernedGraph(runtime, Fixtures.noApproval(), clock, ids);
    }

    @Benchmark
    public ActionResult governedActionOverMcp() {
        GraphStep.Finished done = (GraphStep.Finished) graph.start(Fixtures.request());
        done.state().previews().forEach(runtime::forget);
        far.calls.clear();
        far.released.clear();
        return done.result();
    }

    @TearDown
    public void tearDown() {
        link.close();
        endpoint.close();
        audit.close();
    }
}
