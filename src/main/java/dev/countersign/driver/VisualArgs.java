package dev.countersign.driver;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.countersign.core.CountersignError;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/** The arguments of {@code computer_visual_observe} and {@code computer_visual_act} (SPEC.md §3). */
public final class VisualArgs {
    private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

    private VisualArgs() {
    }

    /** {@code computer_visual_observe}: which fresh observation to capture, and how many marks at most. */
    public record Observe(
            @JsonProperty("observation_id") String observationId,
            @JsonProperty("max_marks") Integer maxMarks) {

        public int marks() {
            return maxMarks == null ? 80 : maxMarks;
        }

        public Optional<CountersignError> validate() {
            if (observationId == null || observationId.isBlank()) {
                return ObserveArgs.invalid("observation_id", "observation_id is the id of your fresh observation");
            }
            if (marks() < 1 || marks() > 200) {
                return ObserveArgs.invalid("max_marks", "max_marks is 1-200");
            }
            return Optional.empty();
        }
    }

    /** A point in the delivered attachment's pixels. */
    public record Point(@JsonProperty("x") Integer x, @JsonProperty("y") Integer y) {
    }

    /** {@code computer_visual_act}: click, drag or scroll at attachment pixels of one delivered capture. */
    public record Act(
            @JsonProperty("op") String op,
            @JsonProperty("observation_id") String observationId,
            @JsonProperty("capture_sha256") String captureSha256,
            @JsonProperty("point") Point point,
            @JsonProperty("to") Point to,
            @JsonProperty("direction") String direction,
            @JsonProperty("amount") Integer amount) {

        public static final Set<String> OPS = Set.of("click", "drag", "scroll");

        public int scrollAmount() {
            return amount == null ? 3 : amount;
        }

        public Optional<CountersignError> validate() {
            if (op == null || !OPS.contains(op)) {
                return ObserveArgs.invalid("op", "op is one of click, drag, scroll");
            }
            if (observationId == null || observationId.isBlank()) {
                return ObserveArgs.invalid("observation_id", "observation_id is the id of your fresh observation");
            }
            if (captureSha256 == null || !SHA256.matcher(captureSha256).matches()) {
                return ObserveArgs.invalid("capture_sha256", "capture_sha256 is the hash computer_visual_observe returned");
            }
            if (point == null || point.x() == null || point.y() == null) {
                return ObserveArgs.invalid("point", "point is {x, y} in the attachment's pixels");
            }
            boolean drag = "drag".equals(op);
            if (drag != (to != null)) {
                return ObserveArgs.invalid("to", "to is required for op 'drag' and only allowed there");
            }
            if (to != null && (to.x() == null || to.y() == null)) {
                return ObserveArgs.invalid("to", "to is {x, y} in the attachment's pixels");
            }
            boolean scroll = "scroll".equals(op);
            if (scroll != (direction != null)) {
                return ObserveArgs.invalid("direction", "direction is required for op 'scroll' and only allowed there");
            }
            if (direction != null && !ActArgs.DIRECTIONS.contains(direction.toLowerCase(Locale.ROOT))) {
                return ObserveArgs.invalid("direction", "direction is up, down, left or right");
            }
            if (amount != null && (!scroll || amount < 1 || amount > 50)) {
                return ObserveArgs.invalid("amount", "amount is 1-50 and only for op 'scroll'");
            }
            return Optional.empty();
        }
    }
}
