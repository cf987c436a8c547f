package dev.countersign.driver;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.countersign.core.ActionPostcondition;
import dev.countersign.core.CountersignError;
import dev.countersign.core.ElementEvidence;
import java.util.Optional;

/**
 * {@code computer_act}'s {@code postcondition} as the agent writes it. On the target itself:
 * {@code exists} and a digest, as before. Or on another element of the same observation whose
 * change shows the action's effect (a calculator's display, a list's selection): its {@code ref},
 * which property must {@code change} (value, name or states; value by default), and optionally
 * the text it must then {@code equals}. The envelope never holds the ref or the text in clear: it
 * binds the element as the agent saw it, the ref's digest and the text's digest
 * ({@link #declared(ElementEvidence)}).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Postcondition(
        @JsonProperty("kind") String kind,
        @JsonProperty("exists") Boolean exists,
        @JsonProperty("value_digest") String valueDigest,
        @JsonProperty("content_digest") String contentDigest,
        @JsonProperty("ref") String ref,
        @JsonProperty("change") String change,
        @JsonProperty("equals") String equalsText) {

    /** A postcondition on the action's own target. */
    public Postcondition(String kind, Boolean exists, String valueDigest, String contentDigest) {
        this(kind, exists, valueDigest, contentDigest, null, null, null);
    }

    /** Another element's {@code change} (value, name or states) as the evidence; {@code equals} may be null. */
    public static Postcondition watching(String ref, String change, String equals) {
        return new Postcondition("ui_element", null, null, null, ref, change, equals);
    }

    /** Whether this names another element as the evidence. */
    public boolean watchesElement() {
        return ref != null;
    }

    /** The watched property: {@code change}, or the value when none was named. */
    public String watched() {
        return change == null ? "value" : change;
    }

    /** The first field that does not fit; empty when all fit. */
    Optional<CountersignError> check() {
        if (!"ui_element".equals(kind)) {
            return ObserveArgs.invalid("postcondition", "postcondition.kind is 'ui_element'");
        }
        if (valueDigest != null && contentDigest != null) {
            return ObserveArgs.invalid("postcondition", "declare at most one of value_digest and content_digest");
        }
        if (ref == null) {
            return change == null && equalsText == null ? Optional.empty()
                    : ObserveArgs.invalid("postcondition.ref", "change and equals are about another element: name it by ref");
        }
        if (ref.isBlank()) {
            return ObserveArgs.invalid("postcondition.ref", "postcondition.ref is a ref of the same observation");
        }
        if (exists != null || valueDigest != null || contentDigest != null) {
            return ObserveArgs.invalid("postcondition.ref", "with ref, declare change and equals, not exists or digests");
        }
        if (change != null && !ActionPostcondition.CHANGES.contains(change)) {
            return ObserveArgs.invalid("postcondition.change", "postcondition.change is value, name or states");
        }
        if (equalsText != null && "states".equals(change)) {
            return ObserveArgs.invalid("postcondition.equals", "equals compares a value or a name, not states");
        }
        if (equalsText != null && equalsText.length() > ActArgs.MAX_TEXT) {
            return ObserveArgs.invalid("postcondition.equals", "equals is at most " + ActArgs.MAX_TEXT + " characters");
        }
        return Optional.empty();
    }

    /** The envelope's postcondition when it is about the target itself. */
    ActionPostcondition own() {
        return new ActionPostcondition(kind, exists, valueDigest, contentDigest);
    }

    /** The envelope's postcondition about the watched element: as seen, what must change, the text's digest. */
    ActionPostcondition declared(ElementEvidence element) {
        return new ActionPostcondition(kind, null, equalsText == null ? null : EffectProbe.valueDigest(equalsText),
                null, element, watched());
    }
}
