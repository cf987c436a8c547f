package dev.countersign.driver;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/** What {@code computer_observe} returns to the agent (docs/endpoint.md). */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ObservationView(
        @JsonProperty("observation_id") String observationId,
        @JsonProperty("fingerprint") String fingerprint,
        @JsonProperty("expires_at") String expiresAt,
        @JsonProperty("app") AppView app,
        @JsonProperty("window") WindowView window,
        @JsonProperty("nodes") List<NodeView> nodes,
        @JsonProperty("truncated") boolean truncated,
        @JsonProperty("omitted_count") int omittedCount,
        @JsonProperty("omitted_by_reason") @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Integer> omittedByReason,
        @JsonProperty("redacted") @JsonInclude(JsonInclude.Include.NON_DEFAULT) int redacted) {

    /** A view without reasons or redactions: every omission was the bounds' cut. */
    public ObservationView(String observationId, String fingerprint, String expiresAt, AppView app, WindowView window,
                           List<NodeView> nodes, boolean truncated, int omittedCount) {
        this(observationId, fingerprint, expiresAt, app, window, nodes, truncated, omittedCount, Map.of(), 0);
    }

    /** The observed application and the launch it was observed in. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record AppView(
            @JsonProperty("name") String name,
            @JsonProperty("bundle_id") String bundleId,
            @JsonProperty("pid") long pid,
            @JsonProperty("launch_id") String launchId) {
    }

    /** The observed window: a driver-issued id, its title and frame. */
    public record WindowView(
            @JsonProperty("id") String id,
            @JsonProperty("title") String title,
            @JsonProperty("frame") int[] frame) {
    }
}
