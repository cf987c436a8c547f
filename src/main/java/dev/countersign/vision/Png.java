package dev.countersign.vision;

import dev.countersign.core.Digests;
import java.awt.image.BufferedImage;
import java.util.zip.Deflater;

/**
 * PNG encoding of attachments and the {@code capture_sha256} over exactly the encoded bytes.
 * The encoder and its settings were chosen by measurement (docs/decisions/0004-png-encoding.md).
 */
public final class Png {
    private static final DeflatePngEncoder ENCODER =
            new DeflatePngEncoder(1, Deflater.DEFAULT_STRATEGY, ScanlineFilter.UP);

    private Png() {
    }

    /** The image as an 8-bit RGB PNG (alpha is dropped: attachments are opaque). Deterministic for equal pixels. */
    public static byte[] encode(BufferedImage image) {
        return ENCODER.encode(image);
    }

    /** The encoded PNG with its SHA-256. */
    public static EncodedPng encodeAndHash(BufferedImage image) {
        byte[] bytes = encode(image);
        return new EncodedPng(bytes, Digests.sha256Hex(bytes));
    }
}
