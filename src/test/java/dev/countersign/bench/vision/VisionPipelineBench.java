package dev.countersign.bench.vision;

import dev.countersign.core.Rect;
import dev.countersign.vision.CaptureCheck;
import dev.countersign.vision.MarkOptions;
import dev.countersign.vision.VisualCapture;
import java.awt.image.BufferedImage;
import java.util.Locale;

/**
 * Times the vision part of {@code computer_visual_observe} for a 1600×1000 window with 80 marks:
 * pixel check, downscale, marks, PNG encode and SHA-256 (capture itself is measured with the
 * desktop backends). Prints a Markdown table; the target is a median of at most 120 ms including
 * capture on two cores.
 */
public final class VisionPipelineBench {
    private VisionPipelineBench() {
    }

    public static void main(String[] args) {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        SyntheticWindow window = SyntheticWindow.create(1600, 1000, 80, 100, 42);
        Rect frame = new Rect(100, 100, 1600, 1000);
        Timing check = Timing.of(10, runs, () -> CaptureCheck.classify(window.image()));
        Timing all = Timing.of(10, runs, () ->
                VisualCapture.process(window.image(), frame, window.candidates(), MarkOptions.defaults()));
        VisualCapture.Delivered d = (VisualCapture.Delivered) VisualCapture.process(window.image(), frame,
                window.candidates(), MarkOptions.defaults());
        System.out.printf(Locale.ROOT, "Vision pipeline, 1600x1000 window -> %dx%d attachment, %d marks, %d cores, %d runs after warm-up, JDK %s%n%n",
                d.geometry().attachmentWidth(), d.geometry().attachmentHeight(), d.marks().size(),
                Runtime.getRuntime().availableProcessors(), runs, System.getProperty("java.version"));
        System.out.println("| step | median ms | p90 ms | min ms |");
        System.out.println("|---|---:|---:|---:|");
        row("pixel check", check);
        row("check + downscale + marks + PNG + SHA-256", all);
        System.out.printf(Locale.ROOT, "%nPNG size: %d KiB, capture_sha256 %s%n", d.png().size() / 1024, d.captureSha256());
    }

    private static void row(String name, Timing t) {
        System.out.printf(Locale.ROOT, "| %s | %.1f | %.1f | %.1f |%n", name, t.medianMs(), t.p90Ms(), t.minMs());
    }
}
