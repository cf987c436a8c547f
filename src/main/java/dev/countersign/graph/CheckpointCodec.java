package dev.countersign.graph;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.Digests;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import java.io.IOException;

/**
 * Turns graph state into bytes and back, so an action interrupted for approval can be persisted
 * and resumed by a new process. The bytes carry a format version and the SHA-256 of the state's
 * canonical JSON: a truncated or altered checkpoint fails loudly instead of resuming half a state.
 */
public final class CheckpointCodec {
    static final int FORMAT = 1;
    private static final ObjectMapper MAPPER = Json.mapper();

    private CheckpointCodec() {
    }

    /** The checkpoint's bytes (UTF-8 JSON). */
    public static byte[] encode(GraphState state) {
        try {
            JsonNode body = MAPPER.valueToTree(state);
            String sha = Digests.digestJson(MAPPER.writeValueAsString(body));
            return MAPPER.writeValueAsBytes(new Envelope(FORMAT, sha, body));
        } catch (JsonProcessingException e) {
            throw new CountersignException(CountersignError.of(ErrorCode.INTERNAL,
                    "graph state could not be serialized: " + e.getOriginalMessage()), e);
        }
    }

    /**
     * The state a checkpoint holds.
     *
     * @throws CountersignException ({@code INTERNAL}) when the bytes are truncated, altered, or of
     *     another format
     */
    public static GraphState decode(byte[] bytes) {
        Envelope envelope;
        try {
            envelope = MAPPER.readValue(bytes, Envelope.class);
        } catch (IOException e) {
            throw corrupt("it is not a complete checkpoint (" + e.getClass().getSimpleName() + ")", e);
        }
        if (envelope.format() != FORMAT) {
            throw corrupt("format " + envelope.format() + " is not the supported format " + FORMAT, null);
        }
        if (envelope.state() == null || envelope.sha256() == null) {
            throw corrupt("it has no state or no digest", null);
        }
        try {
            String sha = Digests.digestJson(MAPPER.writeValueAsString(envelope.state()));
            if (!sha.equals(envelope.sha256())) {
                throw corrupt("its digest does not match its content", null);
            }
            return MAPPER.treeToValue(envelope.state(), GraphState.class);
        } catch (JsonProcessingException e) {
            throw corrupt("its state does not have the graph's shape (" + e.getOriginalMessage() + ")", e);
        }
    }

    /** A deep copy, so that a state handed out can never be changed by the graph afterwards. */
    static GraphState copy(GraphState state) {
        return MAPPER.convertValue(state, GraphState.class);
    }

    private static CountersignException corrupt(String why, Throwable cause) {
        return new CountersignException(CountersignError.of(ErrorCode.INTERNAL,
                "the checkpoint cannot be resumed: " + why), cause);
    }

    /** The checkpoint file's shape. */
    record Envelope(
            @JsonProperty("format") int format,
            @JsonProperty("sha256") String sha256,
            @JsonProperty("state") JsonNode state) {
    }

}
