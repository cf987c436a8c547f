package dev.countersign.audit;

import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks an audit log's hash chain from the first line and names the first line where it breaks:
 * a changed record, removed records, a reordered record, a broken link or a line that is not a
 * record. A bad log is a result, never an exception; only failing to read the file throws.
 *
 * <p>What a chain cannot show on its own, records cut off the end, the {@link AuditAnchor} kept
 * beside the log shows.
 */
public final class AuditVerifier {

    private AuditVerifier() {
    }

    /**
     * Verifies the log at {@code file}, and that it reaches its {@link AuditAnchor} when it has one;
     * throws {@link CountersignException} (INTERNAL) only if it cannot be read.
     */
    public static AuditVerification verify(Path file) {
        AuditAnchor anchor;
        try {
            anchor = AuditAnchor.read(file).orElse(null);
        } catch (IOException e) {
            throw new CountersignException(CountersignError.of(ErrorCode.INTERNAL, e.getMessage()), e);
        }
        try (LineReader lines = new LineReader(Files.newInputStream(file))) {
            return verify(lines, anchor);
        } catch (IOException e) {
            throw new CountersignException(CountersignError.of(ErrorCode.INTERNAL,
                    "could not read the audit log " + file + ": " + e.getMessage()), e);
        }
    }

    private static AuditVerification verify(LineReader lines, AuditAnchor anchor) throws IOException {
        AuditVerification chain = verify(lines, 1, AuditRecord.GENESIS,
                anchor == null ? -1 : anchor.seq(), anchor == null ? null : anchor.hash());
        if (chain.ok() && anchor != null && chain.lastSeq() < anchor.seq()) {
            return new AuditVerification(chain.recordsChecked(), chain.lastSeq(), chain.lastHash(),
                    new AuditProblem.CutTail(chain.lastSeq() + 1, anchor.seq(), chain.lastSeq()), chain.tornTail(),
                    chain.intentsWithoutOutcome());
        }
        return chain;
    }

    /**
     * Checks a chain that starts at seq {@code firstSeq}, whose first record names {@code firstPrev}
     * as its predecessor: a whole log starts at 1 and {@link AuditRecord#GENESIS}, an exported part
     * of one wherever its export began ({@link AuditExport}).
     */
    static AuditVerification verify(LineReader lines, long firstSeq, String firstPrev, long anchorSeq,
            String anchorHash) throws IOException {
        long checked = 0;
        long expectedSeq = firstSeq;
        String prevHash = firstPrev;
        OpenIntents intents = new OpenIntents();
        for (LineReader.Line line = lines.next(); line != null; line = lines.next()) {
            long n = line.number();
            if (line.tooLong()) {
                return done(checked, expectedSeq, prevHash, new AuditProblem.UnparseableLine(n,
                        "longer than the " + RecordCodec.MAX_RECORD_BYTES + "-byte limit (" + line.length() + " bytes)"));
            }
            if (!line.terminated()) {
                // The only line that may lack its newline is the last one, and only because a
                // write was cut short; the chain is judged up to the record before it.
                return new AuditVerification(checked, expectedSeq - 1, prevHash, null, new TornTail(n, line.length()),
                        intents.open());
            }
            RecordCodec.Parsed parsed;
            try {
                parsed = RecordCodec.parse(line.content());
            } catch (RecordCodec.MalformedRecord e) {
                return done(checked, expectedSeq, prevHash, new AuditProblem.UnparseableLine(n, Redactor.redactText(e.getMessage())));
            }
            AuditRecord record = parsed.record();
            if (!parsed.hashMatches()) {
                return done(checked, expectedSeq, prevHash,
                        new AuditProblem.ChangedRecord(n, record.seq(), record.hash(), parsed.computedHash()));
            }
            if (record.seq() < expectedSeq) {
                return done(checked, expectedSeq, prevHash, new AuditProblem.ReorderedRecord(n, expectedSeq, record.seq()));
            }
            if (record.seq() > expectedSeq) {
                // Locally a swap and a removal look the same (a seq jumps ahead); they differ in
                // whether a skipped seq turns up later.
                AuditProblem problem = laterHoldsAnyOf(lines, expectedSeq, record.seq())
                        ? new AuditProblem.ReorderedRecord(n, expectedSeq, record.seq())
                        : new AuditProblem.RemovedRecords(n, expectedSeq, record.seq() - 1);
                return done(checked, expectedSeq, prevHash, problem);
            }
            if (!record.prev().equals(prevHash)) {
                return done(checked, expectedSeq, prevHash, new AuditProblem.BrokenLink(n, record.seq(), prevHash, record.prev()));
            }
            if (record.seq() == anchorSeq && !record.hash().equals(anchorHash)) {
                // The tail was cut and rewritten: the chain holds, but not the record the anchor saw.
                return done(checked, expectedSeq, prevHash, new AuditProblem.CutTail(n, anchorSeq, record.seq()));
            }
            if (AuditKind.LOG_CUT.wire().equals(record.kind())) {
                // The app found the log cut when it reopened it and chained on; the loss stays reported.
                return done(checked, expectedSeq, prevHash, new AuditProblem.CutTail(n,
                        record.data().path("anchor_seq").asLong(record.seq()), record.seq() - 1));
            }
            intents.read(record);
            checked++;
            expectedSeq++;
            prevHash = record.hash();
        }
        return new AuditVerification(checked, expectedSeq - 1, prevHash, null, null, intents.open());
    }

    /** Whether any later line holds a seq in {@code [from, to)}. */
    private static boolean laterHoldsAnyOf(LineReader lines, long from, long to) throws IOException {
        for (LineReader.Line line = lines.next(); line != null; line = lines.next()) {
            if (line.terminated() && !line.tooLong()) {
                long seq = RecordCodec.seqOrNegative(line.content());
                if (seq >= from && seq < to) {
                    return true;
                }
            }
        }
        return false;
    }

    private static AuditVerification done(long checked, long expectedSeq, String lastHash, AuditProblem problem) {
        return new AuditVerification(checked, expectedSeq - 1, lastHash, problem, null);
    }
}
