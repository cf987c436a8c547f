package dev.countersign.remote;

import com.fasterxml.jackson.databind.JsonNode;
import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.ActionRequest;
import dev.countersign.core.CountersignError;
import dev.countersign.core.Json;
import dev.countersign.graph.ActionDigests;
import java.util.Iterator;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Exact-envelope preservation (docs/govern.md): an envelope is either the one a preview returned,
 * field for field, or it is refused naming the first field that differs — a matching action id
 * proves nothing. Also binds a preview's envelope to the request it answers.
 */
public final class EnvelopeMatch {
    private EnvelopeMatch() {
    }

    /**
     * The first field (as a dotted wire path, e.g. {@code target.element.name}) where
     * {@code presented} differs from {@code kept}; empty when they are the same envelope.
     */
    public static Optional<CountersignError> sameAs(ActionEnvelope kept, ActionEnvelope presented) {
        if (presented == null) {
            return Optional.of(CountersignError.identityMismatch("envelope"));
        }
        if (kept.equals(presented)) {
            return Optional.empty();
        }
        String field = firstDifference("", Json.mapper().valueToTree(kept), Json.mapper().valueToTree(presented));
        return Optional.of(CountersignError.identityMismatch(field == null ? "envelope" : field));
    }

    private static String firstDifference(String path, JsonNode a, JsonNode b) {
        if (Objects.equals(a, b)) {
            return null;
        }
        if (a == null || b == null || !a.isObject() || !b.isObject()) {
            return path.isEmpty() ? "envelope" : path;
        }
        TreeSet<String> names = new TreeSet<>();
        a.fieldNames().forEachRemaining(names::add);
        for (Iterator<String> it = b.fieldNames(); it.hasNext(); ) {
            names.add(it.next());
        }
        for (String name : order(a, names)) {
            String found = firstDifference(path.isEmpty() ? name : path + "." + name, a.get(name), b.get(name));
            if (found != null) {
                return found;
            }
        }
        return path.isEmpty() ? "envelope" : path;
    }

    /** The kept envelope's own field order first (the wire order), then any extra field. */
    private static Iterable<String> order(JsonNode kept, TreeSet<String> all) {
        java.util.LinkedHashSet<String> ordered = new java.util.LinkedHashSet<>();
        kept.fieldNames().forEachRemaining(ordered::add);
        ordered.addAll(all);
        return ordered;
    }

    /**
     * The preview answers this request: same session, principal, agent, tool, operation, target
     * app and window, an args digest over exactly the requested work, and an action id.
     */
    public static Optional<CountersignError> answers(ActionEnvelope envelope, ActionRequest request) {
        String[][] pairs = {
            {"session_id", request.sessionId(), envelope.sessionId()},
            {"principal_id", request.principalId(), envelope.principalId()},
            {"agent_id", request.agentId(), envelope.agentId()},
            {"tool", request.tool(), envelope.tool()},
            {"operation", request.operation(), envelope.operation()},
            {"target.app_id", request.target() == null ? null : request.target().appId(),
                envelope.target() == null ? null : envelope.target().appId()},
            {"target.window_id", request.target() == null ? null : request.target().windowId(),
                envelope.target() == null ? null : envelope.target().windowId()},
            {"args_digest", ActionDigests.argsDigest(request), envelope.argsDigest()},
        };
        for (String[] pair : pairs) {
            if (pair[1] == null || !pair[1].equals(pair[2])) {
                return Optional.of(CountersignError.identityMismatch(pair[0]));
            }
        }
        if (!Objects.equals(request.target(), envelope.target())) {
            return Optional.of(CountersignError.identityMismatch("target"));
        }
        if (request.executionGroupId() != null && envelope.executionGroupId() != null
                && !request.executionGroupId().equals(envelope.executionGroupId())) {
            return Optional.of(CountersignError.identityMismatch("execution_group_id"));
        }
        if (envelope.actionId() == null || envelope.actionId().isBlank()) {
            return Optional.of(CountersignError.identityMismatch("action_id"));
        }
        return Optional.empty();
    }
}
