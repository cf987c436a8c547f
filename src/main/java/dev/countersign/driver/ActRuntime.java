package dev.countersign.driver;

import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.ApprovalGrant;
import dev.countersign.core.ControlLease;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.ExecutionReceipt;
import dev.countersign.core.ReceiptVerification;
import dev.countersign.core.TargetReservation;
import dev.countersign.desktop.ElementAction;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.FocusProof;
import dev.countersign.desktop.Recheck;
import dev.countersign.policy.ActionFacts;
import dev.countersign.policy.ScreenRedactor;
import dev.countersign.vision.Point;
import java.time.Duration;

/**
 * The local runtime for one {@code computer_act}: the governed graph calls it node by node. It
 * holds the resolved target, so the backend handle never travels through the graph's state. What
 * differs between operations is the operation's own ({@link ActArgs}); this class only orders it.
 */
final class ActRuntime extends LocalRuntime {
    /** How long the target may take to report keyboard focus before keys are withheld. */
    private static final Duration FOCUS_BOUND = Duration.ofMillis(300);
    /** The longest read-back a receipt quotes from a declared element. */
    private static final int SHOWN_MAX = 80;
    private final int index;
    /** The element the postcondition declares, as an index into the observation; -1 for none. */
    private final int declared;
    /** The act's second element (a drag's {@code to}), as an index into the observation; -1 for none. */
    private final int second;
    private final ActArgs args;
    /** How the act reached the target when the policy judged it ({@link ActArgs#route}). */
    private final String route;
    private final ScreenRedactor redactor;
    /**
     * The window a key may reach an unknown element of, as it was judged, when its app turns out
     * not to say which element has focus; null when such a key is refused ({@link KeyLanding.Judged}).
     */
    private final ActionFacts.UnknownFocus unknownFocus;
    /** Set once the keys are let through to an unknown element of the window: the receipt says so. */
    private volatile String reachedUnknown;
    private ElementNode beforeDispatch;
    private ElementNode declaredBeforeDispatch;
    private EffectProbe.Baseline baseline;

    ActRuntime(DriverContext ctx, Observation observation, int index, int declared, int second, ActArgs args,
            String route, long validityMs, ScreenRedactor redactor, ActionFacts.UnknownFocus unknownFocus) {
        super(ctx, observation, validityMs);
        this.unknownFocus = unknownFocus;
        this.index = index;
        this.declared = declared;
        this.second = second;
        this.args = args;
        this.route = route;
        this.redactor = redactor;
    }

    @Override
    public ExecutionReceipt executeAction(ActionEnvelope envelope, ControlLease lease, TargetReservation reservation,
            ApprovalGrant approval) {
        IdentityCheck.Result identity = beforeDispatch(() -> IdentityCheck.recheck(ctx.backend, observation, index));
        if (identity instanceof IdentityCheck.Result.Changed changed) {
            throw new DispatchRefusedException(changed.error());
        }
        ElementNode target = ((IdentityCheck.Result.Same) identity).current();
        beforeDispatch = target;
        if (target.secure()) {
            throw refused(ErrorCode.SECURE_FIELD_REFUSED, "the target is a secure field");
        }
        args.checkFor(target).ifPresent(error -> {
            // The live element is now one the arguments do not fit (it became a terminal, nothing
            // reaches it, its text is shorter than the range): nothing is sent.
            throw new DispatchRefusedException(error);
        });
        String now = args.route(target);
        if (!now.equals(route)) {
            // The policy judged one act (a press, a focus); the live element would take another (a
            // pointer click): never send what was not judged.
            throw new DispatchRefusedException(CountersignError.onField(ErrorCode.TARGET_CHANGED, "ref",
                    "the element changed how it is reached since it was judged (" + route + ", now " + now
                            + "); observe again"));
        }
        if (declared >= 0) {
            declaredBeforeDispatch = beforeDispatch(this::declaredNow);
        }
        Point wheel = args instanceof ScrollArgs ? ScrollArgs.wheelAt(target) : null;
        if (wheel != null) {
            // The wheel is coordinate input: last, the window on top at the element's centre is
            // still the observed one (not a window raised over it), as for a visual act.
            beforeDispatch(() -> PointCover.check(ctx.backend, observation, wheel, null))
                    .ifPresent(error -> {
                        throw new DispatchRefusedException(error);
                    });
        }
        ElementNode secondNow = second < 0 ? null : beforeDispatch(this::secondNow);
        // Pointer input aimed at elements (a right click, both ends of a drag, a click at the
        // centre of an element without an action): last, each point still lands on its element in
        // the observed window, nothing laid over it since the person was asked.
        beforeDispatch(() -> PointerAims.check(ctx.backend, observation, args.aims(target, secondNow)))
                .ifPresent(error -> {
                    throw new DispatchRefusedException(error);
                });
        baseline = beforeDispatch(() -> args.baseline(ctx.backend, target));
        // The timeline's "before": the target's region as it stands right before the last check.
        picture(BEFORE, target);
        ElementAction preparation = args.preparation();
        Runnable prepare = preparation == null ? null : () -> takeFocus(target, preparation);
        return dispatched(envelope, lease, reservation, approval, prepare,
                () -> args.perform(ctx.backend, target, secondNow));
    }

    /** The second element as it reads right before dispatch: still the one the agent saw, never secure. */
    private ElementNode secondNow() {
        PointerAims.Second now = PointerAims.second(ctx.backend, observation.nodes.get(second));
        if (now.error() != null) {
            throw new DispatchRefusedException(now.error());
        }
        return now.current();
    }

    /**
     * The declared element as it reads right before dispatch: the baseline its change is measured
     * from. Still the element the agent saw (identity as the target's) and never secure, else
     * nothing is dispatched.
     */
    private ElementNode declaredNow() {
        ElementNode seen = observation.nodes.get(declared);
        Recheck now = ctx.backend.recheck(seen.handle());
        if (now instanceof Recheck.Gone gone) {
            throw new DispatchRefusedException(CountersignError.onField(ErrorCode.TARGET_CHANGED, "postcondition.ref",
                    "the declared element is gone: " + gone.reason()));
        }
        ElementNode current = ((Recheck.Present) now).current();
        if (current.secure()) {
            throw new DispatchRefusedException(CountersignError.onField(ErrorCode.SECURE_FIELD_REFUSED,
                    "postcondition.ref", "the declared element is a secure field"));
        }
        IdentityCheck.differingField(seen, current).ifPresent(field -> {
            throw new DispatchRefusedException(CountersignError.onField(ErrorCode.TARGET_CHANGED, "postcondition.ref",
                    "the declared element's " + field + " changed since you observed it"));
        });
        return current;
    }

    @Override
    public ReceiptVerification verify(ActionEnvelope envelope, ExecutionReceipt receipt) {
        long start = System.nanoTime();
        try {
            return evidence();
        } finally {
            verified(System.nanoTime() - start);
            // The timeline's "after", once the evidence is in; not part of verifying's time.
            picture(AFTER, beforeDispatch);
        }
    }

    private ReceiptVerification evidence() {
        if (declaredBeforeDispatch != null) {
            // The effect shows on the declared element, not on the target: it alone is the evidence.
            Postcondition post = args.postcondition();
            return new EffectProbe(ctx.backend, ctx.settings.declaredBound())
                    .watched(declaredBeforeDispatch, post.watched(), post.equalsText(), this::shown);
        }
        EffectProbe probe = new EffectProbe(ctx.backend, ctx.settings.verifyBound()).since(baseline, ctx.windows::idOf);
        if (args.postcondition() == null) {
            ReceiptVerification own = args.evidence(probe, beforeDispatch);
            String unknown = reachedUnknown;
            // No evidence, but the receipt says where the keys went: not to an element anyone named.
            return own != null || unknown == null ? own : new ReceiptVerification(null, null, "keys sent " + unknown);
        }
        if (args instanceof ClickArgs) {
            // A click counts only with its own change; then the agent's postcondition decides.
            ReceiptVerification changed = probe.click(beforeDispatch);
            boolean vanished = Boolean.FALSE.equals(args.postcondition().exists());
            return changed == null && !vanished ? null : probe.declared(beforeDispatch, args.postcondition().own());
        }
        return probe.declared(beforeDispatch, args.postcondition().own());
    }

    /** A read-back as a receipt may quote it: credentials redacted, at most {@link #SHOWN_MAX} characters. */
    private String shown(String text) {
        String redacted = redactor.redact(text, new ScreenRedactor.Tally());
        return redacted == null || redacted.length() <= SHOWN_MAX ? redacted
                : redacted.substring(0, SHOWN_MAX) + "…";
    }

    /**
     * Keys go to whatever has keyboard focus system-wide, not to the element that merely reports
     * focus inside its window: where the backend can prove it (AT-SPI focus on the element and the
     * window system's input focus on the target's window, as for keyboard typing) nothing is sent
     * without that proof. A backend that cannot prove it falls back to the element's own report;
     * the served app's guard then still refuses keys while the focused window is not provably safe.
     */
    private void takeFocus(ElementNode target, ElementAction preparation) {
        FocusProof proof;
        try {
            proof = ctx.backend.focusForTyping(target.handle(), ctx.unreportedFocus.silent(observation.windowId));
        } catch (CountersignException e) {
            if (e.error().code() != ErrorCode.UNSUPPORTED_PLATFORM) {
                throw e;
            }
            ctx.backend.perform(target.handle(), preparation);
            requireFocused(target);
            return;
        }
        if (proof.proven()) {
            return;
        }
        if (proof.windowFocused()) {
            // The target's own window holds input focus, but the target never said it has focus:
            // the app may say it of no element at all (UnreportedFocus).
            unreported(target, proof);
            return;
        }
        // None of the act's keys was sent: rejected, though its window may have come to the front.
        throw new DispatchRefusedException(CountersignError.onField(ErrorCode.TARGET_CHANGED, "focus",
                "keyboard focus is not on the target system-wide (" + proof.detail() + "); no keys were sent"
                        + " (its window may have been brought to the front)"));
    }

    /**
     * The target's window holds input focus and the target does not report focus: keys go on to an
     * unknown element of that window only where no other element of it reports focus and the act
     * was judged to reach one (the window no riskier now than then). A window whose app is silent
     * about focus is remembered, so the next key there is judged, and worded, as reaching an unknown
     * element. None of the act's keys was sent on any refusal.
     */
    private void unreported(ElementNode target, FocusProof proof) {
        UnreportedFocus.Live live = UnreportedFocus.read(ctx, observation, target.handle());
        if (live instanceof UnreportedFocus.Live.Silent) {
            ctx.unreportedFocus.remember(observation.windowId);
            if (unknownFocus == null) {
                throw new DispatchRefusedException(CountersignError.onField(ErrorCode.TARGET_CHANGED, "focus",
                        "the app does not say which element has focus (" + proof.detail() + "); no keys were sent."
                                + " Act again: the key is then judged as reaching an unknown element of window "
                                + observation.windowId));
            }
        } else if (unknownFocus == null) {
            throw new DispatchRefusedException(UnreportedFocus.check(live, null).orElseThrow());
        }
        UnreportedFocus.check(live, unknownFocus).ifPresent(error -> {
            throw new DispatchRefusedException(error);
        });
        reachedUnknown = "to an unknown element of window " + observation.windowId
                + " (the app does not say which element has focus; the window has input focus)";
    }

    /**
     * Keys go to whatever has keyboard focus, so they are only sent once the target itself reports
     * focus (and is still not secure). None of the act's keys was sent, so a refusal here is a
     * rejection, though the focus it asked for may have moved.
     */
    private void requireFocused(ElementNode target) {
        var evidence = new EffectProbe(ctx.backend, FOCUS_BOUND).focus(target);
        if (evidence == null) {
            throw new DispatchRefusedException(CountersignError.onField(ErrorCode.TARGET_CHANGED, "focus",
                    "the target did not take keyboard focus; no keys were sent (focus may have moved)"));
        }
    }
}
