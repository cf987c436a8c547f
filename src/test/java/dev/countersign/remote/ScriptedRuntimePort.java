package dev.countersign.remote;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.ActionRequest;
import dev.countersign.core.ApprovalGrant;
import dev.countersign.core.ControlLease;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.ExecutionReceipt;
import dev.countersign.core.Json;
import dev.countersign.core.TargetReservation;
import dev.countersign.graph.ScriptedRuntime;
import dev.countersign.server.RuntimePort;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A test double of the far side: the runtime operations served from a {@link ScriptedRuntime},
 * which a test bends to return hostile answers (another session's lease, a foreign reservation, a
 * receipt with another digest). It stands in for the remote, never for the client under test.
 */
public final class ScriptedRuntimePort implements RuntimePort {
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {
    };
    /** The scripted runtime answering now; tests run one after the other. */
    public volatile ScriptedRuntime current;
    /**
     * What {@code observe} answers when it names an app: one window's observation as the far side
     * would return it ({@code app}, {@code window}, {@code nodes} with refs); null refuses.
     */
    public volatile Map<String, Object> observation;
    /** The governor id the endpoint authenticated on the last call. */
    volatile String lastGovernor;

    @Override
    public Map<String, Object> call(String governorId, String operation, Map<String, Object> arguments) {
        lastGovernor = governorId;
        ScriptedRuntime far = current;
        switch (operation) {
            case PREVIEW:
                return Map.of("envelope", tree(far.previewAction(bind(arguments, "request", ActionRequest.class))));
            case RESERVE: {
                TargetReservation reservation = far.reserveTarget(bind(arguments, "envelope", ActionEnvelope.class));
                return reservation == null ? Map.of() : Map.of("reservation", tree(reservation));
            }
            case RELEASE:
                far.releaseTarget(bind(arguments, "reservation", TargetReservation.class));
                return Map.of("released", true);
            case LEASE:
                return Map.of("lease", tree(far.acquireLease(bind(arguments, "envelope", ActionEnvelope.class))));
            case EXECUTE: {
                ApprovalGrant grant = arguments.get("approval") == null ? null
                        : bind(arguments, "approval", ApprovalGrant.class);
                ExecutionReceipt receipt = far.executeAction(bind(arguments, "envelope", ActionEnvelope.class),
                        bind(arguments, "lease", ControlLease.class),
                        bind(arguments, "reservation", TargetReservation.class), grant);
                return Map.of("receipt", tree(receipt));
            }
            case VERIFY: {
                var evidence = far.verify(bind(arguments, "envelope", ActionEnvelope.class),
                        bind(arguments, "receipt", ExecutionReceipt.class));
                Map<String, Object> out = new LinkedHashMap<>();
                if (evidence != null) {
                    out.put("verification", tree(evidence));
                }
                return out;
            }
            case OBSERVE:
                if (arguments.get("app") == null) {
                    return Map.of("apps", List.of());
                }
                if (observation == null) {
                    throw new CountersignException(CountersignError.of(ErrorCode.TARGET_CHANGED, "no such window"));
                }
                return observation;
            default:
                throw new CountersignException(CountersignError.of(ErrorCode.INVALID_ARGUMENT,
                        "the scripted far side does not do " + operation));
        }
    }

    /** An observation of one window with the given nodes, each a map with ref, role and name. */
    public static Map<String, Object> window(String pid, String windowId, List<Map<String, Object>> nodes) {
        return Map.of("app", Map.of("pid", pid, "name", "yad"), "window", Map.of("id", windowId, "title", "Cleanup"),
                "nodes", nodes);
    }

    private static <T> T bind(Map<String, Object> arguments, String name, Class<T> type) {
        return Json.bind(Json.mapper().valueToTree(arguments.get(name)), type);
    }

    private static Map<String, Object> tree(Object value) {
        return Json.mapper().convertValue(value, MAP);
    }
}
