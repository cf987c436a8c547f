package dev.countersign.bench;

import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.Digests;
import dev.countersign.graph.Fixtures;
import dev.countersign.graph.GovernedGraph;
import dev.countersign.graph.GraphStep;
import dev.countersign.graph.ScriptedRuntime;
import dev.countersign.graph.SequentialIds;
import dev.countersign.graph.TestClock;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * One governed action through the whole graph against the in-memory test runtime (no I/O), and
 * the digest of a typical envelope. Run with {@code scripts/bench/core}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class GraphBenchmark {
    private GovernedGraph graph;
    private ActionEnvelope envelope;

    @Setup
    public void setUp() {
        TestClock clock = new TestClock(Fixtures.NOW);
        SequentialIds ids = new SequentialIds();
        ScriptedRuntime runtime = new ScriptedRuntime(clock, ids);
        runtime.calls.clear();
        graph = new GovernedGraph(new CountingRuntime(runtime), Fixtures.noApproval(), clock, ids);
        envelope = Fixtures.envelope();
    }

    @Benchmark
    public GraphStep governedAction() {
        return graph.start(Fixtures.request());
    }

    @Benchmark
    public String envelopeDigest() {
        return Digests.digest(envelope);
    }
}
