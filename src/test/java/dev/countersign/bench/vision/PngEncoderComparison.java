package dev.countersign.bench.vision;

import dev.countersign.core.Rect;
import dev.countersign.vision.EncoderVariants;
import dev.countersign.vision.Geometry;
import dev.countersign.vision.MarkOptions;
import dev.countersign.vision.SetOfMark;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.zip.Deflater;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.MemoryCacheImageOutputStream;

/**
 * Compares PNG encoders on a 1600×1000 UI-like window with 80 marks burned in and prints a
 * Markdown table (ADR 0004). Every candidate's output is decoded again and compared pixel by
 * pixel, so a fast but broken encoder cannot win.
 */
public final class PngEncoderComparison {
    private PngEncoderComparison() {
    }

    public static void main(String[] args) {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        BufferedImage image = markedWindow();
        Map<String, Function<BufferedImage, byte[]>> candidates = new LinkedHashMap<>();
        candidates.put("ImageIO default", PngEncoderComparison::imageIoDefault);
        for (float quality : new float[] {1.0f, 0.9f, 0.5f}) {
            candidates.put(String.format(Locale.ROOT, "ImageIO quality %.1f", quality), img -> imageIo(img, quality));
        }
        // pngencoder 0.15.0 was measured with the same harness on a scratch classpath (ADR 0004);
        // it is not a project dependency, so it is not compiled here.
        for (String filter : List.of("NONE", "SUB", "UP", "PAETH")) {
            for (int level : new int[] {1, 3, 6}) {
                candidates.put("Deflater L" + level + " " + filter,
                        EncoderVariants.deflate(level, Deflater.DEFAULT_STRATEGY, filter));
            }
            candidates.put("Deflater L1 FILTERED " + filter, EncoderVariants.deflate(1, Deflater.FILTERED, filter));
            candidates.put("Deflater HUFFMAN_ONLY " + filter, EncoderVariants.deflate(1, Deflater.HUFFMAN_ONLY, filter));
        }
        List<String> rows = new ArrayList<>();
        for (Map.Entry<String, Function<BufferedImage, byte[]>> c : candidates.entrySet()) {
            byte[] png = c.getValue().apply(image);
            boolean exact = samePixels(image, png);
            Timing t = Timing.of(8, runs, () -> c.getValue().apply(image));
            rows.add(String.format(Locale.ROOT, "| %s | %.1f | %.1f | %d | %s |",
                    c.getKey(), t.medianMs(), t.p90Ms(), png.length / 1024, exact ? "yes" : "NO"));
        }
        System.out.printf(Locale.ROOT, "PNG encoders on a %dx%d window with 80 marks, %d cores, %d runs after warm-up, JDK %s%n%n",
                image.getWidth(), image.getHeight(), Runtime.getRuntime().availableProcessors(), runs,
                System.getProperty("java.version"));
        System.out.println("| encoder | median ms | p90 ms | size KiB | pixels exact |");
        System.out.println("|---|---:|---:|---:|---|");
        rows.forEach(System.out::println);
    }

    /** The benchmark picture: the synthetic window at full size (no downscale) with 80 marks. */
    static BufferedImage markedWindow() {
        SyntheticWindow window = SyntheticWindow.create(1600, 1000, 80, 100, 42);
        Geometry geometry = Geometry.forCapture(new Rect(100, 100, 1600, 1000), 1600, 1000, 4096, Long.MAX_VALUE);
        BufferedImage copy = new BufferedImage(1600, 1000, BufferedImage.TYPE_INT_RGB);
        copy.getGraphics().drawImage(window.image(), 0, 0, null);
        SetOfMark.render(copy, geometry, window.candidates(), MarkOptions.defaults());
        return copy;
    }

    static byte[] imageIoDefault(BufferedImage image) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, "png", out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    static byte[] imageIo(BufferedImage image, float quality) {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("png").next();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (MemoryCacheImageOutputStream stream = new MemoryCacheImageOutputStream(out)) {
            writer.setOutput(stream);
            ImageWriteParam param = writer.getDefaultWriteParam();
            param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
            param.setCompressionQuality(quality);
            writer.write(null, new IIOImage(image, null, null), param);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            writer.dispose();
        }
        return out.toByteArray();
    }

    static boolean samePixels(BufferedImage expected, byte[] png) {
        try {
            BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(png));
            if (decoded == null || decoded.getWidth() != expected.getWidth() || decoded.getHeight() != expected.getHeight()) {
                return false;
            }
            for (int y = 0; y < expected.getHeight(); y++) {
                for (int x = 0; x < expected.getWidth(); x++) {
                    if ((decoded.getRGB(x, y) & 0xffffff) != (expected.getRGB(x, y) & 0xffffff)) {
                        return false;
                    }
                }
            }
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
