package dev.countersign.audit;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Optional;

/**
 * What {@link AuditVerifier} found: how many records form an intact chain from the start, the
 * last intact record's seq and hash (write the hash down elsewhere to detect later truncation),
 * the first problem if any, and a torn final line if the log ends in one.
 *
 * <p>A torn tail alone does not make a log bad: the chain is intact up to the last complete record.
 * Neither does an intent without an outcome (an act dispatched whose receipt never reached the log:
 * a crash or a full disk in between): the chain holds, and the act is listed for the person.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AuditVerification(
        @JsonProperty("records_checked") long recordsChecked,
        @JsonProperty("last_seq") long lastSeq,
        @JsonProperty("last_hash") String lastHash,
        @JsonProperty("problem") AuditProblem problem,
        @JsonProperty("torn_tail") TornTail tornTail,
        @JsonProperty("intents_without_outcome") List<OpenIntent> intentsWithoutOutcome) {

    public AuditVerification {
        intentsWithoutOutcome = List.copyOf(intentsWithoutOutcome);
    }

    /** A verification that found no intent left without its outcome. */
    public AuditVerification(long recordsChecked, long lastSeq, String lastHash, AuditProblem problem,
            TornTail tornTail) {
        this(recordsChecked, lastSeq, lastHash, problem, tornTail, List.of());
    }

    /**
     * An {@code intent} record no {@code receipt} with its {@code action_id} follows: the act may
     * have reached the desktop, and its outcome is not in the log.
     */
    public record OpenIntent(@JsonProperty("seq") long seq, @JsonProperty("action_id") String actionId,
            @JsonProperty("agent_id") String agentId) {
    }

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
        if (!intentsWithoutOutcome.isEmpty()) {
            out.append(' ').append(intentsWithoutOutcome.size()).append(intentsWithoutOutcome.size() == 1
                    ? " act was" : " acts were").append(" about to be dispatched with no outcome recorded (intent "
                    + "without outcome; treat each as unknown):");
            for (OpenIntent open : intentsWithoutOutcome) {
                out.append(" seq ").append(open.seq()).append(' ').append(open.actionId());
                if (open.agentId() != null) {
                    out.append(" (").append(open.agentId()).append(')');
                }
                out.append(';');
            }
            out.setLength(out.length() - 1);
            out.append('.');
        }
        return out.toString();
    }
}
