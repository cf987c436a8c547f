package dev.countersign.core;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.erdtman.jcs.JsonCanonicalizer;

/**
 * Content digests: SHA-256 over the RFC 8785 (JSON Canonicalization Scheme) form of a value,
 * as 64 lowercase hex characters.
 *
 * <p>JCS fixes what plain JSON leaves open: object members sorted by their UTF-16 code units, no
 * insignificant whitespace, numbers in ECMAScript shortest form, strings with minimal escaping.
 * Two parties that hold the same JSON value therefore hash the same bytes, whatever produced it.
 */
public final class Digests {
    private static final ObjectMapper MAPPER = Json.mapper();

    private Digests() {
    }

    /** SHA-256 of {@code bytes}, lowercase hex. */
    public static String sha256Hex(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK provides SHA-256", e);
        }
    }

    /** The RFC 8785 canonical form of a JSON text. */
    public static String canonicalize(String json) {
        try {
            return new JsonCanonicalizer(json).getEncodedString();
        } catch (IOException e) {
            throw new IllegalArgumentException("not a JSON text that can be canonicalized: " + e.getMessage(), e);
        }
    }

    /** The RFC 8785 canonical form of a value as Jackson serializes it. */
    public static String canonicalJson(Object value) {
        try {
            return canonicalize(MAPPER.writeValueAsString(value));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("value cannot be serialized to JSON: " + e.getMessage(), e);
        }
    }

    /** SHA-256 over the canonical JSON of {@code value}, lowercase hex. */
    public static String digest(Object value) {
        return sha256Hex(canonicalJson(value).getBytes(StandardCharsets.UTF_8));
    }

    /** SHA-256 over the canonical form of a JSON text, lowercase hex. */
    public static String digestJson(String json) {
        return sha256Hex(canonicalize(json).getBytes(StandardCharsets.UTF_8));
    }
}
