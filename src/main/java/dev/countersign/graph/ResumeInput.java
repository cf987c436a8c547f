package dev.countersign.graph;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.ApprovalDecision;
import dev.countersign.core.ControlLease;
import dev.countersign.core.TargetReservation;

/**
 * What a resume brings: the person's decision and, from a restored or foreign resumer, values it
 * wants to add to the checkpoint. Values are appended to their channels, never substituted; a
 * second preview, reservation or lease makes the graph refuse before it reserves or mutates.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ResumeInput(
        @JsonProperty("decision") ApprovalDecision decision,
        @JsonProperty("preview") ActionEnvelope preview,
        @JsonProperty("reservation") TargetReservation reservation,
        @JsonProperty("lease") ControlLease lease) {

    public static ResumeInput decision(ApprovalDecision decision) {
        return new ResumeInput(decision, null, null, null);
    }

    public static ResumeInput none() {
        return new ResumeInput(null, null, null, null);
    }
}
