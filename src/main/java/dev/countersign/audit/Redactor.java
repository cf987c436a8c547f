package dev.countersign.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.countersign.core.Json;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Removes secrets from audit details before they are written: values under secret-sounding keys,
 * bearer tokens and Countersign tokens inside any string, and the typed or read values of any
 * record that concerns a secure (password) field (docs/security.md).
 *
 * <p>It errs towards redacting too much: a redacted harmless value costs a little detail, a
 * leaked token costs the person's machine.
 */
public final class Redactor {
    /** What replaces a secret. */
    public static final String REDACTED = "[redacted]";

    /**
     * A Countersign agent token: {@code cs_} and 43 base64url characters (256 random bits). The
     * token issuer must mint tokens that match this, and a test there should say so. No word
     * boundaries: a token glued to other text is still a token.
     */
    public static final Pattern COUNTERSIGN_TOKEN = Pattern.compile("cs_[A-Za-z0-9_-]{43}");

    // RFC 6750 b64token after the scheme word, in any case ("bearer", "Bearer").
    private static final Pattern BEARER = Pattern.compile("(?i)\\bbearer\\s+[A-Za-z0-9._~+/-]+=*");
    // "Authorization: Basic …" pasted into a message: everything after the colon to the line end.
    private static final Pattern AUTHORIZATION_HEADER =
            Pattern.compile("(?i)\\b((?:proxy-)?authorization)\\s*[:=]\\s*[^\\r\\n]*");

    // Compared against the key lower-cased with everything but letters and digits removed, so
    // api_key, apiKey, X-Api-Key and API-KEY are one rule.
    private static final List<String> SECRET_KEY_WORDS = List.of(
            "token", "authorization", "password", "passwd", "passphrase", "secret", "bearer",
            "apikey", "cookie", "credential", "privatekey");
    // Fields that carry what was typed into or read from an element.
    private static final Set<String> VALUE_KEYS = Set.of(
            "value", "text", "content", "input", "typedtext", "newvalue", "oldvalue");

    private Redactor() {
    }

    /** A redacted copy of {@code data} as a JSON object; {@code data} itself is not changed. */
    public static ObjectNode redact(Map<String, ?> data) {
        JsonNode tree = Json.mapper().valueToTree(data == null ? Map.of() : data);
        return (ObjectNode) redact(tree);
    }

    /** A redacted copy of any JSON value. */
    public static JsonNode redact(JsonNode node) {
        return walk(node, mentionsSecureField(node));
    }

    /** {@code text} with bearer tokens, Authorization header values and Countersign tokens replaced. */
    public static String redactText(String text) {
        String out = COUNTERSIGN_TOKEN.matcher(text).replaceAll(REDACTED);
        out = AUTHORIZATION_HEADER.matcher(out).replaceAll("$1: " + REDACTED);
        out = BEARER.matcher(out).replaceAll("Bearer " + REDACTED);
        return withoutLoneSurrogates(out);
    }

    /** Whether values under this key are secrets whatever they look like. */
    public static boolean isSecretKey(String key) {
        String normalized = normalize(key);
        for (String word : SECRET_KEY_WORDS) {
            if (normalized.contains(word)) {
                return true;
            }
        }
        return false;
    }

    private static JsonNode walk(JsonNode node, boolean secureRecord) {
        if (node.isObject()) {
            ObjectNode out = JsonNodeFactory.instance.objectNode();
            int hiddenKeys = 0;
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                String key = redactText(field.getKey());
                if (!key.equals(field.getKey())) {
                    // A token used as a map key; keep the keys distinct so no entry is lost.
                    key = REDACTED + "#" + (++hiddenKeys);
                }
                if (isSecretKey(key) || (secureRecord && VALUE_KEYS.contains(normalize(key)))) {
                    out.put(key, REDACTED);
                } else {
                    out.set(key, walk(field.getValue(), secureRecord));
                }
            }
            return out;
        }
        if (node.isArray()) {
            ArrayNode out = JsonNodeFactory.instance.arrayNode(node.size());
            for (JsonNode element : node) {
                out.add(walk(element, secureRecord));
            }
            return out;
        }
        if (node.isTextual()) {
            return JsonNodeFactory.instance.textNode(redactText(node.textValue()));
        }
        if ((node.isDouble() || node.isFloat()) && !Double.isFinite(node.doubleValue())) {
            // JSON has no NaN or Infinity; RFC 8785 cannot canonicalize them, so nothing could hash it.
            throw new IllegalArgumentException("audit data holds a number JSON cannot carry: " + node.doubleValue());
        }
        if (node.isBinary() || node.isPojo()) {
            throw new IllegalArgumentException("audit data is plain JSON; got a " + node.getNodeType() + " node");
        }
        return node.deepCopy();
    }

    /** Anywhere in the record an element flagged {@code "secure": true} (ElementEvidence). */
    private static boolean mentionsSecureField(JsonNode node) {
        if (node.isObject()) {
            JsonNode secure = node.get("secure");
            if (secure != null && secure.isBoolean() && secure.booleanValue()) {
                return true;
            }
        }
        if (node.isContainerNode()) {
            for (JsonNode child : node) {
                if (mentionsSecureField(child)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String normalize(String key) {
        StringBuilder out = new StringBuilder(key.length());
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (Character.isLetterOrDigit(c)) {
                out.append(Character.toLowerCase(c));
            }
        }
        return out.toString();
    }

    // A lone surrogate cannot be encoded as UTF-8: the line on disk would differ from what was hashed.
    private static String withoutLoneSurrogates(String text) {
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean paired = Character.isHighSurrogate(c) && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1));
            if (paired) {
                if (out != null) {
                    out.append(c).append(text.charAt(i + 1));
                }
                i++;
                continue;
            }
            if (Character.isSurrogate(c)) {
                if (out == null) {
                    out = new StringBuilder(text.length()).append(text, 0, i);
                }
                out.append('\uFFFD');
            } else if (out != null) {
                out.append(c);
            }
        }
        return out == null ? text : out.toString();
    }
}
