package dev.countersign.graph;

import com.fasterxml.jackson.annotation.JsonProperty;

/** One step the graph took: from a node, on an event, to the next node. */
public record Transition(
        @JsonProperty("from") Node from,
        @JsonProperty("event") Event event,
        @JsonProperty("to") Node to) {

    @Override
    public String toString() {
        return from + " --" + event + "--> " + to;
    }
}
