package dev.countersign.remote;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.ActionRequest;
import dev.countersign.core.ApprovalGrant;
import dev.countersign.core.ControlLease;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.ExecutionReceipt;
import dev.countersign.core.Json;
import dev.countersign.core.TargetReservation;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The runtime operations a governing Countersign calls on a governed one (docs/govern.md), as one
 * closed family: each operation is a record of its typed arguments and knows its wire name and
 * its wire arguments. {@link #parse} is the one place a wire name is matched; both sides work on
 * the records.
 */
public sealed interface RuntimeOp permits RuntimeOp.Preview, RuntimeOp.Reserve, RuntimeOp.Release,
        RuntimeOp.Lease, RuntimeOp.Execute, RuntimeOp.Verify, RuntimeOp.Pause, RuntimeOp.Stop, RuntimeOp.Observe {

    /** One argument of an operation as the endpoint's schema states it: a whole record, or a bounded string. */
    record Arg(String name, boolean required, int maxLength) {
        /** Whether the argument is a whole record (an object), not a string. */
        public boolean record() {
            return maxLength == 0;
        }
    }

    /** The operations' wire names and arguments, in the graph's order, then {@code observe}. */
    enum Kind {
        PREVIEW("preview_action", new Arg("request", true, 0)),
        RESERVE("reserve_target", new Arg("envelope", true, 0)),
        RELEASE("release_target", new Arg("reservation", true, 0)),
        LEASE("acquire_lease", new Arg("envelope", true, 0)),
        EXECUTE("execute_action", new Arg("envelope", true, 0), new Arg("lease", true, 0),
                new Arg("reservation", true, 0), new Arg("approval", false, 0)),
        VERIFY("verify_action", new Arg("envelope", true, 0), new Arg("receipt", true, 0)),
        PAUSE("pause_session", new Arg("session_id", true, 128)),
        STOP("emergency_stop"),
        /**
         * What the governed desktop shows, for the governing side's agents: its apps and windows
         * (no {@code app}) or one window's observation, under the governed side's own redaction,
         * secure-field and self-window rules, with refs it minted.
         */
        OBSERVE("observe", new Arg("agent_id", true, 128), new Arg("app", false, 256), new Arg("window", false, 256));

        private final String wire;
        private final List<Arg> args;

        Kind(String wire, Arg... args) {
            this.wire = wire;
            this.args = List.of(args);
        }

        public String wire() {
            return wire;
        }

        public List<Arg> args() {
            return args;
        }

        static Optional<Kind> named(String wire) {
            return Arrays.stream(values()).filter(k -> k.wire.equals(wire)).findFirst();
        }
    }

    /** Every operation's wire name, in {@link Kind} order. */
    List<String> NAMES = Arrays.stream(Kind.values()).map(Kind::wire).toList();

    Kind kind();

    /** The operation's arguments as the wire carries them (plain JSON values). */
    Map<String, Object> arguments();

    /**
     * The operation a wire name and its arguments name, bound strictly (unknown fields refused).
     * An unknown name or a missing or malformed argument is {@code INVALID_ARGUMENT}; for
     * {@code execute_action} it is a {@link DispatchRefusedException}: nothing was dispatched.
     */
    static RuntimeOp parse(String wire, Map<String, Object> arguments) {
        Kind kind = Kind.named(wire).orElseThrow(() -> new CountersignException(CountersignError.onField(
                ErrorCode.INVALID_ARGUMENT, "name", "no runtime operation named '" + wire + "'")));
        Map<String, Object> a = arguments == null ? Map.of() : arguments;
        switch (kind) {
            case PREVIEW: return new Preview(Wire.bind(a, "request", ActionRequest.class));
            case RESERVE: return new Reserve(Wire.bind(a, "envelope", ActionEnvelope.class));
            case RELEASE: return new Release(Wire.bind(a, "reservation", TargetReservation.class));
            case LEASE: return new Lease(Wire.bind(a, "envelope", ActionEnvelope.class));
            case EXECUTE: return Execute.parse(a);
            case VERIFY: return new Verify(Wire.bind(a, "envelope", ActionEnvelope.class),
                    Wire.bind(a, "receipt", ExecutionReceipt.class));
            case PAUSE: return new Pause(Wire.text(a, "session_id", true));
            case STOP: return new Stop();
            default: return new Observe(Wire.text(a, "agent_id", true), Wire.text(a, "app", false),
                    Wire.text(a, "window", false));
        }
    }

    record Preview(ActionRequest request) implements RuntimeOp {
        public Kind kind() {
            return Kind.PREVIEW;
        }

        public Map<String, Object> arguments() {
            return Map.of("request", Wire.tree(request));
        }
    }

    record Reserve(ActionEnvelope envelope) implements RuntimeOp {
        public Kind kind() {
            return Kind.RESERVE;
        }

        public Map<String, Object> arguments() {
            return Map.of("envelope", Wire.tree(envelope));
        }
    }

    record Release(TargetReservation reservation) implements RuntimeOp {
        public Kind kind() {
            return Kind.RELEASE;
        }

        public Map<String, Object> arguments() {
            return Map.of("reservation", Wire.tree(reservation));
        }
    }

    record Lease(ActionEnvelope envelope) implements RuntimeOp {
        public Kind kind() {
            return Kind.LEASE;
        }

        public Map<String, Object> arguments() {
            return Map.of("envelope", Wire.tree(envelope));
        }
    }

    /** @param approval the person's grant; null when the governing side's policy asked for none */
    record Execute(ActionEnvelope envelope, ControlLease lease, TargetReservation reservation, ApprovalGrant approval)
            implements RuntimeOp {
        public Kind kind() {
            return Kind.EXECUTE;
        }

        public Map<String, Object> arguments() {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("envelope", Wire.tree(envelope));
            out.put("lease", Wire.tree(lease));
            out.put("reservation", Wire.tree(reservation));
            if (approval != null) {
                out.put("approval", Wire.tree(approval));
            }
            return out;
        }

        private static Execute parse(Map<String, Object> a) {
            try {
                return new Execute(Wire.bind(a, "envelope", ActionEnvelope.class),
                        Wire.bind(a, "lease", ControlLease.class), Wire.bind(a, "reservation", TargetReservation.class),
                        a.get("approval") == null ? null : Wire.bind(a, "approval", ApprovalGrant.class));
            } catch (CountersignException e) {
                throw new DispatchRefusedException(e.error());
            }
        }
    }

    record Verify(ActionEnvelope envelope, ExecutionReceipt receipt) implements RuntimeOp {
        public Kind kind() {
            return Kind.VERIFY;
        }

        public Map<String, Object> arguments() {
            return Map.of("envelope", Wire.tree(envelope), "receipt", Wire.tree(receipt));
        }
    }

    record Pause(String sessionId) implements RuntimeOp {
        public Pause {
            Objects.requireNonNull(sessionId, "sessionId");
        }

        public Kind kind() {
            return Kind.PAUSE;
        }

        public Map<String, Object> arguments() {
            return Map.of("session_id", sessionId);
        }
    }

    record Stop() implements RuntimeOp {
        public Kind kind() {
            return Kind.STOP;
        }

        public Map<String, Object> arguments() {
            return Map.of();
        }
    }

    /** @param app null for the apps and their windows; else one window's observation */
    record Observe(String agentId, String app, String window) implements RuntimeOp {
        public Observe {
            Objects.requireNonNull(agentId, "agentId");
        }

        public Kind kind() {
            return Kind.OBSERVE;
        }

        public Map<String, Object> arguments() {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("agent_id", agentId);
            if (app != null) {
                out.put("app", app);
            }
            if (window != null) {
                out.put("window", window);
            }
            return out;
        }
    }

    /** The operations' wire form: records as plain JSON maps, bound back strictly. */
    final class Wire {
        private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {
        };

        private Wire() {
        }

        static Map<String, Object> tree(Object value) {
            return Json.mapper().convertValue(value, MAP);
        }

        static <T> T bind(Map<String, Object> arguments, String name, Class<T> type) {
            Object value = arguments.get(name);
            if (!(value instanceof Map<?, ?>)) {
                throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, name,
                        name + " is required"));
            }
            return Json.bind(Json.mapper().valueToTree(value), type);
        }

        static String text(Map<String, Object> arguments, String name, boolean required) {
            Object value = arguments.get(name);
            if (value instanceof String s && !s.isBlank()) {
                return s;
            }
            if (required) {
                throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, name,
                        name + " is required"));
            }
            return null;
        }
    }
}
