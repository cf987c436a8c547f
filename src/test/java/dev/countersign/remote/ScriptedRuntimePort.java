package dev.countersign.remote;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.ExecutionReceipt;
import dev.countersign.core.Json;
import dev.countersign.core.TargetReservation;
import dev.countersign.graph.ScriptedRuntime;
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
    public Map<String, Object> call(String governorId, RuntimeOp op) {
        lastGovernor = governorId;
        ScriptedRuntime far = current;
        if (op instanceof RuntimeOp.Preview preview) {
            return Map.of("envelope", tree(far.previewAction(preview.request())));
        }
        if (op instanceof RuntimeOp.Reserve reserve) {
            TargetReservation reservation = far.reserveTarget(reserve.envelope());
            return reservation == null ? Map.of() : Map.of("reservation", tree(reservation));
        }
        if (op instanceof RuntimeOp.Release release) {
            far.releaseTarget(release.reservation());
            return Map.of("released", true);
        }
        if (op instanceof RuntimeOp.Lease lease) {
            return Map.of("lease", tree(far.acquireLease(lease.envelope())));
        }
        if (op instanceof RuntimeOp.Execute execute) {
            ExecutionReceipt receipt = far.executeAction(execute.envelope(), execute.lease(), execute.reservation(),
                    execute.approval());
            return Map.of("receipt", tree(receipt));
        }
        if (op instanceof RuntimeOp.Verify verify) {
            var evidence = far.verify(verify.envelope(), verify.receipt());
            Map<String, Object> out = new LinkedHashMap<>();
            if (evidence != null) {
                out.put("verification", tree(evidence));
            }
            return out;
        }
        if (op instanceof RuntimeOp.Observe observe) {
            if (observe.app() == null) {
                return Map.of("apps", List.of());
            }
            if (observation == null) {
                throw new CountersignException(CountersignError.of(ErrorCode.TARGET_CHANGED, "no such window"));
            }
            return observation;
        }
        throw new CountersignException(CountersignError.of(ErrorCode.INVALID_ARGUMENT,
                "the scripted far side does not do " + op.kind().wire()));
    }

    /** An observation of one window with the given nodes, each a map with ref, role and name. */
    public static Map<String, Object> window(String pid, String windowId, List<Map<String, Object>> nodes) {
        return Map.of("app", Map.of("pid", pid, "name", "yad"), "window", Map.of("id", windowId, "title", "Cleanup"),
                "nodes", nodes);
    }

    private static Map<String, Object> tree(Object value) {
        return Json.mapper().convertValue(value, MAP);
    }
}
