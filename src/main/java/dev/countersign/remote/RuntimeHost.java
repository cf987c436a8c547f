package dev.countersign.remote;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.countersign.audit.AuditKind;
import dev.countersign.audit.AuditLog;
import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.ActionRequest;
import dev.countersign.core.ApprovalGrant;
import dev.countersign.core.ApprovalRequirement;
import dev.countersign.core.ControlLease;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.ExecutionReceipt;
import dev.countersign.core.Json;
import dev.countersign.core.ReceiptVerification;
import dev.countersign.core.TargetReservation;
import dev.countersign.core.Timestamps;
import dev.countersign.core.VerificationOutcome;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.Admitted;
import dev.countersign.driver.ObserveArgs;
import dev.countersign.driver.Receipt;
import dev.countersign.graph.ActionResult;
import dev.countersign.graph.Binding;
import dev.countersign.graph.Verification;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This Countersign's runtime, served to a governing Countersign (docs/govern.md) through the runtime
 * endpoint. The governor runs the graph and asks its person; this side still decides what may
 * happen on its own desktop: secure fields, its own windows and the kill switch are refused here
 * whatever the governor approved, and an act its own policy finds risky runs only with an
 * approval bound to this side's policy digest.
 *
 * <p>Like the client, it keeps the exact envelope its preview returned and refuses any other one
 * (naming the field), refuses leases, reservations and receipts it did not issue for that action,
 * and runs an action at most once. Each governor's actions, observations, leases and reservations
 * are its own ({@code governor:NAME}); another governor's action id is unknown here.
 *
 * <p>Identity: the governor's session, principal and agent ids travel on the wire; this side
 * keeps its own scope for them and binds what it returns to the governor's envelope. The scope is
 * what the token authenticates, the governor, never an agent id it names: those are its own words,
 * and a scope per named id would give it a fresh lease budget and memory budget per id it invents.
 * The sessions it pauses are kept per governor up to {@link #MAX_PAUSED_SESSIONS}; past that every
 * session of that governor is paused (bounded memory, failing closed).
 */
public final class RuntimeHost implements RuntimePort {
    private static final Logger LOG = LoggerFactory.getLogger(RuntimeHost.class);
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {
    };
    private static final Duration FORGET_AFTER = Duration.ofMinutes(2);
    /** How long after the person decided a grant may still be presented, and the clock skew allowed. */
    static final Duration GRANT_LIFETIME = Duration.ofMinutes(1);
    static final Duration GRANT_SKEW = Duration.ofSeconds(30);
    /** How many paused sessions this side keeps per governor; one more pauses all of that governor's. */
    static final int MAX_PAUSED_SESSIONS = GovernorPauses.MAX_PAUSED_SESSIONS;

    private final ComputerDriver driver;
    private final GovernedActs governed;
    private final AuditLog audit;
    private final Clock clock;
    private final Map<String, Held> held = new ConcurrentHashMap<>();
    /** The sessions each governor paused here. */
    private final GovernorPauses pauses = new GovernorPauses();
    /** Approval nonces already presented here, with their decision time (forgotten once such a grant expired). */
    private final Map<String, Instant> usedNonces = new ConcurrentHashMap<>();

    /** One action a governor previewed here: both envelopes and what this side issued for it. */
    private static final class Held {
        final String governor;
        final Admitted admitted;
        final ActionEnvelope wire;
        final ActionEnvelope local;
        TargetReservation localReservation;
        TargetReservation wireReservation;
        ControlLease localLease;
        ControlLease wireLease;
        ExecutionReceipt receipt;
        boolean executed;
        /** The local runtime refused right before dispatch: the act ran once, and nothing was sent. */
        boolean notDispatched;
        /** The last refusal at execute, or the fault of a dispatch whose outcome is unknown. */
        CountersignError error;
        /** The evidence this side gathered when the governor asked to verify. */
        ReceiptVerification evidence;
        /** The grant bound at dispatch, when this side's policy required one. */
        ApprovalGrant grant;

        Held(String governor, Admitted admitted, ActionEnvelope wire, ActionEnvelope local) {
            this.governor = governor;
            this.admitted = admitted;
            this.wire = wire;
            this.local = local;
        }
    }

    /** @param audit where governed acts are recorded (each receipt fsynced before the governor hears of it) */
    public RuntimeHost(ComputerDriver driver, AuditLog audit, Clock clock) {
        this.driver = driver;
        this.governed = new GovernedActs(driver);
        this.audit = audit;
        this.clock = clock;
    }

    @Override
    public Map<String, Object> call(String governorId, RuntimeOp op) {
        if (governorId == null || governorId.isBlank()) {
            throw new CountersignException(CountersignError.of(ErrorCode.INVALID_ARGUMENT, "no authenticated governor"));
        }
        if (op instanceof RuntimeOp.Preview preview) {
            return preview(governorId, preview.request());
        }
        if (op instanceof RuntimeOp.Reserve reserve) {
            return reserve(governorId, reserve.envelope());
        }
        if (op instanceof RuntimeOp.Lease lease) {
            return lease(governorId, lease.envelope());
        }
        if (op instanceof RuntimeOp.Execute execute) {
            return execute(governorId, execute);
        }
        if (op instanceof RuntimeOp.Verify verify) {
            return verify(governorId, verify.envelope(), verify.receipt());
        }
        if (op instanceof RuntimeOp.Release release) {
            return release(governorId, release.reservation());
        }
        if (op instanceof RuntimeOp.Pause pause) {
            return pause(governorId, pause.sessionId());
        }
        if (op instanceof RuntimeOp.Observe observe) {
            return observe(governorId, observe);
        }
        if (op instanceof RuntimeOp.Stop) {
            driver.pauseAll();
            LOG.info("governor {} pulled the emergency stop: all agents here are paused", governorId);
            return Map.of("paused", true);
        }
        // An operation added to RuntimeOp and not served here is refused, never taken for another.
        throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "name",
                "the runtime operation '" + op.kind().wire() + "' is not served here"));
    }

    private Map<String, Object> preview(String governor, ActionRequest request) {
        forgetExpired();
        if (blank(request.sessionId()) || blank(request.principalId()) || blank(request.agentId())) {
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "request",
                    "a governed request names its session, principal and agent"));
        }
        refuseIfPaused(governor, request.sessionId(), false);
        String scope = scope(governor);
        Admitted admitted = governed.admit(scope, request);
        ActionRequest local = new ActionRequest(request.sessionId(), request.principalId(), scope,
                request.executionGroupId(), request.tool(), request.operation(), request.actionClass(),
                request.requestedMode(), request.arguments(), request.target(), request.postcondition(),
                request.observationFingerprint(), request.validityMs());
        ActionEnvelope localEnvelope = admitted.runtime().previewAction(local);
        ActionEnvelope wire = withAgent(localEnvelope, request.agentId());
        held.put(wire.actionId(), new Held(governor, admitted, wire, localEnvelope));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("envelope", tree(wire));
        out.put("approval", tree(admitted.requirement()));
        out.put("summary", admitted.summary());
        out.put("app", admitted.appName());
        if (admitted.windowTitle() != null) {
            out.put("window", admitted.windowTitle());
        }
        if (admitted.requirement().required()) {
            // The governing side's person is asked: they see this machine's window, marked, as a
            // person here would.
            byte[] capture = admitted.capture().get();
            if (capture != null) {
                out.put("capture_png", Base64.getEncoder().encodeToString(capture));
            }
        }
        return out;
    }

    /**
     * The governor's agent sees this desktop through this side's own observe: the apps and their
     * windows when no app is named, else one window's observation (this side's redaction, secure
     * fields and own windows left out, refs minted for the governor's scope).
     */
    private Map<String, Object> observe(String governor, RuntimeOp.Observe op) {
        driver.pauseProblem().ifPresent(p -> {
            throw new CountersignException(p);
        });
        String scope = scope(governor);
        if (op.app() == null) {
            return tree(driver.apps(scope).orThrow());
        }
        return tree(driver.observe(scope, new ObserveArgs(op.app(), op.window(), null, null, null)).orThrow());
    }

    private Map<String, Object> reserve(String governor, ActionEnvelope envelope) {
        Held h = exact(governor, envelope);
        refuseIfPaused(governor, h.wire.sessionId(), false);
        synchronized (h) {
            if (h.localReservation != null) {
                throw new CountersignException(CountersignError.onField(ErrorCode.RESERVATION_INVALID, "reservation",
                        "this action already holds its reservation"));
            }
            TargetReservation local = h.admitted.runtime().reserveTarget(h.local);
            h.localReservation = local;
            h.wireReservation = new TargetReservation(local.reservationId(), h.wire.sessionId(), h.wire.principalId(),
                    h.wire.agentId(), local.executionGroupId(), local.intentId(), local.state(), local.expiresAt(),
                    local.scope());
            return Map.of("reservation", tree(h.wireReservation));
        }
    }

    private Map<String, Object> lease(String governor, ActionEnvelope envelope) {
        Held h = exact(governor, envelope);
        ControlLease local = h.admitted.runtime().acquireLease(h.local);
        synchronized (h) {
            h.localLease = local;
            // This side's lease for the governor's scope, bound to the governor's envelope.
            h.wireLease = new ControlLease(local.leaseId(), h.wire.sessionId(), h.wire.principalId(), h.wire.agentId(),
                    local.executionMode(), local.state(), local.expiresAt(), local.actionBudget(), local.actionsUsed(),
                    local.boundaries());
            return Map.of("lease", tree(h.wireLease));
        }
    }

    private Map<String, Object> execute(String governor, RuntimeOp.Execute op) {
        Held h;
        try {
            h = exact(governor, op.envelope());
        } catch (CountersignException e) {
            throw new DispatchRefusedException(e.error());
        }
        ControlLease lease = op.lease();
        TargetReservation reservation = op.reservation();
        ApprovalGrant approval = op.approval();
        Instant now = clock.instant();
        synchronized (h) {
            Optional<CountersignError> problem = Binding.validateEnvelopeFreshness(h.wire, now)
                    .or(() -> Binding.validateLease(lease, h.wire, now))
                    .or(() -> issued("lease_id", h.wireLease, lease))
                    .or(() -> Binding.validateReservation(reservation, h.wire, now))
                    .or(() -> issued("reservation_id", h.wireReservation, reservation))
                    .or(() -> approvalProblem(h, approval))
                    .or(() -> h.admitted.requirement().required() ? grantProblem(approval, now, usedNonces)
                            : Optional.empty())
                    .or(() -> h.executed ? Optional.of(CountersignError.onField(ErrorCode.IDENTITY_MISMATCH,
                            "action_id", "this action already ran; it never runs twice")) : Optional.empty());
            if (problem.isPresent()) {
                // This attempt is refused, whatever an earlier one did; the act's own state stands.
                if (!h.executed) {
                    h.error = problem.get();
                }
                record(h, problem.get());
                throw new DispatchRefusedException(problem.get());
            }
            refuseIfPaused(governor, h.wire.sessionId(), true);
            h.executed = true;
        }
        ApprovalGrant bound = h.admitted.requirement().required() ? approval : null;
        h.grant = bound;
        ExecutionReceipt receipt;
        try {
            // The local runtime's last check runs here: kill switch, session, reservation, secure, identity.
            receipt = h.admitted.runtime().executeAction(h.local, h.localLease, h.localReservation, bound);
        } catch (DispatchRefusedException e) {
            // Still never runs again; but nothing reached the desktop.
            h.notDispatched = true;
            h.error = e.error();
            record(h, null);
            throw e;
        } catch (CountersignException e) {
            h.error = e.error();
            record(h, null);
            throw e;
        }
        h.receipt = receipt;
        record(h, null);
        return Map.of("receipt", tree(receipt));
    }

    private Map<String, Object> verify(String governor, ActionEnvelope envelope, ExecutionReceipt receipt) {
        Held h = exact(governor, envelope);
        if (h.receipt == null || !h.receipt.equals(receipt)) {
            throw new CountersignException(Binding.validateReceipt(receipt, h.wire)
                    .orElse(CountersignError.onField(ErrorCode.IDENTITY_MISMATCH, "receipt_id",
                            "this receipt was not issued for this action here")));
        }
        ReceiptVerification evidence = h.admitted.runtime().verify(h.local, h.receipt);
        h.evidence = evidence;
        Map<String, Object> out = new LinkedHashMap<>();
        if (evidence != null) {
            out.put("verification", tree(evidence));
        }
        // The governing side's timeline shows this desktop's own pictures of the act, taken here
        // with this side's secure fields and windows painted over (none when pictures are off here).
        Map<String, String> pictures = new LinkedHashMap<>();
        driver.pictures(h.admitted).forEach((role, png) -> pictures.put(role, Base64.getEncoder().encodeToString(png)));
        if (!pictures.isEmpty()) {
            out.put("pictures", pictures);
        }
        return out;
    }

    private Map<String, Object> release(String governor, TargetReservation reservation) {
        Held h = held.get(reservation.intentId() == null ? "" : reservation.intentId());
        if (h == null || !h.governor.equals(governor) || h.wireReservation == null
                || !h.wireReservation.equals(reservation)) {
            throw new CountersignException(CountersignError.onField(ErrorCode.RESERVATION_INVALID, "reservation_id",
                    "no such reservation is held for this governor (already released?)"));
        }
        held.remove(h.wire.actionId());
        settled(h);
        h.admitted.runtime().releaseTarget(h.localReservation);
        return Map.of("released", true);
    }

    private Map<String, Object> pause(String governor, String sessionId) {
        pauses.pause(governor, sessionId);
        int released = 0;
        for (Held h : held.values()) {
            if (h.governor.equals(governor) && h.wire.sessionId().equals(sessionId)) {
                held.remove(h.wire.actionId());
                settled(h);
                if (h.localReservation != null) {
                    try {
                        h.admitted.runtime().releaseTarget(h.localReservation);
                        released++;
                    } catch (CountersignException e) {
                        LOG.debug("reservation of {} already gone: {}", h.wire.actionId(), e.error().message());
                    }
                }
            }
        }
        return Map.of("paused", true, "released", released);
    }

    /** How many paused-session entries this side keeps (what a governor's pauses cost it in memory). */
    int pausedEntries() {
        return pauses.entries();
    }

    /** The one scope of everything a governor does here: what its token authenticates. */
    static String scope(String governor) {
        return "governor:" + governor;
    }

    private void refuseIfPaused(String governor, String sessionId, boolean beforeDispatch) {
        Optional<CountersignError> paused = driver.pauseProblem();
        if (paused.isEmpty() && pauses.paused(governor, sessionId)) {
            paused = Optional.of(CountersignError.of(ErrorCode.AGENT_PAUSED, "the governor paused this session"));
        }
        if (paused.isPresent()) {
            throw beforeDispatch ? new DispatchRefusedException(paused.get()) : new CountersignException(paused.get());
        }
    }

    /** The approval authorises this action under this side's policy, when this side's policy requires one. */
    private static Optional<CountersignError> approvalProblem(Held h, ApprovalGrant grant) {
        ApprovalRequirement requirement = h.admitted.requirement();
        return requirement.required() ? Binding.validateGrant(grant, h.wire, requirement.policyDigest())
                : Optional.empty();
    }

    /**
     * This side cannot verify who decided (the governing Countersign's person does: a governor token
     * carries approval authority), but it refuses a grant that is stale, dated in the future, or
     * whose nonce was presented before: each grant answers one request, once.
     */
    static Optional<CountersignError> grantProblem(ApprovalGrant grant, Instant now, Map<String, Instant> used) {
        Optional<Instant> decided = Timestamps.parse(grant.decidedAt());
        if (decided.isEmpty() || decided.get().isAfter(now.plus(GRANT_SKEW))) {
            return Optional.of(CountersignError.onField(ErrorCode.IDENTITY_MISMATCH, "decided_at",
                    "the approval carries no valid decision time"));
        }
        if (decided.get().plus(GRANT_LIFETIME).isBefore(now)) {
            return Optional.of(CountersignError.onField(ErrorCode.APPROVAL_EXPIRED, "approval",
                    "the person decided more than " + GRANT_LIFETIME.toSeconds() + " s ago; ask again"));
        }
        if (blank(grant.nonce())) {
            return Optional.of(CountersignError.identityMismatch("nonce"));
        }
        used.values().removeIf(t -> t.plus(GRANT_LIFETIME).isBefore(now));
        if (used.putIfAbsent(grant.nonce(), decided.get()) != null) {
            return Optional.of(CountersignError.onField(ErrorCode.IDENTITY_MISMATCH, "nonce",
                    "this approval was already presented; a grant answers one request once"));
        }
        return Optional.empty();
    }

    private static <T> Optional<CountersignError> issued(String field, T issued, T presented) {
        return issued != null && issued.equals(presented) ? Optional.empty()
                : Optional.of(CountersignError.onField(ErrorCode.IDENTITY_MISMATCH, field,
                        "this " + field.replace("_id", "") + " was not issued for this action here"));
    }

    /** The held action for exactly this envelope of this governor; refused naming the first differing field. */
    private Held exact(String governor, ActionEnvelope envelope) {
        Held h = envelope == null || envelope.actionId() == null ? null : held.get(envelope.actionId());
        if (h == null || !h.governor.equals(governor)) {
            throw new CountersignException(CountersignError.onField(ErrorCode.IDENTITY_MISMATCH, "action_id",
                    "no preview here returned this action id"));
        }
        EnvelopeMatch.sameAs(h.wire, envelope).ifPresent(problem -> {
            throw new CountersignException(problem);
        });
        return h;
    }

    /**
     * This side's receipt of the act: rejected with {@code refusal} when one attempt is refused;
     * otherwise as the act stands: rejected while nothing was dispatched, then unknown, then
     * classified from this side's own evidence once verified.
     */
    private Receipt receipt(Held h, CountersignError refusal) {
        ApprovalRequirement requirement = h.admitted.requirement();
        VerificationOutcome outcome = h.receipt == null || refusal != null ? null
                : Verification.classify(h.local.postcondition(), h.receipt.withVerification(h.evidence));
        boolean dispatched = refusal == null && h.executed && !h.notDispatched;
        ActionResult result = new ActionResult(h.wire.actionId(), ActionResult.statusOf(outcome, dispatched),
                refusal != null ? refusal : h.receipt == null ? h.error : null, outcome,
                new ActionResult.ApprovalSummary(requirement.required(), requirement.category(),
                        h.grant == null ? null : "allowed_once"),
                h.wire.argsDigest(), List.of());
        return driver.receipt(h.admitted, result, h.grant == null ? null : h.grant.decidedAt());
    }

    /**
     * The audit record of an execute, in the one receipt shape, fsynced before the governor hears
     * of it (RECEIPT is a durable kind): what this side knew when it answered.
     */
    private void record(Held h, CountersignError refusal) {
        if (audit == null) {
            return;
        }
        Map<String, Object> extra = new LinkedHashMap<>();
        extra.put("governor", h.governor);
        // The agent the governor named: its word, recorded, never the scope of a budget.
        extra.put("agent", h.wire.agentId());
        extra.put("route", h.wire.route());
        extra.put("args_digest", h.wire.argsDigest());
        audit.append(AuditKind.RECEIPT, h.local.agentId(), receipt(h, refusal).auditRecord(h.wire.tool(), extra));
    }

    /**
     * The act is over for this side (released, or forgotten): an act the governor sent to execute
     * leaves its final receipt in the scope's ring, so this desktop's Activity window shows it.
     */
    private void settled(Held h) {
        if (h.executed || h.error != null) {
            driver.remember(h.local.agentId(), receipt(h, null));
        }
    }

    private void forgetExpired() {
        Instant horizon = clock.instant().minus(FORGET_AFTER);
        for (Held h : held.values()) {
            boolean stale = Timestamps.parse(h.wire.expiresAt()).map(e -> e.isBefore(horizon)).orElse(true);
            if (stale && held.remove(h.wire.actionId(), h)) {
                settled(h);
                if (h.localReservation != null) {
                    try {
                        h.admitted.runtime().releaseTarget(h.localReservation);
                    } catch (CountersignException e) {
                        LOG.debug("stale reservation already gone: {}", e.error().message());
                    }
                }
            }
        }
    }

    private static ActionEnvelope withAgent(ActionEnvelope e, String agent) {
        return new ActionEnvelope(e.actionId(), e.sessionId(), e.executionGroupId(), e.principalId(), agent, e.tool(),
                e.operation(), e.actionClass(), e.requestedMode(), e.target(), e.postcondition(), e.proposedAt(),
                e.expiresAt(), e.argsDigest());
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }

    private static Map<String, Object> tree(Object value) {
        return Json.mapper().convertValue(value, MAP);
    }
}
