package dev.countersign.audit;

import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import dev.countersign.core.Timestamps;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Writes {@code countersign audit export}: the records of a log from a moment on, the anchor they
 * end at and the pictures they hash, as one {@link ExportFile} that {@link ExportVerifier} checks
 * anywhere. Only a log that verifies is exported: a broken one is refused (and named), so an export
 * never launders a problem into a file that looks clean.
 */
public final class AuditExport {

    private AuditExport() {
    }

    /**
     * The export of {@code log}'s records at or after {@code since}; refuses with
     * {@link ErrorCode#INVALID_ARGUMENT} a log that does not verify, and with {@link ErrorCode#INTERNAL}
     * one it cannot read.
     */
    public static ExportFile of(Path log, Instant since, Instant now) {
        AuditVerification whole = AuditVerifier.verify(log);
        if (!whole.ok()) {
            throw new CountersignException(CountersignError.of(ErrorCode.INVALID_ARGUMENT,
                    "the audit log " + log + " does not verify, so it is not exported: " + whole.summary()));
        }
        AuditPictures store = AuditPictures.forLog(log);
        List<String> records = new ArrayList<>();
        Map<String, String> pictures = new LinkedHashMap<>();
        ExportFile.Start from = null;
        String prev = AuditRecord.GENESIS;
        try (LineReader lines = new LineReader(Files.newInputStream(log))) {
            for (LineReader.Line line = lines.next(); line != null && line.terminated(); line = lines.next()) {
                AuditRecord record = RecordCodec.parse(line.content()).record();
                if (record.seq() > whole.lastSeq()) {
                    break;
                }
                if (from == null && !record.instant().isBefore(since)) {
                    from = new ExportFile.Start(record.seq(), record.prev());
                }
                if (from != null) {
                    records.add(new String(line.content(), StandardCharsets.UTF_8));
                    for (Map.Entry<String, String> picture : AuditPictures.referenced(record.data())) {
                        Optional<byte[]> png = store.read(picture.getValue());
                        // A picture the age or size limit already removed is left out; verify names it missing.
                        png.ifPresent(bytes -> pictures.put(picture.getValue(), Base64.getEncoder().encodeToString(bytes)));
                    }
                }
                prev = record.hash();
            }
        } catch (IOException e) {
            throw new CountersignException(CountersignError.of(ErrorCode.INTERNAL,
                    "could not read the audit log " + log + ": " + e.getMessage()), e);
        } catch (RecordCodec.MalformedRecord e) {
            throw new CountersignException(CountersignError.of(ErrorCode.INVALID_ARGUMENT,
                    "the audit log " + log + " changed while it was exported: " + e.getMessage()));
        }
        if (from == null) {
            from = new ExportFile.Start(whole.lastSeq() + 1, prev);
        }
        AuditAnchor anchor = new AuditAnchor(whole.lastSeq(), whole.lastSeq() == 0 ? AuditRecord.GENESIS : whole.lastHash());
        return new ExportFile(ExportFile.FORMAT, Timestamps.format(now), Timestamps.format(since), from, anchor,
                records, pictures);
    }

    /** Writes {@code export} to {@code out} (0600, temp then rename, so a reader never sees half a file). */
    public static void write(ExportFile export, Path out) throws IOException {
        PrivateFiles.replace(out.toAbsolutePath(), Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsBytes(export));
    }
}
