package dev.countersign.vision;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.countersign.core.Rect;
import java.util.Objects;

/** A numbered mark burned into the attachment: the number, the ref it stands for, and its box in attachment pixels. */
public record Mark(
        @JsonProperty("mark") int mark,
        @JsonProperty("ref") String ref,
        @JsonProperty("source_index") int sourceIndex,
        @JsonProperty("rect") Rect rect) {

    public Mark {
        if (mark < 1) {
            throw new IllegalArgumentException("marks are numbered from 1, got " + mark);
        }
        Objects.requireNonNull(ref, "ref");
        Objects.requireNonNull(rect, "rect");
    }
}
