package dev.countersign.audit;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * What {@link ExportVerifier} found in an exported file: how many records chain intact, how many
 * pictures matched their hashes, every problem (each with a stable {@code kind}), and the pictures
 * the records name that the file does not hold (removed by the age or size limit before export: a
 * gap, reported, but not a forgery — a replaced picture is).
 */
public record ExportVerification(
        @JsonProperty("records_checked") long recordsChecked,
        @JsonProperty("pictures_checked") int picturesChecked,
        @JsonProperty("problems") List<Problem> problems,
        @JsonProperty("missing_pictures") List<String> missingPictures) {

    /**
     * One thing wrong, named: {@code removed_records}, {@code changed_record},
     * {@code reordered_record}, {@code broken_link}, {@code unparseable_line}, {@code cut_tail}
     * (from the chain), {@code anchor_mismatch}, {@code picture_replaced}, {@code picture_unreadable}.
     */
    public record Problem(@JsonProperty("kind") String kind, @JsonProperty("description") String description) {
    }

    public ExportVerification {
        problems = List.copyOf(problems);
        missingPictures = List.copyOf(missingPictures);
    }

    @JsonProperty("ok")
    public boolean ok() {
        return problems.isEmpty();
    }

    /** What {@code countersign audit verify FILE} prints, one line a fact. */
    @JsonIgnore
    public String summary() {
        StringBuilder out = new StringBuilder();
        if (ok()) {
            out.append("OK: ").append(recordsChecked).append(recordsChecked == 1 ? " record" : " records")
                    .append(", chain intact up to its anchor; ").append(picturesChecked)
                    .append(picturesChecked == 1 ? " picture matches its hash." : " pictures match their hashes.");
        } else {
            out.append("BROKEN:");
            for (Problem p : problems) {
                out.append(System.lineSeparator()).append("  ").append(p.kind()).append(": ").append(p.description());
            }
        }
        for (String missing : missingPictures) {
            out.append(System.lineSeparator()).append("  not included: ").append(missing);
        }
        return out.toString();
    }
}
