package dev.countersign.driver;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.countersign.core.ActionPostcondition;
import dev.countersign.core.CountersignError;
import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.ReceiptVerification;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.Dispatch;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.PointerInput;
import dev.countersign.policy.ActionFacts;
import dev.countersign.policy.Operation;
import dev.countersign.vision.Point;
import java.util.List;
import java.util.Optional;

/**
 * Drag the element onto another of the same observation ({@code to}): press at its centre,
 * move, release at {@code to}'s centre, through the guarded pointer, with both ends proven to
 * land on their elements. Judged by both elements' labels: a drop onto "Trash" asks as delete.
 * The envelope's digest binds {@code to} as the agent saw it.
 */
@JsonTypeName("drag")
public record DragArgs(@JsonProperty("ref") String ref, @JsonProperty("to") String to,
        @JsonProperty("postcondition") Postcondition postcondition) implements ActArgs {
    @Override
    public Operation operation() {
        return Operation.DRAG;
    }

    @Override
    public String verb() {
        return "Drag";
    }

    @Override
    public Optional<CountersignError> checkOwn() {
        if (to == null || to.isBlank()) {
            return ObserveArgs.invalid("to", "to is required for op 'drag': the ref, from the same observation, "
                    + "of the element to drop onto");
        }
        if (to.equals(ref)) {
            return ObserveArgs.invalid("to", "to names the element dragged itself; a drag needs another element");
        }
        return Optional.empty();
    }

    @Override
    public String secondRef() {
        return to;
    }

    @Override
    public ActionFacts facts(ElementNode target, ElementNode second) {
        return ActionFacts.drag(target.name(), target.identifier(), target.description(), target.secure(),
                new ActionFacts.Labels(second.name(), second.identifier(), second.description()), second.secure());
    }

    @Override
    public List<PointerAim> aims(ElementNode target, ElementNode second) {
        return List.of(PointerAim.centreOf("ref", target), PointerAim.centreOf("to", second));
    }

    /** A drag has two ends: it is only ever performed with its drop target. */
    @Override
    public Dispatch perform(DesktopBackend backend, ElementNode target) {
        throw new IllegalStateException("a drag is performed with the element it drops onto");
    }

    @Override
    public Dispatch perform(DesktopBackend backend, ElementNode target, ElementNode second) {
        Point from = PointerAim.centre(target);
        Point onto = PointerAim.centre(second);
        if (from == null || onto == null) {
            throw new DispatchRefusedException(CountersignError.onField(ErrorCode.TARGET_CHANGED,
                    from == null ? "ref" : "to", "the element has no frame on screen to drag from or onto"));
        }
        return backend.pointer(new PointerInput.Drag(from.x(), from.y(), onto.x(), onto.y()));
    }

    @Override
    public ActionPostcondition naturalPostcondition() {
        return null;
    }

    @Override
    public ReceiptVerification evidence(EffectProbe probe, ElementNode before) {
        // What a drop does is the application's (a move, a copy, a reorder): unknown until a
        // new observation, or a declared element's change, shows it.
        return null;
    }
}
