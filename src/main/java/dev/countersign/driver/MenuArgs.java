package dev.countersign.driver;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.countersign.core.CountersignError;
import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.ReceiptVerification;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.Dispatch;
import dev.countersign.desktop.ElementAction;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.MouseButton;
import dev.countersign.desktop.PointerInput;
import dev.countersign.policy.Operation;
import dev.countersign.vision.Point;
import java.util.List;

/**
 * Open the element's context menu. By its own accessible action when it has one that opens a
 * menu, else by a right click at its centre: pointer input, so only once the window on top
 * there is the observed one and the hit test finds the element there ({@link PointerAims}).
 * The menu's items are then observed and clicked like any element, each judged by its label.
 */
@JsonTypeName("menu")
public record MenuArgs(@JsonProperty("ref") String ref, @JsonProperty("postcondition") Postcondition postcondition)
        implements ActArgs {
    @Override
    public Operation operation() {
        return Operation.MENU;
    }

    @Override
    public String verb() {
        return "Open the context menu of";
    }

    @Override
    public List<PointerAim> aims(ElementNode target, ElementNode second) {
        return ElementAction.ShowMenu.offeredBy(target.actions()) ? List.of()
                : List.of(PointerAim.centreOf("ref", target));
    }

    @Override
    public Dispatch perform(DesktopBackend backend, ElementNode target) {
        if (ElementAction.ShowMenu.offeredBy(target.actions())) {
            return backend.perform(target.handle(), new ElementAction.ShowMenu());
        }
        Point at = PointerAim.centre(target);
        if (at == null) {
            throw new DispatchRefusedException(CountersignError.onField(ErrorCode.TARGET_CHANGED, "ref",
                    "the element has no frame on screen to right-click"));
        }
        return backend.pointer(new PointerInput.Click(at.x(), at.y(), MouseButton.RIGHT, 1));
    }

    @Override
    public EffectProbe.Baseline baseline(DesktopBackend backend, ElementNode target) {
        return EffectProbe.Baseline.menusOf(backend, target);
    }

    @Override
    public ReceiptVerification evidence(EffectProbe probe, ElementNode before) {
        return probe.menuOpened(before);
    }
}
