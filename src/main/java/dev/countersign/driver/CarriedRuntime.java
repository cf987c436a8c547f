package dev.countersign.driver;

import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.ActionRequest;
import dev.countersign.core.ApprovalGrant;
import dev.countersign.core.ControlLease;
import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.ExecutionReceipt;
import dev.countersign.core.ReceiptVerification;
import dev.countersign.core.TargetReservation;
import dev.countersign.graph.ComputerUseRuntime;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The runtime of one carried act: the carrier's runtime, node by node, with this side's last check
 * right before the far side is asked to dispatch (the kill switch here, then the agent's lease here,
 * charged only now), the timings the receipt reports, and the far side's pictures of the act.
 */
final class CarriedRuntime implements TimedRuntime {
    private final DriverContext ctx;
    private final String agentId;
    private final ComputerUseRuntime far;
    private final Carrier carrier;
    private volatile ActionEnvelope previewed;
    private volatile Delivery delivery;
    private volatile long verifyNanos = -1;

    CarriedRuntime(DriverContext ctx, String agentId, Carrier carrier) {
        this.ctx = ctx;
        this.agentId = agentId;
        this.carrier = carrier;
        this.far = carrier.runtime();
    }

    /**
     * The far side's own pictures of the act, taken on that machine (the account names it), each
     * checked and scaled here ({@link ActPictures#received}); none before the far side verified it.
     */
    @Override
    public Map<String, byte[]> pictures() {
        ActionEnvelope envelope = previewed;
        if (envelope == null) {
            return Map.of();
        }
        Map<String, byte[]> out = new HashMap<>();
        carrier.pictures(envelope).forEach((role, png) -> {
            byte[] kept = LocalRuntime.BEFORE.equals(role) || LocalRuntime.AFTER.equals(role)
                    ? ActPictures.received(png) : null;
            if (kept != null) {
                out.put(role, kept);
            }
        });
        return Map.copyOf(out);
    }

    /** The envelope the far side previewed; empty when the preview failed. */
    Optional<ActionEnvelope> previewed() {
        return Optional.ofNullable(previewed);
    }

    @Override
    public ActionEnvelope previewAction(ActionRequest request) {
        ActionEnvelope envelope = far.previewAction(request);
        previewed = envelope;
        return envelope;
    }

    @Override
    public TargetReservation reserveTarget(ActionEnvelope envelope) {
        return far.reserveTarget(envelope);
    }

    @Override
    public void releaseTarget(TargetReservation reservation) {
        far.releaseTarget(reservation);
    }

    @Override
    public ControlLease acquireLease(ActionEnvelope envelope) {
        return far.acquireLease(envelope);
    }

    @Override
    public ExecutionReceipt executeAction(ActionEnvelope envelope, ControlLease lease, TargetReservation reservation,
            ApprovalGrant approval) {
        ctx.pauseProblem().ifPresent(error -> {
            throw new DispatchRefusedException(error);
        });
        // The far side's lease bounds its desktop; this side's bounds the agent, and is spent only
        // by an act that is about to be sent.
        ctx.leases.chargeCurrent(agentId).ifPresent(problem -> {
            throw new DispatchRefusedException(problem);
        });
        long start = System.nanoTime();
        ExecutionReceipt receipt = far.executeAction(envelope, lease, reservation, approval);
        delivery = new Delivery(receipt.detail(), System.nanoTime() - start);
        return receipt;
    }

    @Override
    public ReceiptVerification verify(ActionEnvelope envelope, ExecutionReceipt receipt) {
        long start = System.nanoTime();
        try {
            return far.verify(envelope, receipt);
        } finally {
            verifyNanos = System.nanoTime() - start;
        }
    }

    @Override
    public Optional<Delivery> delivery() {
        return Optional.ofNullable(delivery);
    }

    @Override
    public long verifyNanos() {
        return verifyNanos;
    }
}
