package dev.countersign.core;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Optional;

/** The app and window an action is aimed at, and the element evidence when it targets one. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ActionTarget(
        @JsonProperty("app_id") String appId,
        @JsonProperty("window_id") String windowId,
        @JsonProperty("element") ElementEvidence element) {

    public Optional<ElementEvidence> elementEvidence() {
        return Optional.ofNullable(element);
    }
}
