package dev.countersign.audit;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.Digests;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Checks an {@link ExportFile} with nothing but the file: the records chain from where the export
 * says they join, each hashes to itself, the last is the anchor, and every picture's bytes hash to
 * the name its record gives it. Each problem is named; a bad file is a result, and only a file that
 * is not an export at all is refused ({@link ErrorCode#INVALID_ARGUMENT}).
 */
public final class ExportVerifier {

    private ExportVerifier() {
    }

    /** Whether {@code file} is an export (its first field is {@code format}) rather than a log. */
    public static boolean isExport(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file); JsonParser p = Json.mapper().getFactory().createParser(in)) {
            return p.nextToken() == JsonToken.START_OBJECT && p.nextToken() == JsonToken.FIELD_NAME
                    && "format".equals(p.getCurrentName());
        } catch (JsonParseException e) {
            return false;
        }
    }

    /** Verifies the export at {@code file}. */
    public static ExportVerification verify(Path file) {
        ExportFile export;
        try {
            export = Json.mapper().readValue(file.toFile(), ExportFile.class);
        } catch (IOException | IllegalArgumentException e) {
            throw new CountersignException(CountersignError.of(ErrorCode.INVALID_ARGUMENT,
                    file + " is not a readable audit export: " + Redactor.redactText(e.getMessage())), e);
        }
        if (!ExportFile.FORMAT.equals(export.format()) || export.from() == null || export.anchor() == null
                || export.records() == null) {
            throw new CountersignException(CountersignError.of(ErrorCode.INVALID_ARGUMENT,
                    file + " is not an audit export of format " + ExportFile.FORMAT));
        }
        return verify(export);
    }

    /** Verifies an export already read. */
    public static ExportVerification verify(ExportFile export) {
        List<ExportVerification.Problem> problems = new ArrayList<>();
        AuditVerification chain = chain(export);
        chain.firstProblem().ifPresent(p -> problems.add(new ExportVerification.Problem(kindOf(p),
                p.description().replace("line ", "entry "))));
        if (chain.ok() && chain.torn().isEmpty()) {
            anchor(export.anchor(), chain).ifPresent(problems::add);
        }
        List<String> missing = new ArrayList<>();
        int checked = pictures(export, problems, missing);
        return new ExportVerification(chain.recordsChecked(), checked, problems, missing);
    }

    private static AuditVerification chain(ExportFile export) {
        StringBuilder joined = new StringBuilder();
        for (String record : export.records()) {
            // A record holding a newline is split here and shows as an unparseable entry.
            joined.append(record == null ? "" : record).append('\n');
        }
        try (LineReader lines = new LineReader(new ByteArrayInputStream(joined.toString().getBytes(StandardCharsets.UTF_8)))) {
            return AuditVerifier.verify(lines, export.from().seq(), export.from().prev(), -1, null);
        } catch (IOException e) {
            throw new IllegalStateException("reading from memory does not fail", e);
        }
    }

    private static Optional<ExportVerification.Problem> anchor(AuditAnchor anchor, AuditVerification chain) {
        if (chain.lastSeq() < anchor.seq()) {
            return Optional.of(new ExportVerification.Problem("cut_tail", "records were cut off the end: "
                    + "the anchor names seq " + anchor.seq() + ", but the records end at seq " + chain.lastSeq()));
        }
        if (chain.lastSeq() != anchor.seq() || !chain.lastHash().equals(anchor.hash())) {
            return Optional.of(new ExportVerification.Problem("anchor_mismatch", "the anchor was changed: it names seq "
                    + anchor.seq() + " with hash " + anchor.hash() + ", but the records end at seq " + chain.lastSeq()
                    + " with hash " + chain.lastHash()));
        }
        return Optional.empty();
    }

    /** Checks every picture the records name; returns how many matched. */
    private static int pictures(ExportFile export, List<ExportVerification.Problem> problems, List<String> missing) {
        Map<String, String> named = new LinkedHashMap<>();
        for (String record : export.records()) {
            try {
                AuditRecord r = RecordCodec.parse(record == null ? new byte[0] : record.getBytes(StandardCharsets.UTF_8)).record();
                for (Map.Entry<String, String> p : AuditPictures.referenced(r.data())) {
                    named.putIfAbsent(p.getValue(), "the " + p.getKey() + " picture of seq " + r.seq());
                }
            } catch (RecordCodec.MalformedRecord e) {
                // The chain check has named it.
            }
        }
        Map<String, String> held = export.pictures() == null ? Map.of() : export.pictures();
        int matched = 0;
        for (Map.Entry<String, String> p : held.entrySet()) {
            String which = named.getOrDefault(p.getKey(), "the picture " + p.getKey());
            byte[] bytes;
            try {
                bytes = Base64.getDecoder().decode(p.getValue() == null ? "" : p.getValue());
            } catch (IllegalArgumentException e) {
                problems.add(new ExportVerification.Problem("picture_unreadable", which + " is not base64"));
                continue;
            }
            String actual = Digests.sha256Hex(bytes);
            if (actual.equals(p.getKey())) {
                matched++;
            } else {
                problems.add(new ExportVerification.Problem("picture_replaced", which + " was replaced: its bytes hash to "
                        + actual + ", not the " + p.getKey() + " the record holds"));
            }
        }
        for (Map.Entry<String, String> n : named.entrySet()) {
            if (!held.containsKey(n.getKey())) {
                missing.add(n.getValue() + " (" + n.getKey() + ")");
            }
        }
        return matched;
    }

    /** The stable name of a chain problem, as {@code audit verify --json} writes it. */
    static String kindOf(AuditProblem p) {
        if (p instanceof AuditProblem.ChangedRecord) {
            return "changed_record";
        } else if (p instanceof AuditProblem.RemovedRecords) {
            return "removed_records";
        } else if (p instanceof AuditProblem.ReorderedRecord) {
            return "reordered_record";
        } else if (p instanceof AuditProblem.BrokenLink) {
            return "broken_link";
        } else if (p instanceof AuditProblem.CutTail) {
            return "cut_tail";
        }
        return "unparseable_line";
    }
}
