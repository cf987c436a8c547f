package dev.countersign.driver;

import dev.countersign.core.CountersignError;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** A scroll's arguments, read and checked the same way by {@code computer_act} and {@code computer_visual_act}. */
final class Scrolls {
    private Scrolls() {
    }

    /** The steps a scroll takes: 3 when the agent named none. */
    static int steps(Integer amount) {
        return amount == null ? 3 : amount;
    }

    /** The direction is one of four and the amount within range; {@code missingDirection} says what to send. */
    static Optional<CountersignError> check(String direction, Integer amount, String missingDirection) {
        if (direction == null) {
            return ObserveArgs.invalid("direction", missingDirection);
        }
        if (!ActArgs.DIRECTIONS.contains(direction.toLowerCase(Locale.ROOT))) {
            return ObserveArgs.invalid("direction", "direction is up, down, left or right");
        }
        if (amount != null && (amount < ActArgs.MIN_AMOUNT || amount > ActArgs.MAX_AMOUNT)) {
            return ObserveArgs.invalid("amount", "amount is " + ActArgs.MIN_AMOUNT + "-" + ActArgs.MAX_AMOUNT);
        }
        return Optional.empty();
    }

    /** What a scroll's digest binds: its direction and the steps it takes. */
    static Map<String, Object> bound(String direction, int steps) {
        Map<String, Object> bound = new LinkedHashMap<>();
        bound.put("direction", direction);
        bound.put("amount", steps);
        return bound;
    }
}
