package dev.countersign.audit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Builds audit logs for tests and edits them the way someone tampering with the file would. */
final class AuditFiles {
    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-29T12:00:00Z"), ZoneOffset.UTC);

    private AuditFiles() {
    }

    /** A log of {@code n} receipts; record i has {@code data.n == i} and {@code data.note == "record i"}. */
    static Path chain(Path dir, int n) {
        Path file = dir.resolve("audit.jsonl");
        try (AuditLog log = AuditLog.open(file, CLOCK)) {
            for (int i = 1; i <= n; i++) {
                log.append(AuditKind.RECEIPT, "agent-a", Map.of("n", i, "note", "record " + i));
            }
        }
        return file;
    }

    static List<String> lines(Path file) {
        try {
            return new ArrayList<>(Files.readAllLines(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes {@code lines}, each with its newline. */
    static void write(Path file, List<String> lines) {
        try {
            Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] bytes(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void writeBytes(Path file, byte[] bytes) {
        try {
            Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static long newlines(Path file) {
        long count = 0;
        for (byte b : bytes(file)) {
            if (b == '\n') {
                count++;
            }
        }
        return count;
    }
}
