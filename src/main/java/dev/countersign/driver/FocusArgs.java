package dev.countersign.driver;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.countersign.core.CountersignError;
import dev.countersign.core.ReceiptVerification;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.Dispatch;
import dev.countersign.desktop.ElementNode;
import dev.countersign.policy.ActionFacts;
import dev.countersign.policy.Operation;
import java.util.List;
import java.util.Optional;

/**
 * Move keyboard focus to the element; nothing on screen changes. An element that takes no
 * focus and has no action is reached as a click would reach it ({@link Reach#focus}); when that
 * is a pointer click it is judged as one.
 */
@JsonTypeName("focus")
public record FocusArgs(@JsonProperty("ref") String ref, @JsonProperty("postcondition") Postcondition postcondition)
        implements ActArgs {
    @Override
    public Operation operation() {
        return Operation.FOCUS;
    }

    @Override
    public String verb() {
        return "Focus";
    }

    @Override
    public boolean mutates() {
        return false;
    }

    @Override
    public ActionFacts facts(ElementNode target) {
        // A pointer click is a click, whatever the agent called it: judged by the element as one.
        return Reach.focus(target) == Reach.POINTER ? ActionFacts.of(Operation.CLICK, target.name(),
                target.identifier(), target.description(), target.secure()) : ActArgs.super.facts(target);
    }

    @Override
    public Optional<CountersignError> checkFor(ElementNode target) {
        return Reach.focus(target).refusal();
    }

    @Override
    public String route(ElementNode target) {
        return Reach.focus(target).word();
    }

    @Override
    public List<PointerAim> aims(ElementNode target, ElementNode second) {
        return Reach.focus(target) == Reach.POINTER ? List.of(PointerAim.centreOf("ref", target)) : List.of();
    }

    @Override
    public Dispatch perform(DesktopBackend backend, ElementNode target) {
        return Reach.focus(target).perform(backend, target);
    }

    @Override
    public ReceiptVerification evidence(EffectProbe probe, ElementNode before) {
        return Reach.focus(before).evidence(probe, before);
    }
}
