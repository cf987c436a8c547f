package dev.countersign.audit;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Map;

/**
 * One exported stretch of the audit log, self-contained so that anyone can check it on another
 * machine with nothing else (docs/audit.md, "Export"): the records exactly as they stand in the log
 * (strings, so every byte that was hashed is kept), where the stretch joins the chain before it
 * ({@code from}), the anchor it must end at, and every picture the records hash, in base64.
 *
 * @param from the first exported record's seq and the hash it names as {@code prev}
 * @param anchor the last exported record's seq and hash, which the log's own anchor vouched for
 */
@JsonPropertyOrder({"format", "exported_at", "since", "from", "anchor", "records", "pictures"})
public record ExportFile(
        @JsonProperty("format") String format,
        @JsonProperty("exported_at") String exportedAt,
        @JsonProperty("since") String since,
        @JsonProperty("from") Start from,
        @JsonProperty("anchor") AuditAnchor anchor,
        @JsonProperty("records") List<String> records,
        @JsonProperty("pictures") Map<String, String> pictures) {

    /** The format's name and version; a file naming another is refused. */
    public static final String FORMAT = "countersign-audit-export/1";

    /** Where an exported stretch joins the chain: its first seq, and that record's {@code prev}. */
    public record Start(@JsonProperty("seq") long seq, @JsonProperty("prev") String prev) {
    }
}
