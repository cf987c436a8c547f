package dev.countersign.server.tools;

import com.fasterxml.jackson.databind.JsonNode;
import dev.countersign.core.CountersignError;
import dev.countersign.core.ErrorCode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The strict subset of JSON Schema our tools declare, and the validator for it. One definition
 * gives both the schema in {@code tools/list} and the check the endpoint runs itself, so the two
 * cannot drift, and a bad argument is an {@code INVALID_ARGUMENT} naming the field, whatever the
 * client validated (docs/endpoint.md, "Tools"). Objects never allow unknown properties.
 */
public sealed interface ArgSchema {

    /** The JSON Schema as a plain map for the tool definition. */
    Map<String, Object> render();

    /** The first problem with {@code value} at {@code path}, if any. */
    Optional<CountersignError> check(String path, JsonNode value);

    static Str string(int maxLength) {
        return new Str(maxLength, List.of(), null);
    }

    static Str oneOf(String... values) {
        return new Str(64, List.of(values), null);
    }

    /**
     * An integer whose bounds the receiving record checks (naming the field), rendered without
     * them: for arguments whose limits are a matter of the element acted on (a text offset).
     */
    static Int anyInteger() {
        return new Int(Integer.MIN_VALUE, Integer.MAX_VALUE, null);
    }

    static Int integer(int min, int max) {
        return new Int(min, max, null);
    }

    static Obj object() {
        return new Obj(new LinkedHashMap<>(), new ArrayList<>(), null);
    }

    /** A string, at most {@code maxLength} characters, optionally one of {@code values}. */
    record Str(int maxLength, List<String> values, String description) implements ArgSchema {
        Str describe(String text) {
            return new Str(maxLength, values, text);
        }

        @Override
        public Map<String, Object> render() {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("type", "string");
            if (values.isEmpty()) {
                out.put("maxLength", maxLength);
            } else {
                out.put("enum", values);
            }
            if (description != null) {
                out.put("description", description);
            }
            return out;
        }

        @Override
        public Optional<CountersignError> check(String path, JsonNode value) {
            if (!value.isTextual()) {
                return bad(path, path + " must be a string");
            }
            String text = value.textValue();
            if (!values.isEmpty() && !values.contains(text)) {
                return bad(path, path + " must be one of " + String.join(", ", values));
            }
            if (text.length() > maxLength) {
                return bad(path, path + " is at most " + maxLength + " characters");
            }
            return Optional.empty();
        }
    }

    /** An integer within [min, max]. */
    record Int(int min, int max, String description) implements ArgSchema {
        Int describe(String text) {
            return new Int(min, max, text);
        }

        @Override
        public Map<String, Object> render() {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("type", "integer");
            if (min != Integer.MIN_VALUE) {
                out.put("minimum", min);
            }
            if (max != Integer.MAX_VALUE) {
                out.put("maximum", max);
            }
            if (description != null) {
                out.put("description", description);
            }
            return out;
        }

        @Override
        public Optional<CountersignError> check(String path, JsonNode value) {
            // 5.0 is an integer in JSON Schema; 5.5, "5" and 1e400 are not.
            boolean integral = value.isIntegralNumber()
                    || value.isFloatingPointNumber() && Double.isFinite(value.doubleValue())
                    && value.doubleValue() == Math.rint(value.doubleValue());
            if (!integral || !value.canConvertToLong() || value.longValue() < min || value.longValue() > max) {
                return bad(path, path + " must be an integer"
                        + (min == Integer.MIN_VALUE && max == Integer.MAX_VALUE ? "" : " " + min + "-" + max));
            }
            return Optional.empty();
        }
    }

    /** true or false. */
    record Bool(String description) implements ArgSchema {
        @Override
        public Map<String, Object> render() {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("type", "boolean");
            if (description != null) {
                out.put("description", description);
            }
            return out;
        }

        @Override
        public Optional<CountersignError> check(String path, JsonNode value) {
            return value.isBoolean() ? Optional.empty() : bad(path, path + " must be true or false");
        }
    }

    /**
     * A JSON object whose shape the receiving record checks when it binds it (strictly: unknown
     * fields refused). For the runtime operations, which carry whole core records.
     */
    record Doc(String description) implements ArgSchema {
        @Override
        public Map<String, Object> render() {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("type", "object");
            if (description != null) {
                out.put("description", description);
            }
            return out;
        }

        @Override
        public Optional<CountersignError> check(String path, JsonNode value) {
            return value.isObject() ? Optional.empty() : bad(path, path + " must be an object");
        }
    }

    /** An object with exactly these properties (unknown ones are refused) and these required ones. */
    record Obj(Map<String, ArgSchema> properties, List<String> required, String description) implements ArgSchema {
        Obj with(String name, ArgSchema schema) {
            properties.put(name, schema);
            return this;
        }

        Obj require(String name, ArgSchema schema) {
            properties.put(name, schema);
            required.add(name);
            return this;
        }

        @Override
        public Map<String, Object> render() {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("type", "object");
            Map<String, Object> props = new LinkedHashMap<>();
            properties.forEach((name, schema) -> props.put(name, schema.render()));
            out.put("properties", props);
            if (!required.isEmpty()) {
                out.put("required", List.copyOf(required));
            }
            out.put("additionalProperties", false);
            return out;
        }

        @Override
        public Optional<CountersignError> check(String path, JsonNode value) {
            String prefix = path.isEmpty() ? "" : path + ".";
            if (!value.isObject()) {
                return bad(path.isEmpty() ? "arguments" : path,
                        (path.isEmpty() ? "the arguments" : path) + " must be an object");
            }
            for (Iterator<String> names = value.fieldNames(); names.hasNext(); ) {
                String name = names.next();
                if (!properties.containsKey(name)) {
                    String shown = name.length() > 64 ? name.substring(0, 64) + "…" : name;
                    return bad(prefix + shown, "unknown argument '" + prefix + shown + "'"
                            + (properties.isEmpty() ? "; this takes no arguments"
                                    : "; allowed: " + String.join(", ", properties.keySet())));
                }
            }
            for (String name : required) {
                if (!value.has(name)) {
                    return bad(prefix + name, prefix + name + " is required");
                }
            }
            for (Map.Entry<String, ArgSchema> property : properties.entrySet()) {
                JsonNode child = value.get(property.getKey());
                if (child != null) {
                    Optional<CountersignError> problem = property.getValue().check(prefix + property.getKey(), child);
                    if (problem.isPresent()) {
                        return problem;
                    }
                }
            }
            return Optional.empty();
        }
    }

    private static Optional<CountersignError> bad(String field, String message) {
        return Optional.of(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, field, message));
    }
}
