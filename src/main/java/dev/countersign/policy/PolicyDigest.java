package dev.countersign.policy;

import dev.countersign.core.Digests;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The identity of a policy's content: SHA-256 over the RFC 8785 canonical JSON of the parsed
 * {@link PolicyDocument}, bound into every approval so that editing the policy invalidates the
 * grants it decided.
 *
 * <p>It is computed from the parsed document, not the file bytes: whitespace, member order and
 * escape spelling do not change it; any word, key, language or version does (including the order
 * of words in a list, which is part of the JSON value).
 */
public record PolicyDigest(String value) {
    private static final Pattern HEX = Pattern.compile("[0-9a-f]{64}");

    public PolicyDigest {
        Objects.requireNonNull(value, "value");
        if (!HEX.matcher(value).matches()) {
            throw new IllegalArgumentException("a policy digest is 64 lowercase hex characters of SHA-256");
        }
    }

    /** The digest of a parsed document. */
    public static PolicyDigest of(PolicyDocument document) {
        return new PolicyDigest(Digests.digest(Objects.requireNonNull(document, "document")));
    }

    @Override
    public String toString() {
        return value;
    }
}
