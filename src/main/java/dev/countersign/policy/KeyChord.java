package dev.countersign.policy;

import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One key press as the {@code keys} argument of {@code computer_act} names it: zero or more
 * modifiers and one key, e.g. {@code cmd+shift+t}, {@code shift+Tab}, {@code Return}.
 *
 * <p>Grammar: {@code chord = *(modifier "+") key}; modifiers are ctrl|control, alt|option|opt,
 * shift, cmd|command|meta|super (case-insensitive, each at most once); a key is a named key (see
 * {@link KeyNames}), F1–F12, or exactly one printable character (letter, digit, punctuation or
 * symbol; "+" itself is written {@code ctrl++}). No spaces, at most {@value #MAX_LENGTH}
 * characters. Anything else is {@code INVALID_ARGUMENT} on the field {@code keys}.
 */
public record KeyChord(List<String> modifiers, String key) {
    static final int MAX_LENGTH = 64;
    static final String FIELD = "keys";

    public KeyChord {
        modifiers = List.copyOf(modifiers);
        Objects.requireNonNull(key, "a chord has a key");
        List<String> ordered = new ArrayList<>(KeyNames.MODIFIER_ORDER);
        ordered.retainAll(modifiers);
        if (!ordered.equals(modifiers)) {
            throw new IllegalArgumentException("modifiers are distinct and canonical, in the order "
                    + KeyNames.MODIFIER_ORDER + "; got " + modifiers);
        }
        if (!canonicalKey(key).equals(Optional.of(key))) {
            throw new IllegalArgumentException("\"" + key + "\" is not a canonical key name; use KeyChord.parse");
        }
    }

    /** Whether any modifier is held. */
    public boolean modified() {
        return !modifiers.isEmpty();
    }

    /** The canonical spelling: modifiers in the order ctrl, alt, shift, cmd, then the key. */
    public String canonical() {
        return modifiers.isEmpty() ? key : String.join("+", modifiers) + "+" + key;
    }

    @Override
    public String toString() {
        return canonical();
    }

    /**
     * This chord as a desktop presses it, where {@code cmd} is pressed as {@code modifier} (one of
     * ctrl, alt, shift, cmd): on Linux applications bind to Control what macOS binds to Command,
     * so {@code cmd+s} is pressed as {@code ctrl+s}, and {@code ctrl+cmd+s} too.
     */
    public KeyChord withCommandAs(String modifier) {
        if (!KeyNames.MODIFIER_ORDER.contains(modifier)) {
            throw new IllegalArgumentException("\"" + modifier + "\" is not one of " + KeyNames.MODIFIER_ORDER);
        }
        if (!modifiers.contains("cmd") || "cmd".equals(modifier)) {
            return this;
        }
        List<String> held = new ArrayList<>();
        for (String m : KeyNames.MODIFIER_ORDER) {
            if (modifiers.contains(m) && !"cmd".equals(m) || m.equals(modifier)) {
                held.add(m);
            }
        }
        return new KeyChord(held, key);
    }

    /** The error for a {@code keys} value outside the grammar, or empty when it is a valid chord. */
    public static Optional<CountersignError> validate(String keys) {
        return problem(keys);
    }

    /** The chord {@code keys} names; a value outside the grammar is a {@link CountersignException}. */
    public static KeyChord parse(String keys) {
        Optional<CountersignError> problem = problem(keys);
        if (problem.isPresent()) {
            throw new CountersignException(problem.get());
        }
        return build(keys);
    }

    private static Optional<CountersignError> problem(String keys) {
        if (keys == null || keys.isEmpty()) {
            return invalid("keys is required for op key, e.g. \"Return\" or \"ctrl+a\"");
        }
        if (keys.length() > MAX_LENGTH) {
            return invalid("keys is longer than " + MAX_LENGTH + " characters; send one chord per call");
        }
        if (keys.codePoints().anyMatch(Character::isWhitespace)) {
            return invalid("keys \"" + keys + "\" contains whitespace; join modifiers and key with '+', "
                    + "e.g. \"shift+Tab\", and name the space bar \"space\"");
        }
        List<String> parts = split(keys);
        List<String> seen = new ArrayList<>();
        for (String part : parts.subList(0, parts.size() - 1)) {
            Optional<String> modifier = part.isEmpty() ? Optional.empty() : KeyNames.modifier(part);
            if (modifier.isEmpty()) {
                return invalid("keys \"" + keys + "\": \"" + part + "\" is not a modifier; use ctrl, alt, shift or cmd");
            }
            if (seen.contains(modifier.get())) {
                return invalid("keys \"" + keys + "\" names the modifier " + modifier.get() + " twice");
            }
            seen.add(modifier.get());
        }
        String key = parts.get(parts.size() - 1);
        if (canonicalKey(key).isEmpty()) {
            return invalid("keys \"" + keys + "\": \"" + key + "\" is not a key; use one of " + KeyNames.describe()
                    + ", or one printable character");
        }
        return Optional.empty();
    }

    private static KeyChord build(String keys) {
        List<String> parts = split(keys);
        List<String> held = new ArrayList<>();
        for (String part : parts.subList(0, parts.size() - 1)) {
            held.add(KeyNames.modifier(part).orElseThrow());
        }
        List<String> ordered = new ArrayList<>();
        for (String modifier : KeyNames.MODIFIER_ORDER) {
            if (held.contains(modifier)) {
                ordered.add(modifier);
            }
        }
        return new KeyChord(ordered, canonicalKey(parts.get(parts.size() - 1)).orElseThrow());
    }

    /** Splits on '+', treating a final "+" after a separator (or alone) as the plus key itself. */
    private static List<String> split(String keys) {
        List<String> parts = new ArrayList<>();
        String rest = keys;
        String last;
        if (rest.equals("+")) {
            return List.of("+");
        }
        if (rest.endsWith("++")) {
            last = "+";
            rest = rest.substring(0, rest.length() - 2);
            if (rest.isEmpty()) {
                parts.add("");
            }
        } else {
            int cut = rest.lastIndexOf('+');
            last = rest.substring(cut + 1);
            rest = cut < 0 ? "" : rest.substring(0, cut);
            if (cut >= 0 && rest.isEmpty()) {
                parts.add("");
            }
        }
        if (!rest.isEmpty()) {
            parts.addAll(List.of(rest.split("\\+", -1)));
        }
        parts.add(last);
        return parts;
    }

    private static Optional<String> canonicalKey(String key) {
        if (key.isEmpty()) {
            return Optional.empty();
        }
        if (key.codePointCount(0, key.length()) == 1) {
            return printable(key.codePointAt(0)) ? Optional.of(key) : Optional.empty();
        }
        return KeyNames.key(key);
    }

    private static boolean printable(int cp) {
        switch (Character.getType(cp)) {
            case Character.UPPERCASE_LETTER: case Character.LOWERCASE_LETTER: case Character.TITLECASE_LETTER:
            case Character.MODIFIER_LETTER: case Character.OTHER_LETTER:
            case Character.DECIMAL_DIGIT_NUMBER: case Character.LETTER_NUMBER: case Character.OTHER_NUMBER:
            case Character.CONNECTOR_PUNCTUATION: case Character.DASH_PUNCTUATION: case Character.START_PUNCTUATION:
            case Character.END_PUNCTUATION: case Character.INITIAL_QUOTE_PUNCTUATION:
            case Character.FINAL_QUOTE_PUNCTUATION: case Character.OTHER_PUNCTUATION:
            case Character.MATH_SYMBOL: case Character.CURRENCY_SYMBOL: case Character.MODIFIER_SYMBOL:
            case Character.OTHER_SYMBOL:
                return true;
            default:
                return false;
        }
    }

    private static Optional<CountersignError> invalid(String message) {
        return Optional.of(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, FIELD, message));
    }
}
