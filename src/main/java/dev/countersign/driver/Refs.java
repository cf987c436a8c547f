package dev.countersign.driver;

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

    /** Bytes in a ref's token: the observation's tag, then the node's own random part. */
    static final int TAG_BYTES = 4;
    static final int REF_BYTES = 8;
    private static final Base64.Decoder BASE64URL_DECODER = Base64.getUrlDecoder();

    /**
     * {@code count} ref tokens of one observation: {@value #REF_BYTES} random bytes each, whose
     * first {@value #TAG_BYTES} are the same random tag for the whole observation and the rest the
     * node's own. The tag lets a dropped observation leave one marker for all its refs
     * ({@link #tagOf}) instead of one per ref.
     */
    static String[] tagged(Random random, int count) {
        byte[] tag = new byte[TAG_BYTES];
        random.nextBytes(tag);
        byte[] own = new byte[count * (REF_BYTES - TAG_BYTES)];
        random.nextBytes(own);
        String[] tokens = new String[count];
        byte[] ref = new byte[REF_BYTES];
        System.arraycopy(tag, 0, ref, 0, TAG_BYTES);
        for (int i = 0; i < count; i++) {
            System.arraycopy(own, i * (REF_BYTES - TAG_BYTES), ref, TAG_BYTES, REF_BYTES - TAG_BYTES);
            tokens[i] = BASE64URL.encodeToString(ref);
        }
        return tokens;
    }

    /** The observation tag of a ref ({@code "r"} + a {@link #tagged} token), or -1 when it is not one. */
    static long tagOf(String ref) {
        if (ref == null || ref.length() != 12 || ref.charAt(0) != 'r') {
            return -1;
        }
        byte[] b;
        try {
            b = BASE64URL_DECODER.decode(ref.substring(1));
        } catch (IllegalArgumentException e) {
            return -1;
        }
        if (b.length != REF_BYTES) {
            return -1;
        }
        return ((b[0] & 0xFFL) << 24) | ((b[1] & 0xFFL) << 16) | ((b[2] & 0xFFL) << 8) | (b[3] & 0xFFL);
    }
}
