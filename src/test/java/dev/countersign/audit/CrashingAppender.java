package dev.countersign.audit;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;

/**
 * The child JVM of {@link AuditCrashTest}: appends durable receipts as fast as it can until it is
 * killed. Records are a few KiB so that a kill has a fair chance to land inside a write.
 */
public final class CrashingAppender {
    private CrashingAppender() {
    }

    public static void main(String[] args) {
        String padding = "p".repeat(4096);
        try (AuditLog log = AuditLog.open(Path.of(args[0]), Clock.systemUTC())) {
            for (long i = 0; ; i++) {
                log.append(AuditKind.RECEIPT, "agent-crash", Map.of("i", i, "padding", padding));
            }
        }
    }
}
