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
 * Press the element's default action; an element without one is reached as a person's click
 * reaches it ({@link Reach}): selected in its container, focused, or clicked at its centre once
 * the point is proven to land on it. Judged by the element's own labels whatever the route.
 */
@JsonTypeName("click")
public record ClickArgs(@JsonProperty("ref") String ref, @JsonProperty("postcondition") Postcondition postcondition)
        implements ActArgs {
    @Override
    public Operation operation() {
        return Operation.CLICK;
    }

    @Override
    public String verb() {
        return "Click";
    }

    @Override
    public Optional<CountersignError> checkFor(ElementNode target) {
        return Reach.click(target).refusal();
    }

    @Override
    public String route(ElementNode target) {
        return Reach.click(target).word();
    }

    /** Only a click that is a pointer click at the centre is aimed at a point ({@link PointerAims}). */
    @Override
    public List<PointerAim> aims(ElementNode target, ElementNode second) {
        return Reach.click(target) == Reach.POINTER ? List.of(new PointerAim("ref", Reach.aim(target), target))
                : List.of();
    }

    /**
     * A click into a text field focuses it: an entry's own action is "activate", which is
     * Return, which fires the window's default button (a form's OK). Never that.
     */
    @Override
    public Dispatch perform(DesktopBackend backend, ElementNode target) {
        return Reach.click(target).perform(backend, target);
    }

    @Override
    public ActionFacts facts(ElementNode target) {
        // An element whose only "click" is a submit-like action (activate, confirm) is judged
        // as the submit key it is, not as a click on a label: on a read-only field that is
        // Return, which presses the window's default button. An item of a list, tree or table
        // that only activates opens what its labels name, so it is judged as a click on them.
        if (!ClickSemantics.editable(target) && ClickSemantics.onlySubmitLike(target)
                && !ClickSemantics.item(target)) {
            return ActionFacts.key("Return", target.role(), target.name(), target.identifier(),
                    target.description(), target.secure()).landing(target.states(), null);
        }
        // An item of a list, tree or table whose only action is "select" is pressed by that
        // action: it is selected, and its label is content (a mail's subject), not a command.
        if (!ClickSemantics.editable(target) && ClickSemantics.item(target) && ClickSemantics.onlySelects(target)) {
            return ActionFacts.of(Operation.SELECT, target.role(), target.name(), target.identifier(),
                    target.description(), target.secure());
        }
        return ActArgs.super.facts(target);
    }

    @Override
    public ReceiptVerification evidence(EffectProbe probe, ElementNode before) {
        return Reach.click(before).evidence(probe, before);
    }
}
