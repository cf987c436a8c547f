package dev.countersign.remote;

import com.fasterxml.jackson.databind.JsonNode;
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
import dev.countersign.graph.Binding;
import dev.countersign.graph.ComputerUseRuntime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The governed graph's runtime as an MCP client to a runtime that exposes the runtime operations
 * (docs/govern.md) — another Countersign, or any server speaking the same eight tools. It trusts
 * nothing the far side returns:
 * <ul>
 *   <li>it keeps exactly the envelope {@code preview_action} returned; any later call whose
 *       envelope differs in any field is refused naming that field, even when the action id
 *       matches, and an action executes at most once;</li>
 *   <li>every lease, reservation and receipt passes docs/graph.md's binding checks here, at its own
 *       boundary, before the graph sees it (another session's well-formed lease is
 *       {@code IDENTITY_MISMATCH} naming the field); a foreign reservation is released here, since
 *       the graph never gets to hold it;</li>
 *   <li>the far side's "done" is never evidence: verification comes back as evidence the graph
 *       classifies itself.</li>
 * </ul>
 * Thread-safety: safe for concurrent actions; each action's state is its own entry.
 */
public final class ComputerUseMcpRuntime implements ComputerUseRuntime, AutoCloseable {
    /** How long a preview that never reached release is kept after its envelope expired. */
    private static final Duration FORGET_AFTER = Duration.ofMinutes(2);

    private final RuntimeLink link;
    private final Clock clock;
    private final Map<String, Kept> kept = new ConcurrentHashMap<>();

    /** One previewed action: the exact envelope, what the far side's policy said, whether it ran. */
    private static final class Kept {
        final ActionEnvelope envelope;
        final ApprovalRequirement assessment;
        final Described described;
        boolean executed;
        /** The far side's pictures of the act by role, once it was verified there. */
        volatile Map<String, byte[]> pictures = Map.of();

        Kept(ActionEnvelope envelope, ApprovalRequirement assessment, Described described) {
            this.envelope = envelope;
            this.assessment = assessment;
            this.described = described;
        }
    }

    /**
     * How the far side described a previewed action, for the person: the action in words, the app
     * and the window title, and its marked capture of that window (a PNG, or null). From the far
     * side: shown, never obeyed, never a policy input here.
     */
    public record Described(String summary, String app, String window, byte[] capture) {
    }

    /** The largest capture of the far side's window the dialog shows. */
    static final int CAPTURE_MAX_BYTES = 8 * 1024 * 1024;
    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

    /** A capture the far side sent: base64 of a PNG within {@link #CAPTURE_MAX_BYTES}; else none. */
    static byte[] capture(Object value) {
        if (!(value instanceof String text) || text.length() > CAPTURE_MAX_BYTES / 3 * 4 + 4) {
            return null;
        }
        byte[] png;
        try {
            png = Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            return null;
        }
        return png.length >= PNG_SIGNATURE.length
                && Arrays.equals(Arrays.copyOf(png, PNG_SIGNATURE.length), PNG_SIGNATURE) ? png : null;
    }

    public ComputerUseMcpRuntime(RuntimeLink link, Clock clock) {
        this.link = Objects.requireNonNull(link, "link");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public ActionEnvelope previewAction(ActionRequest request) {
        forgetExpired();
        Map<String, Object> reply = link.call(new RuntimeOp.Preview(request));
        ActionEnvelope envelope = bind(reply.get("envelope"), ActionEnvelope.class, "envelope");
        Optional<CountersignError> problem = Binding.validatePreview(envelope, request)
                .or(() -> Binding.validateEnvelopeFreshness(envelope, clock.instant()));
        if (problem.isPresent()) {
            throw new CountersignException(problem.get());
        }
        ApprovalRequirement assessment = reply.get("approval") == null ? null
                : bind(reply.get("approval"), ApprovalRequirement.class, "approval");
        Described described = new Described(text(reply.get("summary")), text(reply.get("app")),
                text(reply.get("window")), capture(reply.get("capture_png")));
        if (kept.putIfAbsent(envelope.actionId(), new Kept(envelope, assessment, described)) != null) {
            // An action id the far side already used for another preview: never two envelopes for one id.
            throw new CountersignException(CountersignError.identityMismatch("action_id"));
        }
        return envelope;
    }

    /**
     * What the far side's own policy said about a previewed action (its risk category and policy
     * digest), when it said anything. The governor asks its person whenever either side requires it.
     */
    public Optional<ApprovalRequirement> assessment(ActionEnvelope envelope) {
        Kept entry = kept.get(envelope.actionId());
        return entry == null || !entry.envelope.equals(envelope) ? Optional.empty()
                : Optional.ofNullable(entry.assessment);
    }

    /** How the far side described a previewed action; empty for an envelope it did not return. */
    public Optional<Described> described(ActionEnvelope envelope) {
        Kept entry = kept.get(envelope.actionId());
        return entry == null || !entry.envelope.equals(envelope) ? Optional.empty() : Optional.of(entry.described);
    }

    private static String text(Object value) {
        return value instanceof String text ? text : null;
    }

    @Override
    public TargetReservation reserveTarget(ActionEnvelope envelope) {
        Kept entry = exact(envelope, false);
        TargetReservation reservation = bind(link.call(new RuntimeOp.Reserve(entry.envelope)).get("reservation"), TargetReservation.class, "reservation");
        Optional<CountersignError> problem = Binding.validateReservation(reservation, entry.envelope, clock.instant());
        if (problem.isPresent()) {
            // The graph never holds a reservation refused here, so this boundary releases it.
            CountersignError error = problem.get();
            try {
                releaseTarget(reservation);
            } catch (CountersignException e) {
                error = error.withCleanupFailure(e.error());
            }
            throw new CountersignException(error);
        }
        return reservation;
    }

    @Override
    public void releaseTarget(TargetReservation reservation) {
        if (reservation == null) {
            return;
        }
        link.call(new RuntimeOp.Release(reservation));
    }

    @Override
    public ControlLease acquireLease(ActionEnvelope envelope) {
        Kept entry = exact(envelope, false);
        ControlLease lease = bind(link.call(new RuntimeOp.Lease(entry.envelope)).get("lease"), ControlLease.class, "lease");
        Binding.validateLease(lease, entry.envelope, clock.instant()).ifPresent(problem -> {
            throw new CountersignException(problem);
        });
        return lease;
    }

    @Override
    public ExecutionReceipt executeAction(ActionEnvelope envelope, ControlLease lease, TargetReservation reservation,
            ApprovalGrant approval) {
        Kept entry;
        try {
            entry = exact(envelope, true);
        } catch (CountersignException e) {
            throw new DispatchRefusedException(e.error());
        }
        Instant now = clock.instant();
        Optional<CountersignError> problem = Binding.validateEnvelopeFreshness(entry.envelope, now)
                .or(() -> Binding.validateLease(lease, entry.envelope, now))
                .or(() -> Binding.validateReservation(reservation, entry.envelope, now));
        if (problem.isPresent()) {
            throw new DispatchRefusedException(problem.get());
        }
        synchronized (entry) {
            if (entry.executed) {
                throw new DispatchRefusedException(CountersignError.onField(ErrorCode.IDENTITY_MISMATCH, "action_id",
                        "this action was already sent to the governed runtime; it is never sent twice"));
            }
            entry.executed = true;
        }
        // From here on the far side may have acted: only its explicit "not dispatched" says otherwise.
        Map<String, Object> reply = link.call(new RuntimeOp.Execute(entry.envelope, lease, reservation, approval));
        ExecutionReceipt receipt = bind(reply.get("receipt"), ExecutionReceipt.class, "receipt");
        Binding.validateReceipt(receipt, entry.envelope).ifPresent(unbound -> {
            throw new CountersignException(unbound);
        });
        // The far side's own evidence is never taken from the receipt: only verify_action's, classified by the graph.
        return receipt.withVerification(null);
    }

    @Override
    public ReceiptVerification verify(ActionEnvelope envelope, ExecutionReceipt receipt) {
        Kept entry = exact(envelope, false);
        Binding.validateReceipt(receipt, entry.envelope).ifPresent(unbound -> {
            throw new CountersignException(unbound);
        });
        Map<String, Object> reply = link.call(new RuntimeOp.Verify(entry.envelope, receipt));
        entry.pictures = pictures(reply.get("pictures"));
        Object evidence = reply.get("verification");
        return evidence == null ? null : bind(evidence, ReceiptVerification.class, "verification");
    }

    /**
     * The far side's own before/after pictures of a verified act, by role: PNGs it took of its
     * desktop, for the person's timeline here. From the far side: kept and shown, never obeyed;
     * only the roles {@link #PICTURE_ROLES}, each a PNG within {@link #PICTURE_MAX_BYTES}.
     */
    public Map<String, byte[]> pictures(ActionEnvelope envelope) {
        Kept entry = kept.get(envelope.actionId());
        return entry == null || !entry.envelope.equals(envelope) ? Map.of() : entry.pictures;
    }

    /** The picture roles a far side may send. */
    static final Set<String> PICTURE_ROLES = Set.of("before", "after");
    /** The largest picture a far side may send (its own are at most 240x140, a few kB). */
    static final int PICTURE_MAX_BYTES = 512 * 1024;

    private static Map<String, byte[]> pictures(Object value) {
        if (!(value instanceof Map<?, ?> sent)) {
            return Map.of();
        }
        Map<String, byte[]> out = new HashMap<>();
        for (String role : PICTURE_ROLES) {
            Object b64 = sent.get(role);
            byte[] png = b64 instanceof String s && s.length() <= PICTURE_MAX_BYTES / 3 * 4 + 4 ? capture(s) : null;
            if (png != null) {
                out.put(role, png);
            }
        }
        return Map.copyOf(out);
    }

    /** Forgets an action once the graph is done with it (after release). */
    public void forget(ActionEnvelope envelope) {
        kept.remove(envelope.actionId());
    }

    @Override
    public void close() {
        link.close();
    }

    /** The kept entry for exactly this envelope; refused naming the first differing field. */
    private Kept exact(ActionEnvelope envelope, boolean forExecute) {
        if (envelope == null || envelope.actionId() == null) {
            throw new CountersignException(CountersignError.identityMismatch("action_id"));
        }
        Kept entry = kept.get(envelope.actionId());
        if (entry == null) {
            throw new CountersignException(CountersignError.onField(ErrorCode.IDENTITY_MISMATCH, "action_id",
                    "no preview of this runtime returned this action id"));
        }
        EnvelopeMatch.sameAs(entry.envelope, envelope).ifPresent(problem -> {
            throw new CountersignException(new CountersignError(problem.code(),
                    "the envelope differs from the one the preview returned (" + problem.field() + ")"
                            + (forExecute ? "; nothing was sent" : ""), null, problem.field(), null));
        });
        return entry;
    }

    private void forgetExpired() {
        Instant horizon = clock.instant().minus(FORGET_AFTER);
        kept.values().removeIf(entry -> Timestamps.parse(entry.envelope.expiresAt())
                .map(expiry -> expiry.isBefore(horizon)).orElse(true));
    }

    /** A response object bound strictly (unknown fields refused); a missing or malformed one is refused. */
    private static <T> T bind(Object value, Class<T> type, String field) {
        if (!(value instanceof Map<?, ?>)) {
            throw new CountersignException(CountersignError.onField(ErrorCode.IDENTITY_MISMATCH, field,
                    "the governed runtime returned no " + field));
        }
        JsonNode node = Json.mapper().valueToTree(value);
        try {
            return Json.bind(node, type);
        } catch (CountersignException e) {
            throw new CountersignException(CountersignError.onField(ErrorCode.IDENTITY_MISMATCH, field,
                    "the governed runtime's " + field + " is malformed: " + e.error().message()));
        }
    }
}
