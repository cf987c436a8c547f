package dev.countersign.driver;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.countersign.core.ActionPostcondition;
import dev.countersign.core.CountersignError;
import dev.countersign.core.ReceiptVerification;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.Dispatch;
import dev.countersign.desktop.ElementNode;
import dev.countersign.policy.ActionFacts;
import dev.countersign.policy.Erasure;
import dev.countersign.policy.Operation;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Set the element's text. The digest binds the text; graph state never holds it in clear. */
@JsonTypeName("type")
public record TypeArgs(@JsonProperty("ref") String ref, @JsonProperty("text") String text,
        @JsonProperty("postcondition") Postcondition postcondition,
        @JsonProperty("mode") String mode) implements ActArgs {

    /** The modes: replace the whole value (the default), or insert at the caret. */
    public static final List<String> MODES = List.of("replace", "insert");

    /** A replace, as every caller before modes wrote it. */
    public TypeArgs(String ref, String text, Postcondition postcondition) {
        this(ref, text, postcondition, null);
    }

    /** Whether the text goes in at the caret rather than replacing the whole value. */
    public boolean inserts() {
        return "insert".equals(mode);
    }

    @Override
    public Operation operation() {
        return Operation.TYPE;
    }

    @Override
    public String verb() {
        return "Type into";
    }

    @Override
    public Optional<CountersignError> checkOwn() {
        if (text == null) {
            return ObserveArgs.invalid("text", "text is required for op 'type'");
        }
        if (text.length() > MAX_TEXT) {
            return ObserveArgs.invalid("text", "text is at most " + MAX_TEXT + " characters");
        }
        if (mode != null && !MODES.contains(mode)) {
            return ObserveArgs.invalid("mode", "mode is replace or insert");
        }
        return Optional.empty();
    }

    @Override
    public Map<String, Object> boundArguments() {
        return inserts() ? Map.of("text_sha256", EffectProbe.valueDigest(text), "mode", mode)
                : Map.of("text_sha256", EffectProbe.valueDigest(text));
    }

    /**
     * The text of {@code target} this type erases: what a replace does not keep (an insert keeps
     * everything; a terminal's text is its screen, which typing adds to); null when nothing goes.
     */
    public Erasure erases(ElementNode target) {
        return inserts() || TerminalText.is(target) ? null : Erasure.replacing(target.value(), text);
    }

    /** Judged with the text it erases: replacing a document's text asks ({@code discard}). */
    @Override
    public ActionFacts facts(ElementNode target) {
        return ActArgs.super.facts(target).erasing(erases(target), target.states());
    }

    /** A terminal takes printable text only: nothing that runs, interrupts or hides a line ({@link TerminalText}). */
    @Override
    public Optional<CountersignError> checkFor(ElementNode target) {
        return TerminalText.is(target) ? TerminalText.check(text) : Optional.empty();
    }

    /**
     * The route that works for the element: its editable text when that reads back, else
     * keyboard text after the backend proved keyboard focus ({@link TextEntry}); a terminal
     * only ever gets keyboard text at its cursor.
     */
    @Override
    public Dispatch perform(DesktopBackend backend, ElementNode target) {
        return new TextEntry(backend).type(target, text, inserts());
    }

    @Override
    public ActionPostcondition naturalPostcondition() {
        // An insert's final value depends on the caret, so only the element's presence is declared.
        return inserts() ? new ActionPostcondition("ui_element", true, null, null)
                : new ActionPostcondition("ui_element", true, EffectProbe.valueDigest(text), null);
    }

    /** A terminal's text is its whole screen, never the typed text alone: its presence is declared. */
    @Override
    public ActionPostcondition naturalPostcondition(ElementNode target) {
        return TerminalText.is(target) ? new ActionPostcondition("ui_element", true, null, null)
                : naturalPostcondition();
    }

    @Override
    public ReceiptVerification evidence(EffectProbe probe, ElementNode before) {
        if (TerminalText.is(before)) {
            return probe.typedIntoTerminal(before, text);
        }
        return inserts() ? probe.inserted(before, text) : probe.value(before, text);
    }
}
