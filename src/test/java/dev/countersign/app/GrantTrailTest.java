package dev.countersign.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.audit.AuditLog;
import dev.countersign.audit.AuditVerifier;
import dev.countersign.driver.GrantBook;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A grant's life in the audit chain: created, each use, its end or its revocation, in order. */
class GrantTrailTest {
    @TempDir
    Path home;

    @Test
    void recordsCreationUsesAndTheEndInTheHashChain() throws Exception {
        Path file = home.resolve("audit.jsonl");
        Instant now = Instant.parse("2026-11-29T12:00:00Z");
        GrantBook.Grant grant = new GrantBook.Grant("tgrant_1",
                new GrantBook.Scope("claude", "Mail", 100, "Inbox", "send", "click"), "p", now,
                now.plusSeconds(600), 20, 0);
        GrantBook.Grant used = new GrantBook.Grant(grant.id(), grant.scope(), "p", now, grant.expiresAt(), 20, 1);
        try (AuditLog log = AuditLog.open(file, Clock.systemUTC())) {
            GrantTrail trail = new GrantTrail(log);
            trail.created(grant);
            trail.used(used, "act_1");
            trail.ended(used, GrantBook.End.EXPIRED);
            trail.ended(used, GrantBook.End.REVOKED);
        }
        List<String> lines = Files.readAllLines(file);
        assertThat(lines.stream().filter(l -> l.contains("tgrant_1")).toList()).satisfiesExactly(
                l -> assertThat(l).contains("\"grant_created\"", "\"agent_id\":\"claude\"", "\"app\":\"Mail\"",
                        "\"category\":\"send\"", "\"operation\":\"click\"", "\"max_acts\":20", "\"by\":\"person\""),
                l -> assertThat(l).contains("\"grant_used\"", "\"action_id\":\"act_1\"", "\"left\":19"),
                l -> assertThat(l).contains("\"grant_ended\"", "\"reason\":\"expired\""),
                l -> assertThat(l).contains("\"grant_revoked\"", "\"reason\":\"revoked\""));
        assertThat(AuditVerifier.verify(file).ok()).isTrue();
    }
}
