package dev.countersign.driver;

import dev.countersign.core.CountersignError;
import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Rect;
import dev.countersign.core.ReceiptVerification;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.Dispatch;
import dev.countersign.desktop.ElementAction;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.PointerInput;
import dev.countersign.vision.Point;
import java.util.Locale;
import java.util.Optional;

/**
 * How a {@code click} or a {@code focus} reaches an element, decided from the element as it reads
 * (docs/decisions/0005-operations-as-types.md, "Reaching an element without an action"). An element with an accessible
 * action is pressed (a text field is focused instead: its action is Return). One without an
 * action — a spreadsheet's cell, a list's row, a document's paragraph — is reached the way a
 * person's click reaches it, through the accessibility API first: selected in its container
 * (and focused, when it takes focus), or given focus; and only where neither applies, by a
 * pointer click at its centre, which is sent only once the window stack shows the observed window
 * on top there and the accessibility hit test shows the point on the element itself
 * ({@link PointerAims}). A click is judged by the element's own labels whatever the route;
 * a focus that becomes a pointer click is judged as a click.
 */
enum Reach {
    /** The element's own action. */
    PRESS,
    /** A text field: focus, never its Return-like action (evidence as for any click). */
    EDIT,
    /** Keyboard focus through the accessibility API. */
    FOCUS,
    /** Selected in its container (and focused when it takes focus). */
    SELECT,
    /** A pointer click at its centre, after the landing checks. */
    POINTER,
    /** Nothing reaches it: refused. */
    NONE;

    /**
     * How a click reaches {@code n}. A cell or a paragraph that takes text but has no action is
     * reached like any element without one: a spreadsheet's cell is selected (a person's click
     * there selects it), a paragraph focused.
     */
    static Reach click(ElementNode n) {
        if (n.hasState(ElementNode.CLICK_BY_POINTER) && centre(n) != null) {
            // Its action changes the element but not the app (Qt's toggle checks a radio button
            // without the app seeing a click): a person's click is what it answers to.
            return POINTER;
        }
        if (!n.actions().isEmpty()) {
            return ClickSemantics.editable(n) ? EDIT : PRESS;
        }
        return withoutAction(n, true);
    }

    /** How a focus reaches {@code n}: focus whenever it has an action or takes focus, else as a click would. */
    static Reach focus(ElementNode n) {
        if (!n.actions().isEmpty() || n.hasState("focusable") || ClickSemantics.editable(n)) {
            return FOCUS;
        }
        return withoutAction(n, false);
    }

    private static Reach withoutAction(ElementNode n, boolean click) {
        if (n.hasState("selectable")) {
            return SELECT;
        }
        if (click && n.hasState("focusable")) {
            return FOCUS;
        }
        return centre(n) != null ? POINTER : NONE;
    }

    /**
     * Where a pointer click on {@code n} is aimed: its centre, but for a check box or radio button
     * wider than its box, the box (half its height in from the start): Qt takes a click on a
     * check box only on its box and label, and the centre of a row-wide one is empty panel.
     */
    static Point aim(ElementNode n) {
        Point centre = centre(n);
        Rect f = n.frame();
        if (centre == null || !BOXED.contains(n.role()) || f.width() <= 3 * f.height()) {
            return centre;
        }
        return new Point(f.x() + f.height() / 2, centre.y());
    }

    private static final java.util.Set<String> BOXED = java.util.Set.of("check box", "radio button");

    /** The element's centre in screen pixels, or null when it has no frame on screen. */
    static Point centre(ElementNode n) {
        Rect f = n.frame();
        if (f == null || f.isEmpty() || f.x() == Integer.MIN_VALUE || f.y() == Integer.MIN_VALUE) {
            return null;
        }
        return new Point(f.centerX(), f.centerY());
    }

    /** The refusal for an element nothing reaches: no action, no selection, no focus, no place on screen. */
    Optional<CountersignError> refusal() {
        if (this != NONE) {
            return Optional.empty();
        }
        return Optional.of(new CountersignError(ErrorCode.INVALID_ARGUMENT,
                "this element has no accessible action, cannot be selected or focused, and has no place on screen "
                        + "to click", "act on the element that holds it, or use computer_visual_act on a fresh visual "
                        + "observation (it always asks the person)", "ref", null));
    }

    /** The one call (two for a selection that also takes focus) that reaches {@code target}. */
    Dispatch perform(DesktopBackend backend, ElementNode target) {
        switch (this) {
            case PRESS:
                return backend.perform(target.handle(), new ElementAction.Press());
            case EDIT:
            case FOCUS:
                return backend.perform(target.handle(), new ElementAction.Focus());
            case SELECT:
                Dispatch selected = backend.perform(target.handle(), new ElementAction.Select(false));
                if (!target.hasState("focusable")) {
                    return selected;
                }
                // A person's click on a cell or a row moves focus there too.
                Dispatch focused = backend.perform(target.handle(), new ElementAction.Focus());
                return new Dispatch(selected.strategy() + "+" + focused.strategy(),
                        selected.detail() + "; " + focused.detail());
            case POINTER:
                Point at = aim(target);
                if (at == null) {
                    throw new DispatchRefusedException(CountersignError.onField(ErrorCode.TARGET_CHANGED, "ref",
                            "the element has no frame on screen to click at"));
                }
                return backend.pointer(PointerInput.click(at.x(), at.y()));
            default:
                throw new DispatchRefusedException(refusal().orElseThrow());
        }
    }

    /** The evidence that the route took: a click's change, focus, the selected state, or a pointer click's change. */
    ReceiptVerification evidence(EffectProbe probe, ElementNode before) {
        switch (this) {
            case PRESS:
            case EDIT:
                return probe.click(before);
            case FOCUS:
                return probe.focus(before);
            case SELECT:
                return probe.state(before, "selected", "the element is selected");
            case POINTER:
                return probe.reached(before);
            default:
                return null;
        }
    }

    /** The route's name for receipts and refusals. */
    String word() {
        return name().toLowerCase(Locale.ROOT);
    }
}
