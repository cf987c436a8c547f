package dev.countersign.core;

import com.fasterxml.jackson.annotation.JsonProperty;

/** The exact app and window a reservation holds. */
public record ReservationScope(
        @JsonProperty("app_id") String appId,
        @JsonProperty("window_id") String windowId) {
}
