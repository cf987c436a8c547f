package dev.countersign.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AuditVerifierTest {
    private static final int N = 12;

    @TempDir
    Path dir;

    @Nested
    class Intents {
        private Map<String, Object> act(String actionId) {
            Map<String, Object> data = new java.util.LinkedHashMap<>();
            data.put("tool", "computer_act");
            data.put("action_id", actionId);
            return data;
        }

        @Test
        void anIntentWithoutItsReceiptIsListedAndTheChainStaysIntact() {
            Path file = dir.resolve("intents.jsonl");
            try (AuditLog log = AuditLog.open(file, AuditFiles.CLOCK)) {
                log.append(AuditKind.INTENT, "agent-a", act("act_1"));
                log.append(AuditKind.RECEIPT, "agent-a", act("act_1"));
                log.append(AuditKind.INTENT, "agent-b", act("act_2"));
            }
            AuditVerification verified = AuditVerifier.verify(file);
            assertThat(verified.ok()).isTrue();
            assertThat(verified.intentsWithoutOutcome())
                    .containsExactly(new AuditVerification.OpenIntent(3, "act_2", "agent-b"));
            assertThat(verified.summary()).contains("intent without outcome", "seq 3 act_2 (agent-b)");
        }

        @Test
        void aReceiptForAnotherActDoesNotCloseAnIntent() {
            Path file = dir.resolve("other.jsonl");
            try (AuditLog log = AuditLog.open(file, AuditFiles.CLOCK)) {
                log.append(AuditKind.INTENT, "agent-a", act("act_1"));
                log.append(AuditKind.RECEIPT, "agent-a", act("act_9"));
            }
            assertThat(AuditVerifier.verify(file).intentsWithoutOutcome()).extracting(AuditVerification.OpenIntent::actionId)
                    .containsExactly("act_1");
        }
    }

    @Nested
    class IntactLogs {
        @Test
        void aChainOfRecordsVerifies() {
            Path file = AuditFiles.chain(dir, N);

            AuditVerification result = AuditVerifier.verify(file);

            assertThat(result.ok()).isTrue();
            assertThat(result.recordsChecked()).isEqualTo(N);
            assertThat(result.lastSeq()).isEqualTo(N);
            assertThat(result.torn()).isEmpty();
            assertThat(result.summary()).startsWith("OK: 12 records, chain intact");
        }

        @Test
        void anEmptyLogVerifiesWithNoRecords() throws Exception {
            Path file = Files.createFile(dir.resolve("audit.jsonl"));

            AuditVerification result = AuditVerifier.verify(file);

            assertThat(result.ok()).isTrue();
            assertThat(result.recordsChecked()).isZero();
            assertThat(result.lastHash()).isEqualTo(AuditRecord.GENESIS);
        }

        @Test
        void aMissingLogIsAnInternalErrorNotAnEmptyLog() {
            assertThatThrownBy(() -> AuditVerifier.verify(dir.resolve("nowhere.jsonl")))
                    .isInstanceOf(CountersignException.class)
                    .satisfies(e -> assertThat(((CountersignException) e).error().code()).isEqualTo(ErrorCode.INTERNAL));
        }

        @Test
        void theResultSerializesForTheCommandLinesJsonOutput() throws Exception {
            Path file = AuditFiles.chain(dir, 3);
            List<String> lines = AuditFiles.lines(file);
            lines.set(1, lines.get(1).replace("record 2", "edited"));
            AuditFiles.write(file, lines);

            String json = Json.mapper().writeValueAsString(AuditVerifier.verify(file));

            assertThat(json).contains("\"ok\":false", "\"problem\":\"changed_record\"", "\"line\":2",
                    "\"records_checked\":1");
        }
    }

    @Nested
    class Tampering {
        @ParameterizedTest(name = "record {0}")
        @ValueSource(ints = {1, 5, N})
        void aChangedFieldIsReportedAtItsLine(int k) {
            Path file = AuditFiles.chain(dir, N);
            List<String> lines = AuditFiles.lines(file);
            lines.set(k - 1, lines.get(k - 1).replace("\"record " + k + "\"", "\"nothing happened\""));
            AuditFiles.write(file, lines);

            AuditVerification result = AuditVerifier.verify(file);

            assertThat(result.ok()).isFalse();
            assertThat(result.problem()).isInstanceOf(AuditProblem.ChangedRecord.class);
            assertThat(result.problem().line()).isEqualTo(k);
            assertThat(result.recordsChecked()).isEqualTo(k - 1);
            assertThat(result.summary()).startsWith("BROKEN: line " + k + " (seq " + k + ") was changed");
        }

        @Test
        void aChangedTimestampIsReportedAtItsLine() {
            Path file = AuditFiles.chain(dir, N);
            List<String> lines = AuditFiles.lines(file);
            lines.set(6, lines.get(6).replace("2026-11-29T12:00:00.000Z", "2026-11-28T12:00:00.000Z"));
            AuditFiles.write(file, lines);

            assertThat(AuditVerifier.verify(file).problem())
                    .isInstanceOf(AuditProblem.ChangedRecord.class)
                    .extracting(AuditProblem::line).isEqualTo(7L);
        }

        @ParameterizedTest(name = "record {0}")
        @ValueSource(ints = {1, 5, N - 1})
        void aRemovedRecordIsReportedAtTheLineWhereItIsMissing(int k) {
            Path file = AuditFiles.chain(dir, N);
            List<String> lines = AuditFiles.lines(file);
            lines.remove(k - 1);
            AuditFiles.write(file, lines);

            AuditVerification result = AuditVerifier.verify(file);

            assertThat(result.problem()).isEqualTo(new AuditProblem.RemovedRecords(k, k, k));
            assertThat(result.problem().description()).isEqualTo(
                    "before line " + k + ", seq " + k + " was removed: the chain jumps to seq " + (k + 1));
        }

        @Test
        void severalRemovedRecordsAreReportedAsOneRange() {
            Path file = AuditFiles.chain(dir, N);
            List<String> lines = AuditFiles.lines(file);
            lines.subList(3, 6).clear();
            AuditFiles.write(file, lines);

            assertThat(AuditVerifier.verify(file).problem()).isEqualTo(new AuditProblem.RemovedRecords(4, 4, 6));
        }

        @ParameterizedTest(name = "records {0} and {0}+1")
        @ValueSource(ints = {1, 5, N - 1})
        void swappedNeighboursAreReportedAsReorderedAtTheFirstOfThem(int k) {
            Path file = AuditFiles.chain(dir, N);
            List<String> lines = AuditFiles.lines(file);
            Collections.swap(lines, k - 1, k);
            AuditFiles.write(file, lines);

            AuditVerification result = AuditVerifier.verify(file);

            assertThat(result.problem()).isEqualTo(new AuditProblem.ReorderedRecord(k, k, k + 1));
            assertThat(result.recordsChecked()).isEqualTo(k - 1);
        }

        @Test
        void distantSwappedRecordsAreReportedAsReordered() {
            Path file = AuditFiles.chain(dir, N);
            List<String> lines = AuditFiles.lines(file);
            Collections.swap(lines, 2, 9);
            AuditFiles.write(file, lines);

            assertThat(AuditVerifier.verify(file).problem()).isEqualTo(new AuditProblem.ReorderedRecord(3, 3, 10));
        }

        @Test
        void aRepeatedRecordIsReportedAsReordered() {
            Path file = AuditFiles.chain(dir, N);
            List<String> lines = AuditFiles.lines(file);
            lines.add(4, lines.get(3));
            AuditFiles.write(file, lines);

            assertThat(AuditVerifier.verify(file).problem()).isEqualTo(new AuditProblem.ReorderedRecord(5, 5, 4));
        }

        @Test
        void aForgedRecordWithARecomputedHashBreaksTheLinkOfTheNextLine() throws Exception {
            Path file = AuditFiles.chain(dir, N);
            List<String> lines = AuditFiles.lines(file);
            ObjectNode forged = (ObjectNode) Json.mapper().readTree(lines.get(4));
            ((ObjectNode) forged.get("data")).put("note", "nothing happened");
            forged.remove("hash");
            forged.put("hash", RecordCodec.hashOf(forged));
            lines.set(4, Json.mapper().writeValueAsString(forged));
            AuditFiles.write(file, lines);

            AuditVerification result = AuditVerifier.verify(file);

            assertThat(result.problem()).isInstanceOf(AuditProblem.BrokenLink.class);
            assertThat(result.problem().line()).isEqualTo(6);
        }

        @Test
        void aRecordWithAnExtraFieldIsNotARecord() throws Exception {
            Path file = AuditFiles.chain(dir, 3);
            List<String> lines = AuditFiles.lines(file);
            ObjectNode extra = (ObjectNode) Json.mapper().readTree(lines.get(1));
            extra.put("approved", true);
            lines.set(1, Json.mapper().writeValueAsString(extra));
            AuditFiles.write(file, lines);

            assertThat(AuditVerifier.verify(file).problem())
                    .isEqualTo(new AuditProblem.UnparseableLine(2, "unknown field \"approved\""));
        }

        @Test
        void aRepeatedKeyIsNotARecordEvenIfTheHashMatchesTheLastValue() {
            Path file = AuditFiles.chain(dir, 3);
            List<String> lines = AuditFiles.lines(file);
            lines.set(1, lines.get(1).replaceFirst("\\{\"seq\":2,", "{\"kind\":\"approval_allowed\",\"seq\":2,"));
            AuditFiles.write(file, lines);

            AuditVerification result = AuditVerifier.verify(file);

            assertThat(result.problem()).isInstanceOf(AuditProblem.UnparseableLine.class);
            assertThat(result.problem().line()).isEqualTo(2);
        }

        @Test
        void garbageInTheMiddleIsReportedAtItsLine() {
            Path file = AuditFiles.chain(dir, N);
            List<String> lines = AuditFiles.lines(file);
            lines.set(7, "{\"seq\":8, this is not json");
            AuditFiles.write(file, lines);

            AuditVerification result = AuditVerifier.verify(file);

            assertThat(result.problem()).isInstanceOf(AuditProblem.UnparseableLine.class);
            assertThat(result.problem().line()).isEqualTo(8);
            assertThat(result.problem().description()).startsWith("line 8 is not an audit record: not JSON");
        }

        @Test
        void anEmptyLineIsNotARecord() {
            Path file = AuditFiles.chain(dir, 3);
            List<String> lines = AuditFiles.lines(file);
            lines.add(1, "");
            AuditFiles.write(file, lines);

            assertThat(AuditVerifier.verify(file).problem()).isEqualTo(new AuditProblem.UnparseableLine(2, "empty line"));
        }

        @Test
        void removingTheLastRecordsIsACutTailAgainstTheAnchor() {
            // A chain cannot see its own end cut off; the anchor kept beside it can.
            Path file = AuditFiles.chain(dir, N);
            List<String> lines = AuditFiles.lines(file);
            AuditFiles.write(file, lines.subList(0, N - 2));

            AuditVerification result = AuditVerifier.verify(file);

            assertThat(result.ok()).isFalse();
            assertThat(result.firstProblem()).contains(new AuditProblem.CutTail(N - 1, N, N - 2));
            assertThat(result.summary()).contains("cut off the end");
        }

        @Test
        void aCutTailRewrittenWithNewRecordsIsStillCaughtAtTheAnchorsSeq() {
            Path file = AuditFiles.chain(dir, 3);
            AuditFiles.write(file, AuditFiles.lines(file).subList(0, 1));
            try (AuditLog log = AuditLog.open(file, AuditFiles.CLOCK)) {
                // Reopening on a cut log records the cut before chaining on.
                log.append(AuditKind.RECEIPT, "agent-a", java.util.Map.of("status", "confirmed"));
            }

            AuditVerification result = AuditVerifier.verify(file);

            assertThat(result.ok()).isFalse();
            assertThat(result.firstProblem()).containsInstanceOf(AuditProblem.CutTail.class);
        }
    }

    @Nested
    class TornTails {
        @Test
        void aLastLineCutInTheMiddleIsAcceptedUpToTheLastCompleteRecord() {
            Path file = AuditFiles.chain(dir, N);
            byte[] bytes = AuditFiles.bytes(file);
            int lastLineStart = lastLineStart(bytes);
            int cut = lastLineStart + (bytes.length - lastLineStart) / 2;
            AuditFiles.writeBytes(file, Arrays.copyOf(bytes, cut));
            anchorAtTheLastCompleteRecord(file);

            AuditVerification result = AuditVerifier.verify(file);

            assertThat(result.ok()).isTrue();
            assertThat(result.recordsChecked()).isEqualTo(N - 1);
            assertThat(result.tornTail()).isEqualTo(new TornTail(N, cut - lastLineStart));
            assertThat(result.summary()).contains("chain intact", "line 12 is torn");
        }

        @Test
        void aCompleteLastRecordWithoutItsNewlineIsStillTorn() {
            // The newline is the commit mark: append never returned for a line without one.
            Path file = AuditFiles.chain(dir, 3);
            byte[] bytes = AuditFiles.bytes(file);
            AuditFiles.writeBytes(file, Arrays.copyOf(bytes, bytes.length - 1));
            anchorAtTheLastCompleteRecord(file);

            AuditVerification result = AuditVerifier.verify(file);

            assertThat(result.ok()).isTrue();
            assertThat(result.recordsChecked()).isEqualTo(2);
            assertThat(result.torn()).isPresent();
        }

        /**
         * A torn line is a write that never returned, and the anchor is written only after the
         * log's fsync: a crash mid-write leaves the anchor at the record before the torn one.
         */
        void anchorAtTheLastCompleteRecord(Path file) {
            AuditVerification complete = AuditVerifier.verify(file);
            try {
                java.nio.file.Files.delete(AuditAnchor.fileFor(file));
                new AuditAnchor(complete.lastSeq(), complete.lastHash()).write(file);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }

        @Test
        void aLogThatIsOnlyATornLineHasNoRecords() {
            Path file = dir.resolve("audit.jsonl");
            AuditFiles.writeBytes(file, "{\"seq\":1,\"at\":\"2026".getBytes(StandardCharsets.UTF_8));

            AuditVerification result = AuditVerifier.verify(file);

            assertThat(result.ok()).isTrue();
            assertThat(result.recordsChecked()).isZero();
            assertThat(result.tornTail()).isEqualTo(new TornTail(1, 19));
        }

        @Test
        void aBrokenRecordBeforeATornTailIsStillReported() {
            Path file = AuditFiles.chain(dir, 4);
            List<String> lines = AuditFiles.lines(file);
            lines.set(1, lines.get(1).replace("record 2", "edited"));
            AuditFiles.writeBytes(file, (String.join("\n", lines) + "\n{\"seq\":5").getBytes(StandardCharsets.UTF_8));

            AuditVerification result = AuditVerifier.verify(file);

            assertThat(result.ok()).isFalse();
            assertThat(result.problem().line()).isEqualTo(2);
        }
    }

    @Test
    void aHandWrittenRecordWithACorrectHashVerifies() throws Exception {
        // The format is open: anyone can write the chain with sha256 over RFC 8785 JSON.
        ObjectNode body = AuditRecord.body(1, "2026-11-29T12:00:00Z", "paused", null,
                JsonNodeFactory.instance.objectNode().put("by", "person"), AuditRecord.GENESIS);
        body.put("hash", RecordCodec.hashOf(body.deepCopy()));
        Path file = dir.resolve("audit.jsonl");
        AuditFiles.write(file, List.of(Json.mapper().writeValueAsString(body)));

        assertThat(AuditVerifier.verify(file).ok()).isTrue();
    }

    private static int lastLineStart(byte[] bytes) {
        for (int i = bytes.length - 2; i >= 0; i--) {
            if (bytes[i] == '\n') {
                return i + 1;
            }
        }
        return 0;
    }
}
