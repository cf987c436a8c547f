package dev.countersign.app.windows;

import dev.countersign.audit.AuditVerification;
import dev.countersign.audit.AuditVerifier;
import java.nio.file.Files;
import java.nio.file.Path;

/** The Activity window's colours and audit health, without a stage (the cards are {@link ActivityTimeline}'s). */
final class ActivityModel {

    /** Audit chain health as a line and a tone (ok / bad / muted). */
    record Health(String text, String tone, String full) {
    }

    private ActivityModel() {
    }

    /** The style class that colours a status: green only with evidence, amber for unknown. */
    static String tone(String status) {
        switch (status == null ? "" : status) {
            case "confirmed": return "cs-status-ok";
            case "unknown": return "cs-status-warn";
            case "rejected":
            case "failed": return "cs-status-bad";
            default: return "cs-status-muted";
        }
    }

    /** Verifies the audit chain (reads the whole file; call off the FX thread). */
    static Health auditHealth(Path auditFile) {
        if (auditFile == null || !Files.exists(auditFile)) {
            return new Health("Audit log: none yet", "cs-status-muted", "The log starts with the endpoint.");
        }
        AuditVerification v = AuditVerifier.verify(auditFile);
        String text = v.ok()
                ? "Audit chain intact: " + v.recordsChecked() + (v.recordsChecked() == 1 ? " record" : " records")
                : "Audit chain BROKEN: " + v.firstProblem().map(p -> p.description()).orElse("");
        return new Health(text, v.ok() ? "cs-status-ok" : "cs-status-bad", auditFile + "\n" + v.summary());
    }
}
