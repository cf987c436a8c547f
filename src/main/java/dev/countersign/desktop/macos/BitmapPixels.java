package dev.countersign.desktop.macos;

/**
 * Turns a CGImage's raw bytes into the SPI's opaque ARGB ints. CoreGraphics pads rows
 * ({@code bytesPerRow} is often larger than {@code width * 4}) and window images are usually
 * 32-bit little-endian premultiplied-first (BGRA in memory), but the bitmap info says which, so it
 * is honoured rather than assumed. Alpha is dropped: the SPI's pixels are what the person sees.
 */
final class BitmapPixels {
    /** {@code kCGBitmapByteOrderMask} and the two 32-bit orders of {@code CGImage.h}. */
    static final int BYTE_ORDER_MASK = 0x7000;
    static final int BYTE_ORDER_32_LITTLE = 2 << 12;
    static final int BYTE_ORDER_32_BIG = 4 << 12;
    /** {@code kCGBitmapAlphaInfoMask} and the alpha positions. */
    static final int ALPHA_INFO_MASK = 0x1F;
    static final int ALPHA_PREMULTIPLIED_LAST = 1;
    static final int ALPHA_PREMULTIPLIED_FIRST = 2;
    static final int ALPHA_LAST = 3;
    static final int ALPHA_FIRST = 4;
    static final int ALPHA_NONE_SKIP_LAST = 5;
    static final int ALPHA_NONE_SKIP_FIRST = 6;

    private BitmapPixels() {
    }

    /**
     * Opaque ARGB pixels from 8-bit, 4-bytes-per-pixel data; throws IllegalArgumentException for
     * any other layout or a buffer too short for {@code height} rows of {@code bytesPerRow}.
     */
    static int[] argb(byte[] data, int width, int height, int bytesPerRow, int bitsPerPixel, int bitmapInfo) {
        if (bitsPerPixel != 32) {
            throw new IllegalArgumentException("only 32-bit pixels are read, got " + bitsPerPixel);
        }
        if (bytesPerRow < width * 4 || (long) bytesPerRow * (height - 1) + width * 4L > data.length) {
            throw new IllegalArgumentException("image data too short: " + data.length + " bytes for " + width + "x"
                    + height + " at " + bytesPerRow + " bytes per row");
        }
        int alpha = bitmapInfo & ALPHA_INFO_MASK;
        boolean alphaFirst = alpha == ALPHA_PREMULTIPLIED_FIRST || alpha == ALPHA_FIRST || alpha == ALPHA_NONE_SKIP_FIRST;
        boolean little = (bitmapInfo & BYTE_ORDER_MASK) == BYTE_ORDER_32_LITTLE;
        // Byte offsets of R, G, B within one pixel, for the four layouts a 32-bit image can have.
        int r;
        int g;
        int b;
        if (little) {
            // The 32-bit word is ARGB (alpha first) or RGBA, stored least significant byte first.
            r = alphaFirst ? 2 : 3;
            g = alphaFirst ? 1 : 2;
            b = alphaFirst ? 0 : 1;
        } else {
            r = alphaFirst ? 1 : 0;
            g = alphaFirst ? 2 : 1;
            b = alphaFirst ? 3 : 2;
        }
        int[] out = new int[width * height];
        for (int y = 0; y < height; y++) {
            int row = y * bytesPerRow;
            for (int x = 0; x < width; x++) {
                int p = row + x * 4;
                out[y * width + x] = 0xFF000000 | (data[p + r] & 0xFF) << 16 | (data[p + g] & 0xFF) << 8
                        | (data[p + b] & 0xFF);
            }
        }
        return out;
    }
}
