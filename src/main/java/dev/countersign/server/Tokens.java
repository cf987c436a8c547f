package dev.countersign.server;

import dev.countersign.core.Digests;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.regex.Pattern;

/**
 * Agent bearer tokens: {@code cs_} + 32 random bytes as unpadded base64url (43 characters), the
 * shape {@code audit.Redactor.COUNTERSIGN_TOKEN} redacts. Only their SHA-256 is stored: a token
 * carries 256 random bits, so a fast hash is enough (no password-style stretching is needed, since
 * nobody can enumerate 2^256 candidates), and the comparison is constant-time.
 */
final class Tokens {
    static final String PREFIX = "cs_";
    static final Pattern SHAPE = Pattern.compile("cs_[A-Za-z0-9_-]{43}");
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();

    private Tokens() {
    }

    static String mint(SecureRandom random) {
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        return PREFIX + ENCODER.encodeToString(bytes);
    }

    static boolean wellFormed(String token) {
        return token != null && SHAPE.matcher(token).matches();
    }

    /** The stored form of a token: lowercase hex SHA-256 of its UTF-8 bytes. */
    static String hash(String token) {
        return Digests.sha256Hex(token);
    }

    /** Equal without an early exit, so timing says nothing about how much of a hash matched. */
    static boolean sameHash(String a, String b) {
        return MessageDigest.isEqual(a.getBytes(StandardCharsets.US_ASCII), b.getBytes(StandardCharsets.US_ASCII));
    }
}
