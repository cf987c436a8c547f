package dev.countersign.audit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A writer killed with SIGKILL mid-stream leaves a log that verifies up to its last complete record. */
@Tag("slow")
class AuditCrashTest {
    private static final int RECORDS_BEFORE_KILL = 120;

    @TempDir
    Path dir;

    @Test
    void aKilledWriterLeavesALogThatVerifiesAndCanBeContinued() throws Exception {
        Path file = dir.resolve("audit.jsonl");
        Process child = startChild(file);
        try {
            awaitRecords(child, file, RECORDS_BEFORE_KILL, Duration.ofSeconds(15));
        } finally {
            child.destroyForcibly();
            assertThat(child.waitFor(10, TimeUnit.SECONDS)).as("the child JVM exits after SIGKILL").isTrue();
        }

        AuditVerification afterCrash = AuditVerifier.verify(file);
        assertThat(afterCrash.ok()).as(afterCrash.summary()).isTrue();
        assertThat(afterCrash.recordsChecked()).isGreaterThanOrEqualTo(RECORDS_BEFORE_KILL);

        long expected = afterCrash.recordsChecked() + (afterCrash.torn().isPresent() ? 2 : 1);
        try (AuditLog log = AuditLog.open(file, AuditFiles.CLOCK)) {
            assertThat(log.recovered().isPresent()).isEqualTo(afterCrash.torn().isPresent());
            log.append(AuditKind.SERVER_STARTED, null, Map.of("after", "crash"));
        }
        AuditVerification continued = AuditVerifier.verify(file);
        assertThat(continued.ok()).as(continued.summary()).isTrue();
        assertThat(continued.torn()).isEmpty();
        assertThat(continued.recordsChecked()).isEqualTo(expected);
    }

    private Process startChild(Path file) throws Exception {
        String java = ProcessHandle.current().info().command().orElse(
                Path.of(System.getProperty("java.home"), "bin", "java").toString());
        return new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
                CrashingAppender.class.getName(), file.toString()))
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("child.log").toFile())
                .start();
    }

    private static void awaitRecords(Process child, Path file, int records, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (file.toFile().exists() && AuditFiles.newlines(file) >= records) {
                return;
            }
            assertThat(child.isAlive()).as("the child appends until it is killed").isTrue();
            Thread.sleep(5);
        }
        throw new AssertionError("the child did not write " + records + " records within " + timeout);
    }
}
