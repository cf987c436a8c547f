package dev.countersign.vision;

import com.fasterxml.jackson.annotation.JsonProperty;

/** An integer point; which space it lives in (attachment, native or screen) is said where it is used. */
public record Point(@JsonProperty("x") int x, @JsonProperty("y") int y) {
}
