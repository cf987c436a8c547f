package dev.countersign.driver;

import java.util.Arrays;
import java.util.Base64;
import java.util.Random;

/** Random, opaque tokens for refs and ids: short (agents pay per byte) but unguessable. */
final class Refs {
    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();

    private Refs() {
    }

    /** {@code bytes} random bytes, base64url without padding. */
    static String token(Random random, int bytes) {
        byte[] b = new byte[bytes];
        random.nextBytes(b);
        return BASE64URL.encodeToString(b);
    }

    /**
     * {@code count} tokens of {@code bytes} random bytes each, drawn in one call: an observation
     * needs one per node, and each draw from the system's secure source takes its lock. The same
     * tokens, in order, as {@code count} calls of {@link #token} when {@code bytes} is a multiple
     * of four (a seeded {@link Random} fills bytes four at a time).
     */
    static String[] tokens(Random random, int count, int bytes) {
        byte[] all = new byte[count * bytes];
        random.nextBytes(all);
        String[] tokens = new String[count];
        for (int i = 0; i < count; i++) {
            tokens[i] = BASE64URL.encodeToString(Arrays.copyOfRange(all, i * bytes, (i + 1) * bytes));
        }
        return tokens;
    }
}
