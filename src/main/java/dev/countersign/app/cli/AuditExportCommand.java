package dev.countersign.app.cli;

import dev.countersign.app.Home;
import dev.countersign.audit.AuditExport;
import dev.countersign.audit.ExportFile;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Timestamps;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code countersign audit export --since … --out FILE}: one file anyone can check with {@code audit verify FILE}. */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = {"Write the audit records since a moment, the anchor they end at and the pictures they hash "
                + "to one file that `countersign audit verify FILE` checks on any machine.",
            "Exits 0 when written, 1 when the log does not verify (nothing is written), 2 on bad input."})
final class AuditExportCommand implements Callable<Integer> {
    private static final Pattern AGO = Pattern.compile("(\\d{1,6})([mhd])");

    @Spec
    CommandSpec spec;

    @Option(names = "--since", required = true, paramLabel = "WHEN",
            description = "An RFC 3339 time (2026-12-01T09:00:00Z), a date (2026-12-01, local midnight), "
                    + "or a span back from now (30m, 12h, 7d).")
    String since;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "Where to write the export.")
    Path out;

    @Option(names = "--file", paramLabel = "F", description = "The log to export (default: <home>/audit/audit.jsonl).")
    Path file;

    Clock clock = Clock.systemUTC();

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        Optional<Instant> from = parseSince(since, clock);
        if (from.isEmpty()) {
            err.println("countersign audit export: INVALID_ARGUMENT: --since is an RFC 3339 time, a date "
                    + "(YYYY-MM-DD) or a span such as 12h or 7d, not '" + since + "'");
            return 2;
        }
        if (Files.isDirectory(out)) {
            err.println("countersign audit export: INVALID_ARGUMENT: --out names a folder; give a file");
            return 2;
        }
        Path log = file != null ? file : Home.current().auditFile();
        ExportFile export;
        try {
            export = AuditExport.of(log, from.get(), clock.instant());
        } catch (CountersignException e) {
            err.println("countersign audit export: " + e.getMessage());
            return e.error().code() == ErrorCode.INVALID_ARGUMENT ? 1 : 2;
        }
        try {
            AuditExport.write(export, out);
        } catch (IOException e) {
            err.println("countersign audit export: INTERNAL: cannot write " + out + ": " + e.getMessage());
            return 2;
        }
        spec.commandLine().getOut().println("Wrote " + export.records().size()
                + (export.records().size() == 1 ? " record" : " records") + " and " + export.pictures().size()
                + (export.pictures().size() == 1 ? " picture" : " pictures") + " to " + out
                + ". Check it anywhere with: countersign audit verify " + out);
        return 0;
    }

    /** {@code --since} as an instant: RFC 3339, a local date, or a span back from now; empty when it is none. */
    static Optional<Instant> parseSince(String text, Clock clock) {
        if (text == null) {
            return Optional.empty();
        }
        Matcher ago = AGO.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (ago.matches()) {
            long n = Long.parseLong(ago.group(1));
            Duration span = "m".equals(ago.group(2)) ? Duration.ofMinutes(n)
                    : "h".equals(ago.group(2)) ? Duration.ofHours(n) : Duration.ofDays(n);
            return Optional.of(clock.instant().minus(span));
        }
        Optional<Instant> at = Timestamps.parse(text.trim());
        if (at.isPresent()) {
            return at;
        }
        try {
            return Optional.of(LocalDate.parse(text.trim()).atStartOfDay(ZoneId.systemDefault()).toInstant());
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }
}
