package dev.countersign.driver;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.countersign.core.ActionPostcondition;
import dev.countersign.core.CountersignError;
import dev.countersign.policy.KeyChord;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The arguments of {@code computer_act} (SPEC.md §3): one operation on one fresh ref.
 * {@link #validate()} names the first argument that does not fit the operation.
 */
public record ActArgs(
        @JsonProperty("ref") String ref,
        @JsonProperty("op") String op,
        @JsonProperty("text") String text,
        @JsonProperty("keys") String keys,
        @JsonProperty("direction") String direction,
        @JsonProperty("amount") Integer amount,
        @JsonProperty("postcondition") ActionPostcondition postcondition,
        @JsonProperty("mode") String mode) {

    /** Type modes: replace the whole value (the default), or insert at the caret. */
    public static final Set<String> MODES = Set.of("replace", "insert");

    /** The arguments without a type mode (replace), as every caller before modes wrote them. */
    public ActArgs(String ref, String op, String text, String keys, String direction, Integer amount,
                   ActionPostcondition postcondition) {
        this(ref, op, text, keys, direction, amount, postcondition, null);
    }

    public static final Set<String> OPS = Set.of("click", "focus", "type", "key", "scroll");
    public static final Set<String> DIRECTIONS = Set.of("up", "down", "left", "right");
    static final int MAX_TEXT = 4096;

    public static ActArgs click(String ref) {
        return new ActArgs(ref, "click", null, null, null, null, null);
    }

    public static ActArgs type(String ref, String text) {
        return new ActArgs(ref, "type", text, null, null, null, null);
    }

    /** An insert at the caret instead of replacing the value. */
    public static ActArgs insert(String ref, String text) {
        return new ActArgs(ref, "type", text, null, null, null, null, "insert");
    }

    /** Whether {@code type} inserts at the caret rather than replacing the whole value. */
    public boolean inserts() {
        return "insert".equals(mode);
    }

    public int scrollAmount() {
        return amount == null ? 3 : amount;
    }

    /** The first argument that is missing, out of range or does not belong to the operation. */
    public Optional<CountersignError> validate() {
        if (ref == null || ref.isBlank()) {
            return ObserveArgs.invalid("ref", "ref is a ref from your latest observation");
        }
        if (op == null || !OPS.contains(op)) {
            return ObserveArgs.invalid("op", "op is one of click, focus, type, key, scroll");
        }
        if ("type".equals(op) != (text != null)) {
            return ObserveArgs.invalid("text", "text is required for op 'type' and only allowed there");
        }
        if (text != null && text.length() > MAX_TEXT) {
            return ObserveArgs.invalid("text", "text is at most " + MAX_TEXT + " characters");
        }
        if (mode != null && (!"type".equals(op) || !MODES.contains(mode))) {
            return ObserveArgs.invalid("mode", "mode is replace or insert, and only for op 'type'");
        }
        if ("key".equals(op) != (keys != null)) {
            return ObserveArgs.invalid("keys", "keys is required for op 'key' and only allowed there");
        }
        if (keys != null) {
            Optional<CountersignError> badKeys = KeyChord.validate(keys);
            if (badKeys.isPresent()) {
                return badKeys;
            }
        }
        boolean scroll = "scroll".equals(op);
        if (scroll != (direction != null)) {
            return ObserveArgs.invalid("direction", "direction (up, down, left, right) is required for op 'scroll' "
                    + "and only allowed there");
        }
        if (direction != null && !DIRECTIONS.contains(direction.toLowerCase(Locale.ROOT))) {
            return ObserveArgs.invalid("direction", "direction is up, down, left or right");
        }
        if (amount != null && (!scroll || amount < 1 || amount > 50)) {
            return ObserveArgs.invalid("amount", "amount is 1-50 and only for op 'scroll'");
        }
        if (postcondition != null && !"ui_element".equals(postcondition.kind())) {
            return ObserveArgs.invalid("postcondition", "postcondition.kind is 'ui_element'");
        }
        return Optional.empty();
    }

    /** Whether this operation changes what is on screen (everything but focus). */
    public boolean mutates() {
        return !"focus".equals(op);
    }
}
