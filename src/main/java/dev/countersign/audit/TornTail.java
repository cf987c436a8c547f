package dev.countersign.audit;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A final line without its newline: a write that a crash cut short. The record in it was never
 * acknowledged (append returns only after the whole line is written), so nothing is lost that
 * anyone was told about. {@code line} is 1-based.
 */
public record TornTail(@JsonProperty("line") long line, @JsonProperty("bytes") long bytes) {

    public TornTail {
        if (line < 1 || bytes < 1) {
            throw new IllegalArgumentException("a torn tail is at least one byte on a line counted from 1");
        }
    }

    public String description() {
        return "line " + line + " is torn: " + bytes + " bytes without a newline (a write cut short)";
    }
}
