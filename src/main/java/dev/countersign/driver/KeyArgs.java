package dev.countersign.driver;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.countersign.core.ActionPostcondition;
import dev.countersign.core.CountersignError;
import dev.countersign.core.ReceiptVerification;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.Dispatch;
import dev.countersign.desktop.ElementAction;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.KeyInput;
import dev.countersign.policy.ActionFacts;
import dev.countersign.policy.KeyChord;
import dev.countersign.policy.Operation;
import java.util.Map;
import java.util.Optional;

/** Send a key chord to the element once it holds keyboard focus. */
@JsonTypeName("key")
public record KeyArgs(@JsonProperty("ref") String ref, @JsonProperty("keys") String keys,
        @JsonProperty("postcondition") Postcondition postcondition) implements ActArgs {
    @Override
    public Operation operation() {
        return Operation.KEY;
    }

    @Override
    public String verb() {
        return "Press keys on";
    }

    @Override
    public Optional<CountersignError> checkOwn() {
        if (keys == null) {
            return ObserveArgs.invalid("keys", "keys is required for op 'key'");
        }
        return KeyChord.validate(keys);
    }

    /**
     * These keys as {@code backend} presses them, in the canonical spelling ({@code cmd} pressed
     * as Control on Linux: {@link DesktopBackend#commandModifier}): what is judged, shown and
     * sent. Keys outside the grammar stay as given, for validation to refuse.
     */
    KeyArgs pressedOn(DesktopBackend backend) {
        if (keys == null || KeyChord.validate(keys).isPresent()) {
            return this;
        }
        String pressed = KeyChord.parse(keys).withCommandAs(backend.commandModifier()).canonical();
        return pressed.equals(keys) ? this : new KeyArgs(ref, pressed, postcondition);
    }

    @Override
    public ActionFacts facts(ElementNode target) {
        // The role decides whether an arrow key changes a value (radio group, slider, combo box),
        // the states where a Return lands (a new line in a multi-line text).
        return ActionFacts.key(keys, target.role(), target.name(), target.identifier(), target.description(),
                target.secure()).landing(target.states(), null);
    }

    @Override
    public Map<String, Object> boundArguments() {
        return Map.of("keys", keys);
    }

    @Override
    public ElementAction preparation() {
        // Keys go to whatever has keyboard focus: the target takes it first.
        return new ElementAction.Focus();
    }

    @Override
    public Dispatch perform(DesktopBackend backend, ElementNode target) {
        return backend.keys(new KeyInput.Keys(KeyChord.parse(keys).canonical()));
    }

    @Override
    public ActionPostcondition naturalPostcondition() {
        return null;
    }

    @Override
    public ReceiptVerification evidence(EffectProbe probe, ElementNode before) {
        // Keys have no evidence on their target: unknown until a new observation shows what moved.
        return null;
    }
}
