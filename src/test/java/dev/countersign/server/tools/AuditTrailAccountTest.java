package dev.countersign.server.tools;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.countersign.audit.AuditExport;
import dev.countersign.audit.AuditLog;
import dev.countersign.audit.AuditPictures;
import dev.countersign.audit.ExportVerifier;
import dev.countersign.core.Digests;
import dev.countersign.core.Json;
import dev.countersign.driver.ActAccount;
import dev.countersign.driver.PictureRules;
import dev.countersign.driver.Receipt;
import dev.countersign.driver.ToolResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A receipt's audit record carries its act's account: words, who allowed it, and its pictures by hash. */
class AuditTrailAccountTest {
    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-01T09:00:00Z"), ZoneOffset.UTC);
    static final byte[] BEFORE = "png: the Send button".getBytes(StandardCharsets.UTF_8);
    static final byte[] QUESTION = "png: the marked capture".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    static Receipt receipt(String id) {
        return new Receipt(id, "act_1", "confirmed", null, "the button's window closed", null,
                new Receipt.VerificationView("verified", "the button's window closed"),
                new Receipt.ApprovalView(true, "send", "allowed_once", "2026-12-01T09:00:00Z"), null, "element",
                Map.of());
    }

    private JsonNode lastRecord(Path log) throws Exception {
        List<String> lines = Files.readAllLines(log);
        return Json.mapper().readTree(lines.get(lines.size() - 1));
    }

    @Test
    void theRecordHoldsTheWordsWhoAllowedItAndEachPicturesHashKeptBesideTheLog() throws Exception {
        Path file = dir.resolve("audit/audit.jsonl");
        Files.createDirectories(file.getParent());
        ActAccount account = new ActAccount("rcpt_1", "Click \u2018Send\u2019 in Mail \u2014 window \u2018Re: invoice\u2019",
                "Mail", "Re: invoice", null, "click", true, null, Map.of("before", BEFORE, "question", QUESTION),
                PictureRules.DEFAULT);
        try (AuditLog log = AuditLog.open(file, CLOCK)) {
            AuditTrail trail = new AuditTrail(log, id -> id.equals("rcpt_1") ? Optional.of(account) : Optional.empty());
            ToolResults.auditedReceipt(trail, "claude", "computer_act", ToolResult.ok(receipt("rcpt_1")));
        }

        JsonNode data = lastRecord(file).path("data");
        assertThat(data.path("act").asText()).isEqualTo(account.words());
        assertThat(data.path("app").asText()).isEqualTo("Mail");
        assertThat(data.path("asked").asBoolean()).isTrue();
        assertThat(data.path("evidence").asText()).isEqualTo("the button's window closed");
        String before = data.path("pictures").path("before").asText();
        assertThat(before).isEqualTo(Digests.sha256Hex(BEFORE));
        assertThat(data.path("pictures").path("question").asText()).isEqualTo(Digests.sha256Hex(QUESTION));
        Path kept = AuditPictures.forLog(file).file(before);
        assertThat(Files.readAllBytes(kept)).isEqualTo(BEFORE);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(kept))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(kept.getParent()))).isEqualTo("rwx------");
        // The export carries both pictures and checks them with nothing else.
        assertThat(ExportVerifier.verify(AuditExport.of(file, Instant.EPOCH, CLOCK.instant())).picturesChecked())
                .isEqualTo(2);
    }

    @Test
    void withPicturesTurnedOffNoneIsKeptOrNamed() throws Exception {
        Path file = dir.resolve("audit/audit.jsonl");
        Files.createDirectories(file.getParent());
        ActAccount account = new ActAccount("rcpt_2", "Click \u2018OK\u2019 in yad", "yad", "Form", null, "click", false,
                "the policy asks only about risky acts, and nothing in this one matched", Map.of("before", BEFORE),
                PictureRules.OFF);
        try (AuditLog log = AuditLog.open(file, CLOCK)) {
            AuditTrail trail = new AuditTrail(log, id -> Optional.of(account));
            ToolResults.auditedReceipt(trail, "claude", "computer_act", ToolResult.ok(receipt("rcpt_2")));
        }

        JsonNode data = lastRecord(file).path("data");
        assertThat(data.has("pictures")).isFalse();
        assertThat(data.path("not_asked_why").asText()).contains("nothing in this one matched");
        assertThat(AuditPictures.forLog(file).dir()).doesNotExist();
    }

    @Test
    void picturesOverTheSizeCapOrOlderThanTheAgeLimitAreRemovedOldestFirst() throws Exception {
        Path file = dir.resolve("audit/audit.jsonl");
        AuditPictures pictures = AuditPictures.forLog(file);
        String old = pictures.put(new byte[400]);
        Files.setLastModifiedTime(pictures.file(old), java.nio.file.attribute.FileTime.from(
                CLOCK.instant().minus(java.time.Duration.ofDays(40))));
        String a = pictures.put(new byte[300]);
        Files.setLastModifiedTime(pictures.file(a), java.nio.file.attribute.FileTime.from(
                CLOCK.instant().minusSeconds(60)));
        String b = pictures.put(new byte[301]);
        Files.setLastModifiedTime(pictures.file(b), java.nio.file.attribute.FileTime.from(CLOCK.instant()));

        pictures.prune(400, java.time.Duration.ofDays(30), CLOCK.instant());

        assertThat(pictures.read(old)).isEmpty();
        assertThat(pictures.read(a)).isEmpty();
        assertThat(pictures.read(b)).isPresent();
    }
}
