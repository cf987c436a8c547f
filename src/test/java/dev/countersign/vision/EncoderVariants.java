package dev.countersign.vision;

import java.awt.image.BufferedImage;
import java.util.function.Function;

/** Test-side access to the package-private PNG encoder, so benchmarks can try its settings. */
public final class EncoderVariants {
    private EncoderVariants() {
    }

    /** The hand-rolled encoder with a deflate level, strategy and filter name (NONE, SUB, UP, PAETH). */
    public static Function<BufferedImage, byte[]> deflate(int level, int strategy, String filter) {
        DeflatePngEncoder encoder = new DeflatePngEncoder(level, strategy, ScanlineFilter.valueOf(filter));
        return encoder::encode;
    }
}
