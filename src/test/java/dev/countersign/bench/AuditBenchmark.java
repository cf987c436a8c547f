package dev.countersign.bench;

import dev.countersign.audit.AuditKind;
import dev.countersign.audit.AuditLog;
import dev.countersign.audit.AuditRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The audit record every {@code computer_observe} writes (not fsynced on its own: chatter), appended
 * to a log in a temporary directory: redaction, the chain hash over the record's canonical form,
 * the line and its write. Run with {@code scripts/bench/core}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class AuditBenchmark {
    private Path dir;
    private AuditLog log;
    private final Map<String, Object> observed = new LinkedHashMap<>();

    @Setup(Level.Iteration)
    public void setUp() throws IOException {
        dir = Files.createTempDirectory("cs-audit-bench");
        log = AuditLog.open(dir.resolve("audit.jsonl"), Clock.systemUTC());
        observed.put("tool", "computer_observe");
        observed.put("observation_id", "obs_AbCdEfGhIjKl");
        observed.put("fingerprint", "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08");
        observed.put("app", "gtk3-widget-factory");
        observed.put("nodes", 148);
    }

    @TearDown(Level.Iteration)
    public void tearDown() throws IOException {
        log.close();
        try (var files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.delete(f);
            }
        }
        Files.delete(dir);
    }

    @Benchmark
    public AuditRecord observedRecord() {
        return log.append(AuditKind.OBSERVED, "agent_claude", observed);
    }
}
