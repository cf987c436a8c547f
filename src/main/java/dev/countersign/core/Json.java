package dev.countersign.core;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
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
}
