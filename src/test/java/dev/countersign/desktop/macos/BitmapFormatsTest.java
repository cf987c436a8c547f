package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The pixel formats beyond 8-bit BGRA that a Mac's window images come in: the format bits are honoured. */
class BitmapFormatsTest {

    @Test
    void tenBitPackedComponentsKeepTheirTopEightBits() {
        // One pixel, 32-bit little endian word xx RRRRRRRRRR GGGGGGGGGG BBBBBBBBBB.
        int word = 0x3FF << 20 | 0x200 << 10 | 0x004;
        byte[] data = {(byte) word, (byte) (word >> 8), (byte) (word >> 16), (byte) (word >> 24)};
        int info = BitmapPixels.PIXEL_FORMAT_RGB101010 | BitmapPixels.BYTE_ORDER_32_LITTLE
                | BitmapPixels.ALPHA_NONE_SKIP_FIRST;
        assertThat(BitmapPixels.argb(data, 1, 1, 4, 32, info)).containsExactly(0xFFFF8001);
    }

    @Test
    void sixtyFourBitIntegerPixelsAreReadSixteenBitsAComponent() {
        // RGBA, 16-bit little endian components: R 0xFFFF, G 0x8000, B 0x0100, A 0xFFFF.
        byte[] data = {(byte) 0xFF, (byte) 0xFF, 0x00, (byte) 0x80, 0x00, 0x01, (byte) 0xFF, (byte) 0xFF};
        int info = BitmapPixels.BYTE_ORDER_16_LITTLE | BitmapPixels.ALPHA_PREMULTIPLIED_LAST;
        assertThat(BitmapPixels.argb(data, 1, 1, 8, 64, info)).containsExactly(0xFFFF8001);
    }

    @Test
    void sixtyFourBitHalfFloatPixelsAreClampedToTheVisibleRange() {
        // ARGB half floats, little endian: A 1.0, R 2.0 (extended range, clamped), G 0.5, B 0.0.
        byte[] data = {0x00, 0x3C, 0x00, 0x40, 0x00, 0x38, 0x00, 0x00};
        int info = BitmapPixels.BYTE_ORDER_16_LITTLE | BitmapPixels.FLOAT_COMPONENTS | BitmapPixels.ALPHA_PREMULTIPLIED_FIRST;
        assertThat(BitmapPixels.argb(data, 1, 1, 8, 64, info)).containsExactly(0xFFFF8000);
    }

    @Test
    void aPixelFormatItCannotReadIsRefusedNotMisread() {
        byte[] data = new byte[2];
        assertThatThrownBy(() -> BitmapPixels.argb(data, 1, 1, 2, 16, 1 << 16))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unsupported pixel layout");
        assertThatThrownBy(() -> BitmapPixels.argb(new byte[4], 1, 1, 4, 32, 2 << 16))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
