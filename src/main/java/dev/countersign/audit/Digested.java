package dev.countersign.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.countersign.core.Digests;
import java.util.Iterator;
import java.util.Map;

/**
 * A record's data with every long text replaced by its SHA-256 and length ("sha256:…, 2097152
 * chars"): what {@link AuditLog} writes when the record as given would exceed a line's bound, so
 * that an act whose label or title is huge still has its record. Short texts, numbers and the
 * shape stay as they were.
 */
final class Digested {
    /** Texts longer than this are logged as their digest. */
    static final int MAX_TEXT = 4096;

    private Digested() {
    }

    static ObjectNode of(ObjectNode data) {
        return (ObjectNode) copy(data);
    }

    private static JsonNode copy(JsonNode node) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        if (node.isTextual() && node.textValue().length() > MAX_TEXT) {
            String text = node.textValue();
            return f.textNode("sha256:" + Digests.sha256Hex(text) + ", " + text.length() + " chars");
        }
        if (node.isObject()) {
            ObjectNode out = f.objectNode();
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                out.set(e.getKey(), copy(e.getValue()));
            }
            return out;
        }
        if (node.isArray()) {
            ArrayNode out = f.arrayNode();
            node.forEach(item -> out.add(copy(item)));
            return out;
        }
        return node;
    }
}
