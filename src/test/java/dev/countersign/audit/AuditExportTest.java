package dev.countersign.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.core.CountersignException;
import dev.countersign.core.Json;
import dev.countersign.graph.TestClock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An export is checked with nothing but the file: each way of tampering with it (a removed record,
 * an edited field, two records swapped, a picture replaced, the anchor changed) is named.
 */
class AuditExportTest {
    private static final Instant START = Instant.parse("2026-12-01T09:00:00Z");
    private static final byte[] PICTURE_A = "\u0089PNG picture of the Send button".getBytes(StandardCharsets.ISO_8859_1);
    private static final byte[] PICTURE_B = "\u0089PNG picture after the click".getBytes(StandardCharsets.ISO_8859_1);

    @TempDir
    Path dir;
    Path log;
    String pictureA;

    /** Six receipts a minute apart; the fifth names two pictures kept beside the log. */
    @BeforeEach
    void sixRecordsWithPictures() throws Exception {
        log = dir.resolve("audit/audit.jsonl");
        Files.createDirectories(log.getParent());
        AuditPictures pictures = AuditPictures.forLog(log);
        pictureA = pictures.put(PICTURE_A);
        String pictureB = pictures.put(PICTURE_B);
        TestClock clock = new TestClock(START);
        try (AuditLog audit = AuditLog.open(log, clock)) {
            for (int i = 1; i <= 6; i++) {
                Map<String, Object> data = new LinkedHashMap<>();
                data.put("n", i);
                data.put("status", "confirmed");
                if (i == 5) {
                    data.put(AuditPictures.KEY, Map.of("before", pictureA, "after", pictureB));
                }
                audit.append(AuditKind.RECEIPT, "agent-a", data);
                clock.advance(Duration.ofMinutes(1));
            }
        }
    }

    private ExportFile exportSinceThirdRecord() {
        return AuditExport.of(log, START.plus(Duration.ofMinutes(2)), START.plus(Duration.ofHours(1)));
    }

    private static ExportFile withRecords(ExportFile e, List<String> records) {
        return new ExportFile(e.format(), e.exportedAt(), e.since(), e.from(), e.anchor(), records, e.pictures());
    }

    private static List<String> kinds(ExportVerification v) {
        List<String> kinds = new ArrayList<>();
        v.problems().forEach(p -> kinds.add(p.kind()));
        return kinds;
    }

    @Nested
    class Exporting {
        @Test
        void anExportHoldsTheRecordsSinceTheMomentTheirAnchorAndPictures() {
            ExportFile export = exportSinceThirdRecord();

            assertThat(export.records()).hasSize(4);
            assertThat(export.from().seq()).isEqualTo(3);
            assertThat(export.anchor().seq()).isEqualTo(6);
            assertThat(export.pictures()).hasSize(2).containsKey(pictureA);
        }

        @Test
        void anIntactExportWrittenToAFileVerifiesWithNothingElse() throws Exception {
            Path out = dir.resolve("elsewhere/export.json");
            Files.createDirectories(out.getParent());
            AuditExport.write(exportSinceThirdRecord(), out);
            // Nothing beside the export: the log and its pictures are gone.
            Files.walk(dir.resolve("audit")).sorted((a, b) -> b.compareTo(a)).forEach(p -> p.toFile().delete());

            assertThat(ExportVerifier.isExport(out)).isTrue();
            ExportVerification v = ExportVerifier.verify(out);

            assertThat(v.ok()).as(v.summary()).isTrue();
            assertThat(v.recordsChecked()).isEqualTo(4);
            assertThat(v.picturesChecked()).isEqualTo(2);
        }

        @Test
        void aLogThatDoesNotVerifyIsNotExported() throws Exception {
            List<String> lines = AuditFiles.lines(log);
            lines.set(1, lines.get(1).replace("\"confirmed\"", "\"failed\""));
            AuditFiles.write(log, lines);

            assertThatThrownBy(() -> exportSinceThirdRecord()).isInstanceOf(CountersignException.class)
                    .hasMessageContaining("INVALID_ARGUMENT").hasMessageContaining("line 2");
        }

        @Test
        void aPictureRemovedByTheAgeLimitIsReportedMissingNotForged() throws Exception {
            Files.delete(AuditPictures.forLog(log).file(pictureA));

            ExportVerification v = ExportVerifier.verify(exportSinceThirdRecord());

            assertThat(v.ok()).isTrue();
            assertThat(v.missingPictures()).singleElement().asString().contains("before picture of seq 5");
        }

        @Test
        void aFileThatIsNotAnExportIsRefusedWithACode() throws Exception {
            Path notExport = dir.resolve("other.json");
            Files.writeString(notExport, "{\"format\":\"something-else\",\"records\":[]}");

            assertThatThrownBy(() -> ExportVerifier.verify(notExport)).isInstanceOf(CountersignException.class)
                    .hasMessageContaining("INVALID_ARGUMENT");
            assertThat(ExportVerifier.isExport(log)).isFalse();
        }
    }

    @Nested
    class Tampering {
        @Test
        void aRemovedRecordIsNamed() {
            ExportFile export = exportSinceThirdRecord();
            List<String> records = new ArrayList<>(export.records());
            records.remove(1);

            ExportVerification v = ExportVerifier.verify(withRecords(export, records));

            assertThat(kinds(v)).containsExactly("removed_records");
            assertThat(v.summary()).contains("seq 4 was removed");
        }

        @Test
        void anEditedFieldIsNamed() {
            ExportFile export = exportSinceThirdRecord();
            List<String> records = new ArrayList<>(export.records());
            records.set(2, records.get(2).replace("\"confirmed\"", "\"failed\""));

            ExportVerification v = ExportVerifier.verify(withRecords(export, records));

            assertThat(kinds(v)).containsExactly("changed_record");
            assertThat(v.summary()).contains("seq 5").contains("was changed");
        }

        @Test
        void twoRecordsSwappedAreNamed() {
            ExportFile export = exportSinceThirdRecord();
            List<String> records = new ArrayList<>(export.records());
            records.set(1, export.records().get(2));
            records.set(2, export.records().get(1));

            ExportVerification v = ExportVerifier.verify(withRecords(export, records));

            assertThat(kinds(v)).containsExactly("reordered_record");
            assertThat(v.summary()).contains("out of order");
        }

        @Test
        void aReplacedPictureIsNamed() {
            ExportFile export = exportSinceThirdRecord();
            Map<String, String> pictures = new LinkedHashMap<>(export.pictures());
            pictures.put(pictureA, Base64.getEncoder().encodeToString("\u0089PNG another picture".getBytes(StandardCharsets.ISO_8859_1)));

            ExportVerification v = ExportVerifier.verify(new ExportFile(export.format(), export.exportedAt(),
                    export.since(), export.from(), export.anchor(), export.records(), pictures));

            assertThat(kinds(v)).containsExactly("picture_replaced");
            assertThat(v.summary()).contains("the before picture of seq 5 was replaced");
        }

        @Test
        void aChangedAnchorIsNamed() {
            ExportFile export = exportSinceThirdRecord();
            AuditAnchor changed = new AuditAnchor(export.anchor().seq(), "ab".repeat(32));

            ExportVerification v = ExportVerifier.verify(new ExportFile(export.format(), export.exportedAt(),
                    export.since(), export.from(), changed, export.records(), export.pictures()));

            assertThat(kinds(v)).containsExactly("anchor_mismatch");
        }

        @Test
        void theLastRecordCutOffIsNamed() {
            ExportFile export = exportSinceThirdRecord();

            ExportVerification v = ExportVerifier.verify(withRecords(export, export.records().subList(0, 3)));

            assertThat(kinds(v)).containsExactly("cut_tail");
        }

        @Test
        void anEditedFileOnDiskIsNamedByTheCommandsVerifier() throws Exception {
            Path out = dir.resolve("export.json");
            AuditExport.write(exportSinceThirdRecord(), out);
            ExportFile read = Json.mapper().readValue(out.toFile(), ExportFile.class);
            List<String> records = new ArrayList<>(read.records());
            records.set(0, records.get(0).replace("\"agent-a\"", "\"agent-b\""));
            AuditExport.write(withRecords(read, records), out);

            assertThat(kinds(ExportVerifier.verify(out))).containsExactly("changed_record");
        }
    }
}
