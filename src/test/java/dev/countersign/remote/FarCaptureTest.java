package dev.countersign.remote;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.vision.Png;
import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/** What the far side sends as its marked capture is shown only when it is a PNG within the size limit. */
class FarCaptureTest {
    @Test
    void aPngInBase64IsKept() {
        byte[] png = Png.encode(new BufferedImage(40, 20, BufferedImage.TYPE_INT_RGB));
        assertThat(ComputerUseMcpRuntime.capture(Base64.getEncoder().encodeToString(png))).isEqualTo(png);
    }

    @Test
    void anythingElseIsNoCapture() {
        assertThat(ComputerUseMcpRuntime.capture(null)).isNull();
        assertThat(ComputerUseMcpRuntime.capture(42)).isNull();
        assertThat(ComputerUseMcpRuntime.capture("not base64 !")).isNull();
        assertThat(ComputerUseMcpRuntime.capture(Base64.getEncoder().encodeToString(
                "<svg onload=alert(1)>".getBytes(StandardCharsets.UTF_8)))).isNull();
        assertThat(ComputerUseMcpRuntime.capture("A".repeat(ComputerUseMcpRuntime.CAPTURE_MAX_BYTES / 3 * 4 + 8)))
                .isNull();
    }
}
