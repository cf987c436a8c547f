package dev.countersign.vision;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;

/**
 * A candidate that got no mark, and why, in the fixed vocabulary of docs/endpoint.md:
 * {@code mark-budget-exceeded}, {@code static-label}, {@code target_has_no_frame},
 * {@code target_outside_captured_window} or {@code stale_target: <why>}.
 */
public record Omission(
        @JsonProperty("source_index") int sourceIndex,
        @JsonProperty("reason") String reason) {

    public static final String BUDGET_EXCEEDED = "mark-budget-exceeded";
    public static final String STATIC_LABEL = "static-label";
    public static final String NO_FRAME = "target_has_no_frame";
    public static final String OUTSIDE_WINDOW = "target_outside_captured_window";
    public static final String STALE_PREFIX = "stale_target: ";

    public Omission {
        Objects.requireNonNull(reason, "reason");
        boolean known = reason.equals(BUDGET_EXCEEDED) || reason.equals(STATIC_LABEL)
                || reason.equals(NO_FRAME) || reason.equals(OUTSIDE_WINDOW)
                || (reason.startsWith(STALE_PREFIX) && !reason.substring(STALE_PREFIX.length()).isBlank());
        if (!known) {
            throw new IllegalArgumentException("omission reasons come from the fixed vocabulary of docs/endpoint.md, got '"
                    + reason + "'");
        }
    }

    static Omission stale(int sourceIndex, String why) {
        return new Omission(sourceIndex, STALE_PREFIX + why.strip());
    }
}
