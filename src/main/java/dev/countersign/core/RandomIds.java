package dev.countersign.core;

import java.security.SecureRandom;
import java.util.HexFormat;

/** Identifiers with 128 random bits from {@link SecureRandom}, hex-encoded after a prefix. */
public final class RandomIds implements IdSource {
    private final SecureRandom random;

    public RandomIds(SecureRandom random) {
        this.random = random;
    }

    public RandomIds() {
        this(new SecureRandom());
    }

    @Override
    public String next(String prefix) {
        byte[] bytes = new byte[16];
        random.nextBytes(bytes);
        return prefix + HexFormat.of().formatHex(bytes);
    }
}
