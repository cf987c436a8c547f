package dev.countersign.vision;

import dev.countersign.core.Rect;
import java.awt.image.BufferedImage;
import java.util.List;
import java.util.Objects;

/**
 * Set-of-Mark rendering: numbers an observation's actionable nodes and burns outlines and numbers
 * into the attachment image, so a model can answer "click 12" and 12 maps back to a ref.
 */
public final class SetOfMark {
    private SetOfMark() {
    }

    /**
     * Draws marks onto {@code attachment} (an image already at the geometry's attachment size,
     * modified in place) and says which candidates got which number and which were left out.
     */
    public static MarkedImage render(BufferedImage attachment, Geometry geometry, List<MarkCandidate> candidates,
                                     MarkOptions options) {
        Objects.requireNonNull(attachment, "attachment");
        if (attachment.getWidth() != geometry.attachmentWidth() || attachment.getHeight() != geometry.attachmentHeight()) {
            throw new IllegalArgumentException("the image is " + attachment.getWidth() + "x" + attachment.getHeight()
                    + " but the geometry's attachment is " + geometry.attachmentWidth() + "x" + geometry.attachmentHeight());
        }
        MarkPlan plan = MarkPlan.of(candidates, geometry, options.maxMarks());
        MarkPainter.paint(attachment, plan.marks(), options.highlight().orElse(null));
        return new MarkedImage(attachment, geometry, plan.marks(), plan.omitted());
    }

    /** The attachment box of the mark with {@code number}, for tests and the approval dialog. */
    static Rect boxOf(List<Mark> marks, int number) {
        return marks.stream().filter(m -> m.mark() == number).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no mark " + number)).rect();
    }
}
