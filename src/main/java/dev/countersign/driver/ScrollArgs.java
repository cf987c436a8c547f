package dev.countersign.driver;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.countersign.core.ActionPostcondition;
import dev.countersign.core.CountersignError;
import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.ReceiptVerification;
import dev.countersign.core.Rect;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.Dispatch;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.PointerInput;
import dev.countersign.desktop.ScrollDirection;
import dev.countersign.policy.Operation;
import dev.countersign.vision.Point;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Scroll the element by some steps. */
@JsonTypeName("scroll")
public record ScrollArgs(@JsonProperty("ref") String ref, @JsonProperty("direction") String direction,
        @JsonProperty("amount") Integer amount, @JsonProperty("postcondition") Postcondition postcondition)
        implements ActArgs {
    @Override
    public Operation operation() {
        return Operation.SCROLL;
    }

    @Override
    public String verb() {
        return "Scroll";
    }

    /** The steps to scroll: 3 when the agent named none. */
    public int steps() {
        return Scrolls.steps(amount);
    }

    @Override
    public Optional<CountersignError> checkOwn() {
        return Scrolls.check(direction, amount, "direction (up, down, left, right) is required for op 'scroll'");
    }

    @Override
    public Map<String, Object> boundArguments() {
        return Scrolls.bound(direction, steps());
    }

    /** Where the wheel turns: the element's centre, in screen pixels (null without a frame). */
    static Point wheelAt(ElementNode target) {
        Rect f = target.frame();
        return f == null || f.isEmpty() ? null : new Point(f.centerX(), f.centerY());
    }

    /**
     * The wheel is pointer input at the element's centre, sent through the backend's pointer
     * like every coordinate input, so the served guard's pointer rules (no input while the
     * person is asked, none on Countersign) hold for it; the runtime has checked right before
     * that no other window covers that point.
     */
    @Override
    public Dispatch perform(DesktopBackend backend, ElementNode target) {
        ScrollDirection to = ScrollDirection.valueOf(direction.toUpperCase(Locale.ROOT));
        Point at = wheelAt(target);
        if (at == null) {
            throw new DispatchRefusedException(CountersignError.onField(ErrorCode.TARGET_CHANGED, "ref",
                    "the element has no frame on screen to scroll at"));
        }
        return backend.pointer(new PointerInput.Scroll(at.x(), at.y(), to, steps()));
    }

    @Override
    public ActionPostcondition naturalPostcondition() {
        return null;
    }

    @Override
    public ReceiptVerification evidence(EffectProbe probe, ElementNode before) {
        // Scrolling has no evidence on its target: unknown until a new observation shows what moved.
        return null;
    }
}
