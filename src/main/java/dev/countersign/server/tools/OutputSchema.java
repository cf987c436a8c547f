package dev.countersign.server.tools;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Small builder for tool output schemas. They name each top-level field and its type and no
 * more: the SDK checks every successful result against them, and detail beyond the top level
 * would cost every agent bytes in {@code tools/list} without telling it anything the description
 * does not.
 */
final class OutputSchema {
    private final Map<String, Object> properties = new LinkedHashMap<>();
    private List<String> required = List.of();

    static OutputSchema object() {
        return new OutputSchema();
    }

    OutputSchema field(String name, String type) {
        properties.put(name, Map.of("type", type));
        return this;
    }

    /** A field that may also be JSON null (e.g. an absent approval). */
    OutputSchema nullable(String name, String type) {
        properties.put(name, Map.of("type", List.of(type, "null")));
        return this;
    }

    OutputSchema oneOf(String name, String... values) {
        properties.put(name, Map.of("enum", List.of(values)));
        return this;
    }

    OutputSchema required(String... names) {
        required = List.of(names);
        return this;
    }

    Map<String, Object> build() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("type", "object");
        out.put("properties", properties);
        if (!required.isEmpty()) {
            out.put("required", required);
        }
        return out;
    }
}
