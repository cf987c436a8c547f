package dev.countersign.core;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.json.JsonMapper;

/** The project's one Jackson configuration for wire values, checkpoints and digests. */
public final class Json {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            // Wire records are strict: a field we do not know is a shape we did not agree on.
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private Json() {
    }

    /** A shared, thread-safe mapper. Callers must not reconfigure it. */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /**
     * Binds a wire value to a record. A shape the record refuses fails closed as
     * {@code INVALID_ARGUMENT}, naming the field where there is one: an argument the chosen
     * variant does not have (it belongs to another {@code op}), or an {@code op} nobody declared.
     */
    public static <T> T bind(JsonNode value, Class<T> type) {
        try {
            return MAPPER.treeToValue(value, type);
        } catch (UnrecognizedPropertyException e) {
            String opName = value.path("op").asText("");
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, e.getPropertyName(),
                    e.getPropertyName() + " is not an argument" + (opName.isEmpty() ? "" : " of op '" + opName + "'")), e);
        } catch (InvalidTypeIdException e) {
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "op",
                    "op is missing or not one this tool knows"), e);
        } catch (JsonProcessingException e) {
            // A cross-field rule of the record (e.g. a postcondition with two digests); its message is the rule.
            Throwable cause = e.getCause() instanceof IllegalArgumentException ? e.getCause() : e;
            throw new CountersignException(CountersignError.of(ErrorCode.INVALID_ARGUMENT,
                    "arguments do not fit " + type.getSimpleName() + ": " + firstLine(cause.getMessage())), e);
        }
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "malformed";
        }
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
