package dev.countersign.audit;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Optional;

/**
 * What {@link AuditVerifier} found: how many records form an intact chain from the start, the
 * last intact record's seq and hash (write the hash down elsewhere to detect later truncation),
 * the first problem if any, and a torn final line if the log ends in one.
 *
 * <p>A torn tail alone does not make a log bad: the chain is intact up to the last complete record.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AuditVerification(
        @JsonProperty("records_checked") long recordsChecked,
        @JsonProperty("last_seq") long lastSeq,
        @JsonProperty("last_hash") String lastHash,
        @JsonProperty("problem") AuditProblem problem,
        @JsonProperty("torn_tail") TornTail tornTail) {

    @JsonProperty("ok")
    public boolean ok() {
        return problem == null;
    }

    @JsonIgnore
    public Optional<AuditProblem> firstProblem() {
        return Optional.ofNullable(problem);
    }

    @JsonIgnore
    public Optional<TornTail> torn() {
        return Optional.ofNullable(tornTail);
    }

    /** One or two sentences for a person, as {@code countersign audit verify} prints them. */
    @JsonIgnore
    public String summary() {
        StringBuilder out = new StringBuilder();
        if (ok()) {
            out.append("OK: ").append(recordsChecked).append(recordsChecked == 1 ? " record" : " records")
                    .append(", chain intact");
            if (recordsChecked > 0) {
                out.append(" (last seq ").append(lastSeq).append(", hash ").append(lastHash).append(')');
            }
            out.append('.');
        } else {
            out.append("BROKEN: ").append(problem.description()).append(". The ").append(recordsChecked)
                    .append(recordsChecked == 1 ? " record" : " records").append(" before it chain correctly.");
        }
        if (tornTail != null) {
            out.append(" The log ends in a torn line, ignored: ").append(tornTail.description()).append('.');
        }
        return out.toString();
    }
}
