package dev.countersign.driver;

import java.util.Base64;
import java.util.Random;

/** Random, opaque tokens for refs and ids: short (agents pay per byte) but unguessable. */
final class Refs {
    private Refs() {
    }

    /** {@code bytes} random bytes, base64url without padding. */
    static String token(Random random, int bytes) {
        byte[] b = new byte[bytes];
        random.nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }
}
