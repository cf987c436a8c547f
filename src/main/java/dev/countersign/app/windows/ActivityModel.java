package dev.countersign.app.windows;

import dev.countersign.driver.Receipt;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import dev.countersign.audit.AuditVerification;
import dev.countersign.audit.AuditVerifier;

/** The Activity window without a stage: filtering, the status colours, the detail text, audit health. */
final class ActivityModel {
    static final String ALL = "All";
    static final List<String> STATUSES = List.of(ALL, "confirmed", "unknown", "rejected", "failed");

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneId.systemDefault());

    /** Audit chain health as a line and a tone (ok / bad / muted). */
    record Health(String text, String tone, String full) {
    }

    private ActivityModel() {
    }

    static List<ActivityFeed.Entry> filter(List<ActivityFeed.Entry> entries, String agent, String status) {
        return entries.stream()
                .filter(e -> agent == null || ALL.equals(agent) || agent.equals(e.agent()))
                .filter(e -> status == null || ALL.equals(status) || status.equals(e.receipt().status()))
                .collect(Collectors.toList());
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

    static String time(ActivityFeed.Entry e) {
        return TIME.format(e.seenAt());
    }

    /** What the receipt says, one fact a line, for the detail pane. */
    static String detail(ActivityFeed.Entry e) {
        Receipt r = e.receipt();
        StringBuilder b = new StringBuilder();
        line(b, "Agent", e.agent());
        line(b, "Seen", TIME.format(e.seenAt()));
        line(b, "Status", r.status() + (r.code() == null ? "" : " (" + r.code() + ")"));
        line(b, "Detail", r.detail());
        line(b, "Hint", r.hint());
        line(b, "Receipt", r.receiptId());
        line(b, "Action", r.actionId());
        line(b, "Strategy", r.strategy());
        if (r.verification() != null) {
            line(b, "Verification", r.verification().outcome()
                    + (r.verification().detail() == null ? "" : " \u2014 " + r.verification().detail()));
        }
        if (r.approval() != null) {
            Receipt.ApprovalView a = r.approval();
            line(b, "Approval", (a.required() ? "required" : "not required")
                    + (a.category() == null ? "" : ", " + a.category())
                    + (a.decision() == null ? "" : ", " + a.decision())
                    + (a.decidedAt() == null ? "" : " at " + a.decidedAt()));
        } else {
            line(b, "Approval", "not required");
        }
        line(b, "After", r.postObservationId());
        if (r.timings() != null && !r.timings().isEmpty()) {
            line(b, "Timings", r.timings().entrySet().stream()
                    .map(t -> t.getKey() + " " + t.getValue() + " ms").collect(Collectors.joining(", ")));
        }
        return b.toString().stripTrailing();
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

    static List<String> agents(List<String> names) {
        return Stream.concat(Stream.of(ALL), names.stream())
                .collect(Collectors.toList());
    }

    private static void line(StringBuilder b, String key, String value) {
        if (value != null && !value.isEmpty()) {
            b.append(String.format(Locale.ROOT, "%-13s%s%n", key, value));
        }
    }
}
