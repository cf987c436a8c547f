package dev.countersign.driver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.vision.Png;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * Pictures another machine sends for its acts ({@link ActPictures#received}) are kept only as
 * small PNGs re-encoded here: a far side cannot fill this machine's memory or picture cap.
 */
class ReceivedPicturesTest {

    @Test
    void aLargePictureIsScaledDownToTheTimelinesSize() throws Exception {
        byte[] kept = ActPictures.received(Png.encode(new BufferedImage(600, 400, BufferedImage.TYPE_INT_RGB)));

        BufferedImage image = ImageIO.read(new ByteArrayInputStream(kept));
        assertThat(image.getWidth()).isLessThanOrEqualTo(ActPictures.MAX_WIDTH);
        assertThat(image.getHeight()).isLessThanOrEqualTo(ActPictures.MAX_HEIGHT);
    }

    @Test
    void aPictureWhoseHeaderClaimsAHugeSizeIsRefusedBeforeDecoding() {
        byte[] huge = Png.encode(new BufferedImage(ActPictures.RECEIVED_MAX_SIDE + 1, 2, BufferedImage.TYPE_INT_RGB));

        assertThat(ActPictures.received(huge)).isNull();
    }

    @Test
    void bytesThatAreNoPngAreRefused() {
        assertThat(ActPictures.received(new byte[] {(byte) 0x89, 'P', 'N', 'G', 1, 2, 3})).isNull();
        assertThat(ActPictures.received(null)).isNull();
    }
}
