package dev.countersign.core;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import org.erdtman.jcs.JsonCanonicalizer;
import org.erdtman.jcs.NumberToJSON;

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
    /** The project's mapper, emitting record and bean properties and map entries sorted by name. */
    private static final ObjectMapper SORTED = ((JsonMapper) MAPPER).rebuild()
            .enable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
            .disable(MapperFeature.SORT_CREATOR_PROPERTIES_FIRST)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .build();

    private Digests() {
    }

    /** SHA-256 of a text's {@link #utf8} bytes, lowercase hex: two texts digest alike only when they are equal. */
    public static String sha256Hex(String text) {
        return sha256Hex(utf8(text));
    }

    /**
     * A text's UTF-8 bytes, losing nothing: a surrogate without its pair (which Java strings can
     * hold, and {@code String.getBytes} would turn into {@code ?}) is written as the three bytes
     * its code unit would take (WTF-8), which no valid UTF-8 text produces. Texts of whole
     * characters get exactly their UTF-8.
     */
    public static byte[] utf8(String text) {
        int lone = loneSurrogate(text, 0);
        if (lone < 0) {
            return text.getBytes(StandardCharsets.UTF_8);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(text.length() + 8);
        int from = 0;
        while (lone >= 0) {
            // The whole characters before it as UTF-8, then the lone code unit as its three bytes.
            out.writeBytes(text.substring(from, lone).getBytes(StandardCharsets.UTF_8));
            char c = text.charAt(lone);
            out.write(0xE0 | (c >> 12));
            out.write(0x80 | ((c >> 6) & 0x3F));
            out.write(0x80 | (c & 0x3F));
            from = lone + 1;
            lone = loneSurrogate(text, from);
        }
        out.writeBytes(text.substring(from).getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    /** The index of the first surrogate at or after {@code from} that is not half of a pair; -1 when none. */
    private static int loneSurrogate(String text, int from) {
        int i = from;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i += 2;
            } else if (Character.isSurrogate(c)) {
                return i;
            } else {
                i++;
            }
        }
        return -1;
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

    /**
     * The RFC 8785 canonical form of a value as Jackson serializes it.
     *
     * <p>Written in one pass as the value is serialized, by a mapper that emits members already
     * sorted ({@link CanonicalGenerator}), when the value holds only what that pass can write:
     * strings, booleans, nulls and integers up to 2^53 (an observation's fingerprint, on every
     * observe). A JSON tree (an audit record's body) is written from the tree itself, its members
     * sorted there. Anything else goes through Jackson's tree of the value rather than printing JSON
     * text and parsing it again. All give the same bytes as canonicalizing the JSON text
     * (DigestsTest holds them equal).
     */
    public static String canonicalJson(Object value) {
        if (value instanceof JsonNode tree) {
            // A tree keeps its members in insertion order, which the one pass would refuse (an
            // audit record's body, on every append): sort them here instead.
            String written = treeText(tree);
            // A POJO inside the tree: Jackson's tree of the whole value expands it, so a number
            // JSON cannot hold is refused here as it is everywhere else.
            return written != null ? written : canonicalJsonViaTree(value);
        }
        CanonicalGenerator direct = new CanonicalGenerator(SORTED);
        try {
            SORTED.writeValue(direct, value);
            return direct.text();
        } catch (IOException | RuntimeException e) {
            // Not writable in one pass (or not serializable at all, which the tree path reports).
            return canonicalJsonViaTree(value);
        }
    }

    /** {@link #canonicalJson} through Jackson's tree of the value: any value Jackson can serialize. */
    static String canonicalJsonViaTree(Object value) {
        JsonNode tree;
        try {
            tree = MAPPER.valueToTree(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("value cannot be serialized to JSON: " + e.getMessage(), e);
        }
        String written = treeText(tree);
        if (written != null) {
            return written;
        }
        // A node kind the direct writer does not know (a raw or POJO node): the text path.
        try {
            return canonicalize(MAPPER.writeValueAsString(value));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("value cannot be serialized to JSON: " + e.getMessage(), e);
        }
    }

    /** The canonical form of {@code tree}, or null when it holds a node kind {@link #write} does not know. */
    private static String treeText(JsonNode tree) {
        StringBuilder out = new StringBuilder(1024);
        return write(tree, out) ? out.toString() : null;
    }

    /** Appends the canonical form of {@code node}; false when it holds a node kind this writer does not know. */
    private static boolean write(JsonNode node, StringBuilder out) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            out.append("null");
        } else if (node.isObject()) {
            // UTF-16 code unit order, which is String's natural order.
            TreeMap<String, JsonNode> members = new TreeMap<>();
            node.fields().forEachRemaining(e -> members.put(e.getKey(), e.getValue()));
            out.append('{');
            boolean first = true;
            for (Map.Entry<String, JsonNode> e : members.entrySet()) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                appendString(e.getKey(), out);
                out.append(':');
                if (!write(e.getValue(), out)) {
                    return false;
                }
            }
            out.append('}');
        } else if (node.isArray()) {
            out.append('[');
            for (int i = 0; i < node.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                if (!write(node.get(i), out)) {
                    return false;
                }
            }
            out.append(']');
        } else if (node.isTextual() || node.isBinary()) {
            appendString(node.asText(), out);
        } else if (node.isBoolean()) {
            out.append(node.booleanValue());
        } else if (node.isNumber()) {
            number(node, out);
        } else {
            return false;
        }
        return true;
    }

    /** ECMAScript's shortest form of the number as the JSON text would carry it (JCS reads every number as a double). */
    private static void number(JsonNode node, StringBuilder out) {
        double d;
        if (node.isInt() || node.isLong()) {
            long v = node.longValue();
            if (v >= -(1L << 53) && v <= (1L << 53)) {  // not Math.abs: it leaves Long.MIN_VALUE negative
                out.append(v);
                return;
            }
            d = v;
        } else if (node.isFloat()) {
            // Jackson prints a float in its own shortest form, which is what a reader parses.
            d = Double.parseDouble(Float.toString(node.floatValue()));
        } else if (node.isDouble()) {
            d = node.doubleValue();
        } else {
            d = Double.parseDouble(node.asText());
        }
        try {
            out.append(NumberToJSON.serializeNumber(d));
        } catch (IOException e) {
            throw new IllegalArgumentException("not a number JSON can carry: " + d, e);
        }
    }

    /** A JSON string as RFC 8785 writes it: only quote, backslash and control characters escaped. */
    static void appendString(String s, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\n' -> out.append("\\n");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '"', '\\' -> out.append('\\').append(c);
                default -> {
                    if (c < 0x20) {
                        out.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xF]);
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    /** SHA-256 over the canonical JSON of {@code value}, lowercase hex. */
    public static String digest(Object value) {
        return sha256Hex(canonicalJson(value));
    }

    /** SHA-256 over the canonical form of a JSON text, lowercase hex. */
    public static String digestJson(String json) {
        return sha256Hex(canonicalize(json));
    }
}
