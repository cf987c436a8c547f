package dev.countersign.driver;

import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.ActionRequest;
import dev.countersign.core.ApprovalGrant;
import dev.countersign.core.ApprovalRequirement;
import dev.countersign.core.ControlLease;
import dev.countersign.core.ExecutionReceipt;
import dev.countersign.core.IdSource;
import dev.countersign.core.RandomIds;
import dev.countersign.core.ReceiptVerification;
import dev.countersign.core.Rect;
import dev.countersign.core.ReservationScope;
import dev.countersign.core.TargetReservation;
import dev.countersign.desktop.ElementHandle;
import dev.countersign.desktop.ElementNode;
import dev.countersign.graph.ComputerUseRuntime;
import dev.countersign.graph.GovernedGraph;
import dev.countersign.graph.GraphStep;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Runs what a {@code computer_act} goes through besides the desktop — the policy's decision, the
 * request and its digests, the governed graph from preview to release (reservation, lease,
 * execution, verification) and the receipt made of its result — for a made-up click on a made-up
 * check box, twice, so that the first agent's first act finds that code loaded and linked
 * (otherwise the cold first act pays for it). Its runtime dispatches nothing and reads nothing:
 * the reservation and lease books it uses are its own and thrown away with it, and no receipt
 * reaches an agent's ring or the audit log. The answer's side is the server's (ActAnswerWarmUp).
 */
final class ActWarmUp implements ComputerUseRuntime {
    /** Runs of the made-up act: the first links the code, the second runs it linked (caches hit). */
    static final int PASSES = 2;
    static final String AGENT = "warm-up";
    /** The made-up target: a check box, as a form shows one. */
    static final ElementNode TARGET = new ElementNode(new Handle(), "check box", null, "Remember me", null, null,
            null, new Rect(40, 120, 120, 24), Set.of("enabled", "focusable", "sensitive", "showing", "visible"),
            List.of("click"), false, 2, 1);

    private final Clock clock;
    private final IdSource ids = new RandomIds();
    private final ReservationBook reservations;
    private final LeaseBook leases;
    private final DriverSettings settings;
    private final long validityMs;

    /** A handle no backend made: the made-up target is never handed to one. */
    private record Handle() implements ElementHandle {
    }

    private ActWarmUp(DriverSettings settings, Clock clock) {
        this.clock = clock;
        this.settings = settings;
        this.validityMs = settings.actionWindow().toMillis();
        this.reservations = new ReservationBook(clock, settings.approvalWindow().plus(settings.actionWindow()));
        this.leases = new LeaseBook(clock, settings.sessionId(), settings.principalId(), LeaseBook.Terms.defaults());
    }

    /** Runs the made-up act {@link #PASSES} times with the driver's policy; returns the last receipt. */
    static Receipt run(DriverSettings settings, Clock clock, ApprovalPolicy policy) {
        Receipt receipt = null;
        for (int pass = 0; pass < PASSES; pass++) {
            receipt = new ActWarmUp(settings, clock).act(policy);
        }
        return receipt;
    }

    private Receipt act(ApprovalPolicy policy) {
        long started = System.nanoTime();
        ActArgs args = new ClickArgs("rWarmUp00000", null);
        args.validate();
        ApprovalRequirement requirement = policy.requirementFor(args, TARGET);
        // Whatever the person's policy says of a check box, the made-up act never waits for anyone.
        ApprovalRequirement none = ApprovalRequirement.notRequired(requirement.policyDigest());
        ActionRequest request = ActFlow.request(settings, AGENT, args, "warm-up", "w0", "sha256:" + "0".repeat(64),
                TARGET, null, null, validityMs);
        GraphStep step = new GovernedGraph(this, envelope -> none, clock, ids).start(request);
        return Receipts.of(((GraphStep.Finished) step).result(),
                Optional.of(new TimedRuntime.Delivery("warm-up", 0)), 0,
                started, 0, null);
    }

    @Override
    public ActionEnvelope previewAction(ActionRequest request) {
        return LocalRuntime.envelope(ids, clock, request, validityMs);
    }

    @Override
    public TargetReservation reserveTarget(ActionEnvelope envelope) {
        return reservations.acquire(ids.next("res_"), envelope.sessionId(), envelope.principalId(),
                envelope.agentId(), envelope.executionGroupId(), envelope.actionId(),
                new ReservationScope(envelope.target().appId(), envelope.target().windowId()), "warm-up/w0",
                settings.reservationWait());
    }

    @Override
    public void releaseTarget(TargetReservation reservation) {
        reservations.release(reservation);
    }

    @Override
    public ControlLease acquireLease(ActionEnvelope envelope) {
        return leases.current(envelope.agentId());
    }

    @Override
    public ExecutionReceipt executeAction(ActionEnvelope envelope, ControlLease lease, TargetReservation reservation,
            ApprovalGrant approval) {
        leases.charge(envelope.agentId(), lease.leaseId());
        return new ExecutionReceipt(ids.next("rcpt_"), envelope.sessionId(), envelope.actionId(),
                envelope.argsDigest(), ExecutionReceipt.COMMITTED, null, "warm-up");
    }

    @Override
    public ReceiptVerification verify(ActionEnvelope envelope, ExecutionReceipt receipt) {
        return new ReceiptVerification(true, null, "warm-up: nothing was dispatched, so nothing was read back");
    }
}
