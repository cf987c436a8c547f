package dev.countersign.remote;

import com.fasterxml.jackson.databind.JsonNode;
import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.CountersignError;
import dev.countersign.core.Json;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Exact-envelope preservation (docs/govern.md): an envelope is either the one a preview returned,
 * field for field, or it is refused naming the first field that differs — a matching action id
 * proves nothing.
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
        LinkedHashSet<String> ordered = new LinkedHashSet<>();
        kept.fieldNames().forEachRemaining(ordered::add);
        ordered.addAll(all);
        return ordered;
    }
}
