package dev.countersign.driver;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.countersign.vision.Mark;
import dev.countersign.vision.Omission;
import java.util.List;

/**
 * What {@code computer_visual_observe} returns: the PNG (sent as MCP image content, never in the
 * JSON) and its metadata — the hash of exactly those bytes, sizes, scale, marks and omissions.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record VisualObservation(
        @JsonIgnore byte[] png,
        @JsonProperty("observation_id") String observationId,
        @JsonProperty("capture_sha256") String captureSha256,
        @JsonProperty("native_size") int[] nativeSize,
        @JsonProperty("attachment_size") int[] attachmentSize,
        @JsonProperty("scale") double scale,
        @JsonProperty("marks") List<Mark> marks,
        @JsonProperty("omitted") List<Omission> omitted,
        @JsonProperty("classification") String classification) {
}
