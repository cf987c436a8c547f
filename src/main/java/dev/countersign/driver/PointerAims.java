package dev.countersign.driver;

import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.PointHit;
import dev.countersign.desktop.Recheck;
import java.util.List;
import java.util.Optional;

/**
 * The checks pointer input aimed at elements passes before the person is asked and again right
 * before dispatch: at each point, the window on top is the observed window ({@link PointCover}:
 * no other window, Countersign's included, was laid over it) and, inside it, the accessibility
 * API's own hit test finds the element itself or something inside it ({@link DesktopBackend#hitTest}).
 * A point that fails either is refused {@code TARGET_CHANGED} naming the argument, and nothing is
 * sent: a right click or a drop lands on whatever is there, and the person was shown the element.
 */
final class PointerAims {
    private PointerAims() {
    }

    /** The first aim that is not proven to land on its element; empty when every one is. */
    static Optional<CountersignError> check(DesktopBackend backend, Observation observation, List<PointerAim> aims) {
        for (PointerAim aim : aims) {
            Optional<CountersignError> problem = check(backend, observation, aim);
            if (problem.isPresent()) {
                return problem;
            }
        }
        return Optional.empty();
    }

    private static Optional<CountersignError> check(DesktopBackend backend, Observation observation, PointerAim aim) {
        if (aim.point() == null) {
            return Optional.of(CountersignError.onField(ErrorCode.TARGET_CHANGED, aim.field(),
                    "the element has no frame on screen, so no pointer input can be aimed at it"));
        }
        Optional<CountersignError> covered = PointCover.at(backend, observation, aim.point(), aim.field());
        if (covered.isPresent()) {
            return covered;
        }
        PointHit hit;
        try {
            hit = backend.hitTest(aim.element().handle(), aim.point().x(), aim.point().y());
        } catch (CountersignException e) {
            // Where the point lands cannot be proven: nothing is sent.
            return Optional.of(new CountersignError(e.error().code(), aim.field() + ": the point could not be "
                    + "hit-tested: " + e.error().message(), e.error().hint(), aim.field(), null));
        }
        if (hit.onElement()) {
            return Optional.empty();
        }
        return Optional.of(CountersignError.onField(ErrorCode.TARGET_CHANGED, aim.field(), "the point aimed at ("
                + aim.point().x() + ", " + aim.point().y() + ") lands on " + hit.found() + ", not on the element "
                + "you named; pointer input there would reach that instead"));
    }

    /**
     * The act's second element ({@code to}) as it reads now: still the element the agent saw (the
     * same identity fields as the target's check) and not secure; else the refusal naming {@code to}.
     */
    static Second second(DesktopBackend backend, ElementNode seen) {
        Recheck now = backend.recheck(seen.handle());
        if (now instanceof Recheck.Gone gone) {
            return new Second(null, CountersignError.onField(ErrorCode.TARGET_CHANGED, "to",
                    "the element 'to' names is gone: " + gone.reason()));
        }
        ElementNode current = ((Recheck.Present) now).current();
        if (current.secure()) {
            return new Second(null, CountersignError.onField(ErrorCode.SECURE_FIELD_REFUSED, "to",
                    "the element 'to' names is a secure (password) field; Countersign never acts on one"));
        }
        Optional<String> field = IdentityCheck.differingField(seen, current);
        return field.map(f -> new Second(null, CountersignError.onField(ErrorCode.TARGET_CHANGED, "to",
                "the " + f + " of the element 'to' names changed since you observed it")))
                .orElseGet(() -> new Second(current, null));
    }

    /** The second element as it reads now, or why it is refused. */
    record Second(ElementNode current, CountersignError error) {
    }
}
