package dev.countersign.driver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.vision.Png;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/** The question's marked capture is kept small. */
class ActPicturesTest {
    @Test
    void aWholeScreenQuestionPictureIsKeptAtMost480By300() throws Exception {
        byte[] big = Png.encode(new BufferedImage(1600, 1000, BufferedImage.TYPE_INT_RGB));

        BufferedImage kept = ImageIO.read(new ByteArrayInputStream(ActPictures.question(big)));

        assertThat(kept.getWidth()).isEqualTo(480);
        assertThat(kept.getHeight()).isEqualTo(300);
    }

    @Test
    void bytesThatAreNotAPictureAreNotKept() {
        assertThat(ActPictures.question("not a png".getBytes(java.nio.charset.StandardCharsets.UTF_8))).isNull();
    }
}
