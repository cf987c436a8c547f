package dev.countersign.audit;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.countersign.core.Timestamps;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One line of the audit log: its place in the chain ({@code seq}, {@code prev}), when and what
 * happened, which agent it concerns (none for the person's own acts such as pausing), the redacted
 * details, and {@code hash}, the SHA-256 over the RFC 8785 canonical form of all other fields.
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonPropertyOrder({"seq", "at", "kind", "agent_id", "data", "prev", "hash"})
public record AuditRecord(
        @JsonProperty("seq") long seq,
        @JsonProperty("at") String at,
        @JsonProperty("kind") String kind,
        @JsonProperty("agent_id") String agentId,
        @JsonProperty("data") ObjectNode data,
        @JsonProperty("prev") String prev,
        @JsonProperty("hash") String hash) {

    /** The {@code prev} of record 1: there is no record before it. */
    public static final String GENESIS = "0".repeat(64);

    static final Pattern HEX64 = Pattern.compile("[0-9a-f]{64}");
    // Kinds are read by people and tools alike; unknown kinds are fine, odd spellings are not.
    static final Pattern KIND = Pattern.compile("[a-z][a-z0-9_]{0,63}");

    public AuditRecord {
        if (seq < 1) {
            throw new IllegalArgumentException("seq counts from 1, got " + seq);
        }
        if (Timestamps.parse(at).isEmpty()) {
            throw new IllegalArgumentException("at is an RFC 3339 date-time, got " + quote(at));
        }
        if (kind == null || !KIND.matcher(kind).matches()) {
            throw new IllegalArgumentException("kind is 1-64 of [a-z0-9_] starting with a letter, got " + quote(kind));
        }
        Objects.requireNonNull(data, "data is a JSON object, never null");
        // A defensive copy: the chain's hash covers data, so nobody may change it afterwards.
        data = data.deepCopy();
        if (prev == null || !HEX64.matcher(prev).matches()) {
            throw new IllegalArgumentException("prev is 64 lowercase hex characters, got " + quote(prev));
        }
        if (hash == null || !HEX64.matcher(hash).matches()) {
            throw new IllegalArgumentException("hash is 64 lowercase hex characters, got " + quote(hash));
        }
    }

    /** The redacted details; a copy, so the record stays as it was hashed. */
    @Override
    public ObjectNode data() {
        return data.deepCopy();
    }

    public Optional<String> agent() {
        return Optional.ofNullable(agentId);
    }

    public Instant instant() {
        return Timestamps.parse(at).orElseThrow();
    }

    /** The record without {@code hash}, in field order: exactly what {@code hash} is computed over. */
    ObjectNode body() {
        return body(seq, at, kind, agentId, data, prev);
    }

    static ObjectNode body(long seq, String at, String kind, String agentId, ObjectNode data, String prev) {
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        body.put("seq", seq);
        body.put("at", at);
        body.put("kind", kind);
        body.put("agent_id", agentId);
        body.set("data", data);
        body.put("prev", prev);
        return body;
    }

    private static String quote(String s) {
        if (s == null) {
            return "null";
        }
        return "\"" + (s.length() > 80 ? s.substring(0, 80) + "…" : s) + "\"";
    }
}
