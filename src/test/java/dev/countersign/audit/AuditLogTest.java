package dev.countersign.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.countersign.core.CountersignException;
import dev.countersign.core.Digests;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class AuditLogTest {
    @TempDir
    Path dir;

    private Path file() {
        return dir.resolve("audit").resolve("audit.jsonl");
    }

    @Nested
    class RecordFormat {
        @Test
        void theFirstRecordChainsToGenesisAndHasAKnownHash() {
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("tool", "computer_act");
            data.put("status", "confirmed");
            try (AuditLog log = AuditLog.open(file(), AuditFiles.CLOCK)) {
                log.append(AuditKind.RECEIPT, "agent-a", data);
            }

            // Known answer computed outside Java: printf '%s' '<canonical>' | sha256sum, where
            // <canonical> is the record without "hash", members sorted (RFC 8785):
            // {"agent_id":"agent-a","at":"2026-11-29T12:00:00.000Z","data":{"status":"confirmed",
            // "tool":"computer_act"},"kind":"receipt","prev":"000…000","seq":1}
            assertThat(AuditFiles.lines(file())).containsExactly("{\"seq\":1,\"at\":\"2026-11-29T12:00:00.000Z\","
                    + "\"kind\":\"receipt\",\"agent_id\":\"agent-a\",\"data\":{\"tool\":\"computer_act\","
                    + "\"status\":\"confirmed\"},\"prev\":\"" + AuditRecord.GENESIS + "\",\"hash\":\""
                    + "b14736c209fd6e6d0d3852967bde65e13a2a10cee5395fc723952ce28bf47162\"}");
        }

        @Test
        void eachRecordCarriesThePreviousRecordsHashAndTheHashOfItsOwnCanonicalForm() throws Exception {
            Path file = AuditFiles.chain(dir, 5);

            String prev = AuditRecord.GENESIS;
            long seq = 1;
            for (String line : AuditFiles.lines(file)) {
                ObjectNode record = (ObjectNode) Json.mapper().readTree(line);
                String hash = record.remove("hash").textValue();
                assertThat(record.get("seq").longValue()).isEqualTo(seq++);
                assertThat(record.get("prev").textValue()).isEqualTo(prev);
                assertThat(hash).isEqualTo(Digests.digestJson(Json.mapper().writeValueAsString(record)));
                prev = hash;
            }
        }

        @Test
        void theAppendedRecordIsReturnedAsWritten() {
            try (AuditLog log = AuditLog.open(file(), AuditFiles.CLOCK)) {
                AuditRecord first = log.append(AuditKind.PAUSED, null, Map.of("by", "tray"));
                AuditRecord second = log.append(AuditKind.RESUMED, null, Map.of());

                assertThat(first.seq()).isEqualTo(1);
                assertThat(first.agent()).isEmpty();
                assertThat(first.kind()).isEqualTo("paused");
                assertThat(second.prev()).isEqualTo(first.hash());
                assertThat(log.lastSeq()).isEqualTo(2);
                assertThat(log.lastHash()).isEqualTo(second.hash());
            }
        }

        @Test
        void numbersAndUnicodeInDataSurviveTheRoundTripThroughTheFile() {
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("ratio", 0.1);
            data.put("tiny", 1e-7);
            data.put("big", 12345678901234567L);
            data.put("name", "Überweisung \u20ac \uD83D\uDE00 \u2028 \"quoted\"\n");
            data.put("lone", "a\uD800b");
            data.put("nested", List.of(Map.of("z", 1, "a", true), List.of()));
            try (AuditLog log = AuditLog.open(file(), AuditFiles.CLOCK)) {
                log.append(AuditKind.RECEIPT, "agent-ü", data);
            }

            assertThat(AuditVerifier.verify(file()).ok()).isTrue();
            assertThat(AuditFiles.lines(file())).hasSize(1);
        }

        @Test
        void nonFiniteNumbersAreRefusedBecauseJsonCannotCarryThem() {
            try (AuditLog log = AuditLog.open(file(), AuditFiles.CLOCK)) {
                assertThatThrownBy(() -> log.append(AuditKind.RECEIPT, "a", Map.of("x", Double.NaN)))
                        .isInstanceOf(IllegalArgumentException.class);
                assertThat(log.lastSeq()).isZero();
            }
        }

        /**
         * A record too long for a line (a forwarded act on an element whose label is megabytes
         * long) is still written, its long texts as their digests: before, the append threw and
         * the act had no record at all.
         */
        @Test
        void aRecordOverTheSizeLimitIsWrittenWithItsLongTextsAsDigests() throws Exception {
            String huge = "x".repeat(RecordCodec.MAX_RECORD_BYTES);
            try (AuditLog log = AuditLog.open(file(), AuditFiles.CLOCK)) {
                AuditRecord record = log.append(AuditKind.RECEIPT, "a", Map.of("target", huge, "status", "unknown"));
                assertThat(record.data().path("status").asText()).isEqualTo("unknown");
                assertThat(record.data().path("target").asText())
                        .isEqualTo("sha256:" + dev.countersign.core.Digests.sha256Hex(huge) + ", "
                                + huge.length() + " chars");
                log.append(AuditKind.RECEIPT, "a", Map.of());
            }
            assertThat(AuditVerifier.verify(file()).recordsChecked()).isEqualTo(2);
            assertThat(AuditVerifier.verify(file()).ok()).isTrue();
        }

        @Test
        void aRecordTooLongEvenWithItsTextsDigestedIsRefusedAndNothingIsWritten() {
            Map<String, Object> many = new java.util.LinkedHashMap<>();
            for (int i = 0; i < 40_000; i++) {
                many.put("k" + i, "v".repeat(40));
            }
            try (AuditLog log = AuditLog.open(file(), AuditFiles.CLOCK)) {
                assertThatThrownBy(() -> log.append(AuditKind.RECEIPT, "a", many))
                        .isInstanceOf(IllegalArgumentException.class)
                        .hasMessageContaining("at most");
                log.append(AuditKind.RECEIPT, "a", Map.of());
            }
            assertThat(AuditVerifier.verify(file()).recordsChecked()).isEqualTo(1);
        }

        @Test
        void aNewLogIsReadableByItsOwnerOnly() throws Exception {
            AuditLog.open(file(), AuditFiles.CLOCK).close();

            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file()))).isEqualTo("rw-------");
        }
    }

    @Nested
    class Durability {
        @ParameterizedTest
        @EnumSource(names = {"APPROVAL_REQUESTED", "APPROVAL_ALLOWED", "APPROVAL_DENIED", "APPROVAL_WITHDRAWN",
            "RECEIPT", "AGENT_ADDED", "AGENT_REMOVED", "PAUSED", "RESUMED"})
        void decisionsAndReceiptsAreFsyncedBeforeAppendReturns(AuditKind kind) {
            assertThat(kind.durable()).isTrue();
        }

        @Test
        void wireNamesAreDistinctSnakeCase() {
            Set<String> names = new HashSet<>();
            for (AuditKind kind : AuditKind.values()) {
                assertThat(kind.wire()).matches(AuditRecord.KIND.pattern()).isEqualTo(kind.name().toLowerCase());
                assertThat(names.add(kind.wire())).isTrue();
            }
        }

        @Test
        void anInterruptedCallerStillGetsItsRecordWrittenAndTheLogStaysOpen() {
            // A cancelled tool call interrupts its thread; that must not close the log for everyone.
            try (AuditLog log = AuditLog.open(file(), AuditFiles.CLOCK)) {
                Thread.currentThread().interrupt();
                try {
                    log.append(AuditKind.APPROVAL_WITHDRAWN, "agent-a", Map.of());
                } finally {
                    assertThat(Thread.interrupted()).isTrue();
                }
                log.append(AuditKind.RECEIPT, "agent-a", Map.of());
            }
            assertThat(AuditVerifier.verify(file()).recordsChecked()).isEqualTo(2);
        }

        @Test
        void aClosedLogRefusesAppends() {
            AuditLog log = AuditLog.open(file(), AuditFiles.CLOCK);
            log.close();

            assertThatThrownBy(() -> log.append(AuditKind.RECEIPT, "a", Map.of()))
                    .isInstanceOf(CountersignException.class).hasMessageContaining("closed");
        }
    }

    @Nested
    class Reopening {
        @Test
        void reopeningAnExistingLogContinuesTheChain() {
            Path file = AuditFiles.chain(dir, 3);
            String lastHash = AuditVerifier.verify(file).lastHash();

            try (AuditLog log = AuditLog.open(file, AuditFiles.CLOCK)) {
                assertThat(log.lastSeq()).isEqualTo(3);
                assertThat(log.recovered()).isEmpty();
                AuditRecord next = log.append(AuditKind.AGENT_ADDED, "agent-b", Map.of());
                assertThat(next.seq()).isEqualTo(4);
                assertThat(next.prev()).isEqualTo(lastHash);
            }
            assertThat(AuditVerifier.verify(file).recordsChecked()).isEqualTo(4);
        }

        @Test
        void aTornTailIsTruncatedAndTheRecoveryIsItselfRecorded() {
            Path file = AuditFiles.chain(dir, 3);
            byte[] bytes = AuditFiles.bytes(file);
            byte[] torn = "{\"seq\":4,\"at\":\"2026-11-29T12:00:00Z\",\"ki".getBytes(StandardCharsets.UTF_8);
            byte[] withTorn = Arrays.copyOf(bytes, bytes.length + torn.length);
            System.arraycopy(torn, 0, withTorn, bytes.length, torn.length);
            AuditFiles.writeBytes(file, withTorn);

            try (AuditLog log = AuditLog.open(file, AuditFiles.CLOCK)) {
                assertThat(log.recovered()).contains(new TornTail(4, torn.length));
                log.append(AuditKind.RECEIPT, "agent-a", Map.of());
            }

            List<String> lines = AuditFiles.lines(file);
            assertThat(lines).hasSize(5).noneMatch(line -> line.contains("\"ki\""));
            assertThat(lines.get(3)).contains("\"kind\":\"log_recovered\"", "\"torn_bytes\":" + torn.length,
                    "\"torn_sha256\":\"" + Digests.sha256Hex(torn) + "\"");
            assertThat(AuditVerifier.verify(file).ok()).isTrue();
            assertThat(AuditVerifier.verify(file).recordsChecked()).isEqualTo(5);
        }

        @Test
        void aLogWhoseLastCompleteRecordIsBrokenIsRefused() {
            Path file = AuditFiles.chain(dir, 3);
            List<String> lines = AuditFiles.lines(file);
            lines.set(2, lines.get(2).replace("record 3", "edited"));
            AuditFiles.write(file, lines);

            assertThatThrownBy(() -> AuditLog.open(file, AuditFiles.CLOCK))
                    .isInstanceOf(CountersignException.class)
                    .hasMessageContaining("last complete record is broken")
                    .satisfies(e -> assertThat(((CountersignException) e).error().code()).isEqualTo(ErrorCode.INTERNAL));
            assertThat(AuditFiles.lines(file)).isEqualTo(lines);
        }

        @Test
        void aSecondWriterForTheSameFileIsRefused() {
            try (AuditLog first = AuditLog.open(file(), AuditFiles.CLOCK)) {
                assertThatThrownBy(() -> AuditLog.open(file(), AuditFiles.CLOCK))
                        .isInstanceOf(CountersignException.class)
                        .hasMessageContaining("already open for writing");
                first.append(AuditKind.RECEIPT, "a", Map.of());
            }
            // Released on close.
            AuditLog.open(file(), AuditFiles.CLOCK).close();
        }
    }

    @Test
    void concurrentAppendsFormOneValidChainWithoutInterleavedLines() throws Exception {
        int threads = 8;
        int perThread = 200;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        try (AuditLog log = AuditLog.open(file(), AuditFiles.CLOCK)) {
            Future<?>[] futures = new Future<?>[threads];
            for (int t = 0; t < threads; t++) {
                int thread = t;
                futures[t] = pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < perThread; i++) {
                        log.append(i % 3 == 0 ? AuditKind.OBSERVED : AuditKind.RECEIPT, "agent-" + thread,
                                Map.of("thread", thread, "i", i, "padding", "p".repeat(100 * thread)));
                    }
                    return null;
                });
            }
            start.countDown();
            for (Future<?> future : futures) {
                future.get(30, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }

        AuditVerification result = AuditVerifier.verify(file());
        assertThat(result.ok()).as(result.summary()).isTrue();
        assertThat(result.recordsChecked()).isEqualTo(threads * perThread);
        Set<String> seen = new HashSet<>();
        for (String line : AuditFiles.lines(file())) {
            JsonNode data = Json.mapper().readTree(line).get("data");
            seen.add(data.get("thread").intValue() + "/" + data.get("i").intValue());
        }
        assertThat(seen).hasSize(threads * perThread);
    }
}
