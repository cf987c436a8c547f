package dev.countersign.server.tools;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.json.schema.jackson2.DefaultJsonSchemaValidator;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The SDK's check of each successful result against its tool's output schema, done on the result's
 * map as it is. The SDK's default validator turns every result into a Jackson tree, walks it with a
 * general JSON Schema engine and prints it back to a string the server never uses (a tool result
 * with content keeps its own): three passes over an observation's hundreds of nodes on every call.
 * The schemas {@link OutputSchema} builds say only which top-level fields exist, their
 * JSON types, enums and the required ones, so that is all this checks, in one look at the top level;
 * a schema in any other shape, or a result that is not a map, goes to the SDK's own validator.
 *
 * <p>A valid response carries no JSON text: the SDK reads it only to fill in a result without
 * content, and every result the endpoint builds has content ({@link ToolResults}).
 */
final class OutputSchemaCheck implements JsonSchemaValidator {
    private static final Set<String> SCHEMA_KEYS = Set.of("type", "properties", "required");
    private static final Set<String> FIELD_KEYS = Set.of("type", "enum");

    private final JsonSchemaValidator general;

    OutputSchemaCheck(ObjectMapper mapper) {
        this.general = new DefaultJsonSchemaValidator(mapper);
    }

    @Override
    public ValidationResponse validate(Map<String, Object> schema, Object content) {
        if (!(content instanceof Map<?, ?> result) || !simple(schema) || !plain(result, schema)) {
            return general.validate(schema, content);
        }
        for (Object name : (List<?>) schema.getOrDefault("required", List.of())) {
            if (!result.containsKey(name)) {
                return ValidationResponse.asInvalid("required property '" + name + "' not found");
            }
        }
        Map<?, ?> properties = (Map<?, ?>) schema.getOrDefault("properties", Map.of());
        for (Map.Entry<?, ?> field : properties.entrySet()) {
            if (!result.containsKey(field.getKey())) {
                continue;
            }
            Object value = result.get(field.getKey());
            Map<?, ?> rule = (Map<?, ?>) field.getValue();
            Object type = rule.get("type");
            if (type != null && !ofType(value, type)) {
                return ValidationResponse.asInvalid("'" + field.getKey() + "': " + jsonType(value) + " found, "
                        + type + " expected");
            }
            Object allowed = rule.get("enum");
            if (allowed != null && !((List<?>) allowed).contains(value)) {
                return ValidationResponse.asInvalid("'" + field.getKey() + "': does not have a value in the enumeration "
                        + allowed);
            }
        }
        return ValidationResponse.asValid(null);
    }

    @Override
    public ValidationResponse validateSchema(Map<String, Object> schema) {
        return general.validateSchema(schema);
    }

    /** Whether {@code schema} is one {@link OutputSchema} builds: an object of typed or enumerated top-level fields. */
    private static boolean simple(Map<String, Object> schema) {
        if (!"object".equals(schema.get("type")) || !SCHEMA_KEYS.containsAll(schema.keySet())) {
            return false;
        }
        Object required = schema.getOrDefault("required", List.of());
        Object properties = schema.getOrDefault("properties", Map.of());
        if (!(required instanceof List<?> names) || !names.stream().allMatch(String.class::isInstance)
                || !(properties instanceof Map<?, ?> fields)) {
            return false;
        }
        for (Object rule : fields.values()) {
            if (!(rule instanceof Map<?, ?> r) || !FIELD_KEYS.containsAll(r.keySet())) {
                return false;
            }
            Object type = r.get("type");
            boolean typeKnown = type == null || type instanceof String
                    || type instanceof List<?> types && types.stream().allMatch(String.class::isInstance);
            boolean enumKnown = !r.containsKey("enum")
                    || r.get("enum") instanceof List<?> values && values.stream().allMatch(String.class::isInstance);
            if (!typeKnown || !enumKnown) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether every value the schema says something about is one whose JSON type is plain from its
     * Java type (what a map read from JSON holds, or a list); anything else there (a record, an
     * enum, a byte array) is left to the SDK. Fields the schema does not name are not its business.
     */
    private static boolean plain(Map<?, ?> result, Map<String, Object> schema) {
        for (Object name : ((Map<?, ?>) schema.getOrDefault("properties", Map.of())).keySet()) {
            Object value = result.get(name);
            if (value != null && !(value instanceof String || value instanceof Boolean || value instanceof Number
                    || value instanceof Map<?, ?> || value instanceof List<?>)) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code value} has the JSON type {@code type}: one name or a list of names. */
    private static boolean ofType(Object value, Object type) {
        if (type instanceof List<?> types) {
            return types.stream().anyMatch(t -> ofType(value, t));
        }
        String actual = jsonType(value);
        if ("integer".equals(type) && "number".equals(actual)) {
            // JSON Schema's integer is any number without a fraction, 2.0 too.
            double d = ((Number) value).doubleValue();
            return Double.isFinite(d) && d == Math.rint(d);
        }
        return actual.equals(type) || "number".equals(type) && "integer".equals(actual);
    }

    /** The JSON type of a plain value. */
    private static String jsonType(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof String) {
            return "string";
        }
        if (value instanceof Boolean) {
            return "boolean";
        }
        if (value instanceof Byte || value instanceof Short || value instanceof Integer || value instanceof Long
                || value instanceof BigInteger) {
            return "integer";
        }
        if (value instanceof Number) {
            return "number";
        }
        return value instanceof List<?> ? "array" : "object";
    }
}
