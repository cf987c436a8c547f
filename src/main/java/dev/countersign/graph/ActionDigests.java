package dev.countersign.graph;

import dev.countersign.core.ActionRequest;
import dev.countersign.core.Digests;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The args digest: SHA-256 over the canonical JSON of the action itself (tool, operation,
 * arguments, target, postcondition). It is what the person approves and what the receipt must
 * carry back; ids and timestamps are left out so that the digest names the work, not the attempt.
 */
public final class ActionDigests {
    private ActionDigests() {
    }

    public static String argsDigest(ActionRequest request) {
        Map<String, Object> action = new LinkedHashMap<>();
        action.put("tool", request.tool());
        action.put("operation", request.operation());
        action.put("arguments", request.arguments());
        action.put("target", request.target());
        if (request.postcondition() != null) {
            action.put("postcondition", request.postcondition());
        }
        return Digests.digest(action);
    }
}
