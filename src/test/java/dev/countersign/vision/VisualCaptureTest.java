package dev.countersign.vision;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.core.ErrorCode;
import dev.countersign.core.Rect;
import java.awt.image.BufferedImage;
import java.util.List;
import org.junit.jupiter.api.Test;

class VisualCaptureTest {
    @Test
    void blackCaptureIsRefusedWithCaptureRejected() {
        BufferedImage black = new BufferedImage(300, 200, BufferedImage.TYPE_INT_RGB);
        VisualCapture.Result r = VisualCapture.process(black, new Rect(0, 0, 300, 200), List.of(), MarkOptions.defaults());
        assertThat(r).isInstanceOf(VisualCapture.Refused.class);
        assertThat(((VisualCapture.Refused) r).verdict().error().code()).isEqualTo(ErrorCode.CAPTURE_REJECTED);
    }

    @Test
    void deliveredAttachmentCarriesGeometryMarksAndTheHashOfItsBytes() {
        VisualCapture.Result r = VisualCapture.process(Scenes.halfAndHalf(), Scenes.WINDOW, Scenes.controls(),
                MarkOptions.maxMarks(3));
        VisualCapture.Delivered d = (VisualCapture.Delivered) r;
        assertThat(d.captureSha256()).isEqualTo(dev.countersign.core.Digests.sha256Hex(d.png().bytes()));
        assertThat(d.geometry().attachmentWidth()).isEqualTo(480);
        assertThat(d.marks()).hasSize(3);
        assertThat(d.omitted()).extracting(Omission::reason).contains("static-label", "mark-budget-exceeded");
        Mark first = d.marks().get(0);
        var click = d.geometry().toScreen(first.rect().centerX(), first.rect().centerY());
        Rect frame = Scenes.controls().get(first.sourceIndex()).frame();
        assertThat(frame.contains(click.x(), click.y())).isTrue();
    }
}
