package dev.countersign.driver;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ReceiptVerification;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.Dispatch;
import dev.countersign.desktop.ElementAction;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.TextRange;
import dev.countersign.policy.Operation;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Select without changing anything: a range of the element's own text — characters
 * {@code start} to {@code end} (left out: to the end of the text, so {@code start: 0} is all of
 * it), or the first occurrence of {@code text} — or, given neither, the element itself as an
 * item, row or cell of its list, table or tree ({@code extend} adds it to the selection
 * instead of replacing it). Never asks; a secure
 * field is refused. Evidence: the selection reads back (the text's selected range, the item's
 * {@code selected} state).
 */
@JsonTypeName("select")
public record SelectArgs(@JsonProperty("ref") String ref, @JsonProperty("start") Integer start,
        @JsonProperty("end") Integer end, @JsonProperty("text") String text,
        @JsonProperty("extend") Boolean extend, @JsonProperty("postcondition") Postcondition postcondition)
        implements ActArgs {

    /** A selection of the element's text from {@code start} to {@code end}. */
    public static SelectArgs span(String ref, int start, int end) {
        return new SelectArgs(ref, start, end, null, null, null);
    }

    /** A selection of the first occurrence of {@code text} in the element's text. */
    public static SelectArgs text(String ref, String text) {
        return new SelectArgs(ref, null, null, text, null, null);
    }

    /** A selection of all of the element's text ({@code start: 0}, no end). */
    public static SelectArgs all(String ref) {
        return new SelectArgs(ref, 0, null, null, null, null);
    }

    /** The element selected as an item of its container, replacing the selection or added to it. */
    public static SelectArgs item(String ref, boolean extend) {
        return new SelectArgs(ref, null, null, null, extend ? true : null, null);
    }

    @Override
    public Operation operation() {
        return Operation.SELECT;
    }

    @Override
    public String verb() {
        return "Select";
    }

    @Override
    public boolean mutates() {
        return false;
    }

    /** The text range to select, or null when the element itself is selected as an item. */
    public TextRange range() {
        if (start != null) {
            return end != null ? new TextRange.Span(start, end) : new TextRange.From(start);
        }
        return text != null ? new TextRange.First(text) : null;
    }

    @Override
    public Optional<CountersignError> checkOwn() {
        if (end != null && start == null) {
            return ObserveArgs.invalid("start", "start is required with end");
        }
        if (start != null && text != null) {
            return ObserveArgs.invalid("text", "select takes start (and end) or text, not both; "
                    + "neither selects the element as an item");
        }
        if (start != null && start < 0) {
            return ObserveArgs.invalid("start", "start is a character offset, 0 or more");
        }
        if (start != null && start > MAX_OFFSET) {
            return ObserveArgs.invalid("start", "start is at most " + MAX_OFFSET);
        }
        if (end != null && end <= start) {
            return ObserveArgs.invalid("end", "end is greater than start (the range is [start, end))");
        }
        if (end != null && end > MAX_OFFSET) {
            return ObserveArgs.invalid("end", "end is at most " + MAX_OFFSET);
        }
        if (text != null && (text.isEmpty() || text.length() > MAX_TEXT)) {
            return ObserveArgs.invalid("text", "text is the text to select: 1-" + MAX_TEXT + " characters");
        }
        if (Boolean.TRUE.equals(extend) && (start != null || text != null)) {
            return ObserveArgs.invalid("extend", "extend adds an item to its list's or table's selection; "
                    + "it does not apply to a text range");
        }
        return Optional.empty();
    }

    /**
     * A text range against the text the agent saw in a text field, so a range past it or a text
     * it does not hold is refused before the observation is spent; an item must be selectable.
     * The backend resolves the range again against the live text, for every element.
     */
    @Override
    public Optional<CountersignError> checkFor(ElementNode target) {
        TextRange range = range();
        if (range == null) {
            return target.hasState("selectable") ? Optional.empty() : ObserveArgs.invalid("ref",
                    "the element is not an item, row or cell its container can select; to select its text give "
                            + "start (and end) or text");
        }
        if (target.value() == null || !ClickSemantics.textField(target)) {
            // Only a text field's value is its text (a cell's may be its number): the live text decides.
            return Optional.empty();
        }
        try {
            range.resolve(target.value());
            return Optional.empty();
        } catch (CountersignException e) {
            return Optional.of(e.error());
        }
    }

    @Override
    public Map<String, Object> boundArguments() {
        Map<String, Object> bound = new LinkedHashMap<>();
        if (start != null) {
            bound.put("start", start);
        }
        if (end != null) {
            bound.put("end", end);
        }
        if (text != null) {
            // Like typed text, what the agent searched for enters the digest only as its SHA-256.
            bound.put("text_sha256", EffectProbe.valueDigest(text));
        }
        if (Boolean.TRUE.equals(extend)) {
            bound.put("extend", true);
        }
        return bound;
    }

    @Override
    public Dispatch perform(DesktopBackend backend, ElementNode target) {
        TextRange range = range();
        return backend.perform(target.handle(), range == null ? new ElementAction.Select(Boolean.TRUE.equals(extend))
                : new ElementAction.SelectText(range));
    }

    @Override
    public ReceiptVerification evidence(EffectProbe probe, ElementNode before) {
        TextRange range = range();
        return range == null ? probe.state(before, "selected", "the element is selected")
                : probe.textSelected(before, range);
    }
}
