package dev.countersign.driver;

import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.ActionRequest;
import dev.countersign.core.ApprovalGrant;
import dev.countersign.core.ControlLease;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.ExecutionReceipt;
import dev.countersign.core.IdSource;
import dev.countersign.core.Rect;
import dev.countersign.core.ReservationScope;
import dev.countersign.core.TargetReservation;
import dev.countersign.core.Timestamps;
import dev.countersign.desktop.Dispatch;
import dev.countersign.desktop.ElementNode;
import dev.countersign.graph.ActionDigests;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * What the in-process runtime does the same way for every act: envelopes from the injected clock,
 * per-window reservations, the agent's lease, the kill switch and the session check. Subclasses
 * dispatch one kind of act and gather its evidence.
 */
abstract class LocalRuntime implements TimedRuntime {
    final DriverContext ctx;
    final Observation observation;
    private final long validityMs;
    /** Written once, by the one mutating call; read by the run once the graph finished. */
    private volatile Delivery dispatched;

    LocalRuntime(DriverContext ctx, Observation observation, long validityMs) {
        this.ctx = ctx;
        this.observation = observation;
        this.validityMs = validityMs;
    }

    /** How long verification took, in ns, once it ran; -1 before. */
    private volatile long verifyNanos = -1;
    private final Map<String, byte[]> pictures = new ConcurrentHashMap<>();
    /** The timeline's picture roles: right before the last check, and once the act settled. */
    static final String BEFORE = "before";
    static final String AFTER = "after";

    /**
     * Keeps the timeline's picture of {@code target}'s region now, as {@code role} (ActPictures);
     * an "after" picture is captured a moment later, for a repaint under way (RegionPicture.REPAINT).
     */
    void picture(String role, ElementNode target) {
        keep(role, ActPictures.region(ctx, observation, target, AFTER.equals(role)));
    }

    /** As {@link #picture(String, ElementNode)}, for coordinate input: the region around its points. */
    void picture(String role, Rect point, Rect to) {
        keep(role, ActPictures.around(ctx, observation, point, to, AFTER.equals(role)));
    }

    private void keep(String role, byte[] png) {
        if (png != null) {
            pictures.put(role, png);
        }
    }

    @Override
    public Map<String, byte[]> pictures() {
        return Map.copyOf(pictures);
    }

    void verified(long nanos) {
        verifyNanos = nanos;
    }

    @Override
    public long verifyNanos() {
        return verifyNanos;
    }

    @Override
    public Optional<Delivery> delivery() {
        return Optional.ofNullable(dispatched);
    }

    @Override
    public ActionEnvelope previewAction(ActionRequest request) {
        return envelope(ctx.ids, ctx.clock, request, validityMs);
    }

    /** The envelope of a request: a fresh action id, valid for {@code validityMs} from now. */
    static ActionEnvelope envelope(IdSource ids, Clock clock, ActionRequest request, long validityMs) {
        return new ActionEnvelope(ids.next("act_"), request.sessionId(), request.executionGroupId(),
                request.principalId(), request.agentId(), request.tool(), request.operation(), request.actionClass(),
                request.requestedMode(), request.target(), request.postcondition(),
                Timestamps.format(clock.instant()), Timestamps.format(clock.instant().plusMillis(validityMs)),
                ActionDigests.argsDigest(request));
    }

    @Override
    public TargetReservation reserveTarget(ActionEnvelope envelope) {
        return ctx.reservations.acquire(ctx.ids.next("res_"), envelope.sessionId(), envelope.principalId(),
                envelope.agentId(), envelope.executionGroupId(), envelope.actionId(),
                new ReservationScope(envelope.target().appId(), envelope.target().windowId()),
                observation.app.pid() + "/" + observation.windowId, ctx.settings.reservationWait());
    }

    @Override
    public void releaseTarget(TargetReservation reservation) {
        ctx.reservations.release(reservation);
    }

    @Override
    public ControlLease acquireLease(ActionEnvelope envelope) {
        return ctx.leases.current(envelope.agentId());
    }

    /**
     * The last check before dispatch, the one place it lives: the kill switch, the session, the
     * window's reservation, the agent's scope and the policy a grant was made under. It runs right
     * before the one mutating call, after every wait (focus, settle) that precedes it.
     */
    void lastCheck(TargetReservation reservation, ApprovalGrant approval) {
        ctx.pauseProblem().ifPresent(error -> {
            throw new DispatchRefusedException(error);
        });
        ctx.sessionProblem().ifPresent(error -> {
            throw new DispatchRefusedException(error);
        });
        if (!ctx.reservations.isHeld(reservation.reservationId())) {
            throw refused(ErrorCode.RESERVATION_INVALID, "the window's reservation was released (paused or disposed)");
        }
        if (!ctx.observations.holds(observation)) {
            throw refused(ErrorCode.REF_UNKNOWN, "the agent's scope was disposed");
        }
        if (approval != null && !approval.policyDigest().equals(ctx.policyDigest.get())) {
            throw new DispatchRefusedException(CountersignError.onField(ErrorCode.IDENTITY_MISMATCH, "policy_digest",
                    "the policy changed since the person approved this action"));
        }
    }

    /**
     * Charges the agent's lease, runs the one mutating call and times it: the receipt says the
     * action was committed and how it was delivered, never that its effect happened.
     */
    ExecutionReceipt dispatched(ActionEnvelope envelope, ControlLease lease, TargetReservation reservation,
            ApprovalGrant approval, Supplier<Dispatch> perform) {
        return dispatched(envelope, lease, reservation, approval, null, perform);
    }

    /**
     * As {@link #dispatched(ActionEnvelope, ControlLease, TargetReservation, ApprovalGrant, Supplier)},
     * with a preparation that moves something and waits for it (keys: focus, then until the target
     * reports it) before the input. The last check runs again after that wait, right before the
     * input it guards. A refusal there, or in the preparation, is a rejection: none of the act's
     * input was sent (the receipt's words say that focus may have moved), so an agent told
     * {@code rejected} knows the act did not happen, and one told {@code unknown} that it may have.
     */
    ExecutionReceipt dispatched(ActionEnvelope envelope, ControlLease lease, TargetReservation reservation,
            ApprovalGrant approval, Runnable prepare, Supplier<Dispatch> perform) {
        // The last check, right before the first mutating call, so nothing slow runs after it.
        lastCheck(reservation, approval);
        ctx.leases.charge(envelope.agentId(), lease.leaseId()).ifPresent(problem -> {
            throw new DispatchRefusedException(problem);
        });
        if (prepare != null) {
            prepare.run();
            lastCheck(reservation, approval);
        }
        long start = System.nanoTime();
        Dispatch dispatch = perform.get();
        dispatched = new Delivery(dispatch.strategy(), System.nanoTime() - start);
        return new ExecutionReceipt(ctx.ids.next("rcpt_"), envelope.sessionId(), envelope.actionId(),
                envelope.argsDigest(), ExecutionReceipt.COMMITTED, null, dispatch.strategy());
    }

    /**
     * Runs a read that happens before dispatch; if it fails, nothing was dispatched, so the failure
     * is a refusal, not an uncertain outcome.
     */
    static <T> T beforeDispatch(Supplier<T> read) {
        try {
            return read.get();
        } catch (DispatchRefusedException e) {
            throw e;
        } catch (CountersignException e) {
            throw new DispatchRefusedException(e.error());
        }
    }

    static DispatchRefusedException refused(ErrorCode code, String message) {
        return new DispatchRefusedException(CountersignError.of(code, message));
    }
}
