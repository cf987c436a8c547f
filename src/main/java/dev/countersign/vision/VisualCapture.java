package dev.countersign.vision;

import dev.countersign.core.Rect;
import java.awt.image.BufferedImage;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The whole pure part of {@code computer_visual_observe} in one call: check the pixels, downscale
 * to the attachment, burn the marks, encode the PNG and hash it.
 */
public final class VisualCapture {
    private VisualCapture() {
    }

    /** The result of a visual capture: the delivered attachment, or the rejection. */
    public sealed interface Result permits Delivered, Refused {
    }

    /**
     * A delivered attachment: the PNG and its {@code capture_sha256}, the geometry to store
     * against that hash, the marks and omissions, the pixel warning (if any), and the annotated
     * image itself for the approval dialog.
     */
    public record Delivered(EncodedPng png, Geometry geometry, List<Mark> marks, List<Omission> omitted,
                            String classification, BufferedImage image) implements Result {
        public Delivered {
            Objects.requireNonNull(png, "png");
            Objects.requireNonNull(geometry, "geometry");
            marks = List.copyOf(marks);
            omitted = List.copyOf(omitted);
        }

        public String captureSha256() {
            return png.sha256();
        }

        public Optional<String> warning() {
            return Optional.ofNullable(classification);
        }
    }

    /** A capture the pixel check refused; {@code verdict.error()} is the CAPTURE_REJECTED to return. */
    public record Refused(CaptureVerdict.Rejected verdict) implements Result {
        public Refused {
            Objects.requireNonNull(verdict, "verdict");
        }
    }

    /**
     * Runs the pipeline on a capture of the window whose frame (screen coordinates) is
     * {@code window}; candidates' frames are in the same screen coordinates.
     */
    public static Result process(BufferedImage capture, Rect window, List<MarkCandidate> candidates, MarkOptions options) {
        CaptureVerdict verdict = CaptureCheck.classify(capture);
        if (verdict instanceof CaptureVerdict.Rejected rejected) {
            return new Refused(rejected);
        }
        Geometry geometry = Geometry.forCapture(window, capture.getWidth(), capture.getHeight());
        BufferedImage attachment = Downscaler.toAttachment(capture, geometry);
        MarkedImage marked = SetOfMark.render(attachment, geometry, candidates, options);
        EncodedPng png = Png.encodeAndHash(attachment);
        return new Delivered(png, geometry, marked.marks(), marked.omitted(),
                ((CaptureVerdict.Accepted) verdict).classification(), attachment);
    }
}
