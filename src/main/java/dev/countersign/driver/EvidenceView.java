package dev.countersign.driver;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * What {@code computer_evidence} returns: session, permissions, own identity, this agent's receipts,
 * and {@code audit_log: "unwritable"} while every act is refused because the audit log cannot be
 * written (absent otherwise).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record EvidenceView(
        @JsonProperty("session_state") String sessionState,
        @JsonProperty("permissions") PermissionsView permissions,
        @JsonProperty("identity") IdentityView identity,
        @JsonProperty("receipts") List<Receipt> receipts,
        @JsonProperty("receipts_total") long receiptsTotal,
        @JsonProperty("receipts_dropped") long receiptsDropped,
        @JsonProperty("receipts_returned") int receiptsReturned,
        @JsonProperty("bounded") boolean bounded,
        @JsonProperty("paused") boolean paused,
        @JsonProperty("audit_log") String auditLog,
        @JsonProperty("contractVersion") int contractVersion) {

    public static final int CONTRACT_VERSION = 1;

    /** The two preflights, never prompting. */
    public record PermissionsView(
            @JsonProperty("accessibility") String accessibility,
            @JsonProperty("screen_recording") String screenRecording) {
    }

    /** Countersign's own process. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record IdentityView(
            @JsonProperty("pid") long pid,
            @JsonProperty("executable") String executable,
            @JsonProperty("bundle_id") String bundleId,
            @JsonProperty("signature") String signature,
            @JsonProperty("started_by") String startedBy) {
    }
}
