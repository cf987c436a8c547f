package dev.countersign.audit;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * The first thing wrong with an audit log, at a 1-based line number. Line and seq agree in an
 * intact log, so the line names where the chain broke, not just which record.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "problem")
@JsonSubTypes({
    @JsonSubTypes.Type(value = AuditProblem.ChangedRecord.class, name = "changed_record"),
    @JsonSubTypes.Type(value = AuditProblem.RemovedRecords.class, name = "removed_records"),
    @JsonSubTypes.Type(value = AuditProblem.ReorderedRecord.class, name = "reordered_record"),
    @JsonSubTypes.Type(value = AuditProblem.BrokenLink.class, name = "broken_link"),
    @JsonSubTypes.Type(value = AuditProblem.UnparseableLine.class, name = "unparseable_line"),
    @JsonSubTypes.Type(value = AuditProblem.CutTail.class, name = "cut_tail"),
})
public sealed interface AuditProblem {

    long line();

    /** What is wrong, for a person. */
    @JsonIgnore
    String description();

    /** The record's content no longer has the hash it was written with: it was changed. */
    record ChangedRecord(@JsonProperty("line") long line, @JsonProperty("seq") long seq,
            @JsonProperty("stored_hash") String storedHash, @JsonProperty("computed_hash") String computedHash)
            implements AuditProblem {
        @Override
        public String description() {
            return "line " + line + " (seq " + seq + ") was changed: its content hashes to " + computedHash
                    + ", not the " + storedHash + " it was written with";
        }
    }

    /** Records {@code firstMissing..lastMissing} are absent before this line and appear nowhere later. */
    record RemovedRecords(@JsonProperty("line") long line, @JsonProperty("first_missing") long firstMissing,
            @JsonProperty("last_missing") long lastMissing) implements AuditProblem {
        @Override
        public String description() {
            String which = firstMissing == lastMissing ? "seq " + firstMissing
                    : "seq " + firstMissing + " to " + lastMissing;
            return "before line " + line + ", " + which + " was removed: the chain jumps to seq " + (lastMissing + 1);
        }
    }

    /** The record at this line belongs elsewhere: its seq repeats, goes back, or comes before one that follows. */
    record ReorderedRecord(@JsonProperty("line") long line, @JsonProperty("expected_seq") long expectedSeq,
            @JsonProperty("found_seq") long foundSeq) implements AuditProblem {
        @Override
        public String description() {
            return "line " + line + " is out of order: it holds seq " + foundSeq + " where seq " + expectedSeq
                    + " belongs";
        }
    }

    /**
     * The record's own hash is right and its seq fits, but its {@code prev} is not the hash of the
     * record before it: that record was replaced (with a recomputed hash) or this one was spliced in.
     */
    record BrokenLink(@JsonProperty("line") long line, @JsonProperty("seq") long seq,
            @JsonProperty("expected_prev") String expectedPrev, @JsonProperty("found_prev") String foundPrev)
            implements AuditProblem {
        @Override
        public String description() {
            return "line " + line + " (seq " + seq + ") does not chain to the line before it: prev is " + foundPrev
                    + ", expected " + expectedPrev;
        }
    }

    /** Not a record of this format (not JSON, a field missing or of the wrong type, an empty line). */
    record UnparseableLine(@JsonProperty("line") long line, @JsonProperty("reason") String reason)
            implements AuditProblem {
        @Override
        public String description() {
            return "line " + line + " is not an audit record: " + reason;
        }
    }

    /**
     * Records were cut off the end: the log's {@link AuditAnchor} names seq {@code anchorSeq}, which
     * the log does not reach (or holds with another hash); or a {@code log_cut} record at this line
     * says the app found it so when it reopened the log.
     */
    record CutTail(@JsonProperty("line") long line, @JsonProperty("anchor_seq") long anchorSeq,
            @JsonProperty("last_seq") long lastSeq) implements AuditProblem {
        @Override
        public String description() {
            return "records were cut off the end: the anchor kept beside the log names seq " + anchorSeq
                    + ", but the log " + (lastSeq < anchorSeq ? "ends at seq " + lastSeq
                    : "holds another record there") + " (line " + line + ")";
        }
    }
}
