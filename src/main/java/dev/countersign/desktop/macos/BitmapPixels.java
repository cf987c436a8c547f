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

    /** {@code kCGBitmapByteOrder16Little/16Big}, for 16-bit components (64-bit pixels). */
    static final int BYTE_ORDER_16_LITTLE = 1 << 12;
    static final int BYTE_ORDER_16_BIG = 3 << 12;
    /** {@code kCGBitmapFloatComponents}: components are (half) floats. */
    static final int FLOAT_COMPONENTS = 1 << 8;
    /** {@code kCGImagePixelFormatMask} and the packed 10-bit format of {@code CGImage.h}. */
    static final int PIXEL_FORMAT_MASK = 0xF0000;
    static final int PIXEL_FORMAT_PACKED = 0;
    static final int PIXEL_FORMAT_RGB101010 = 3 << 16;

    /**
     * Opaque ARGB pixels. Reads 8-bit components in 32-bit pixels, 10-bit components packed in
     * 32-bit pixels ({@code kCGImagePixelFormatRGB101010}, what wide-gamut displays give) and
     * 16-bit integer or half-float components in 64-bit pixels; throws IllegalArgumentException for
     * any other layout or for a buffer too short for {@code height} rows of {@code bytesPerRow}.
     */
    static int[] argb(byte[] data, int width, int height, int bytesPerRow, int bitsPerPixel, int bitmapInfo) {
        int format = bitmapInfo & PIXEL_FORMAT_MASK;
        int bytesPerPixel = bitsPerPixel / 8;
        if (!(bitsPerPixel == 32 && (format == PIXEL_FORMAT_PACKED || format == PIXEL_FORMAT_RGB101010))
                && !(bitsPerPixel == 64 && format == PIXEL_FORMAT_PACKED)) {
            throw new IllegalArgumentException("unsupported pixel layout: " + bitsPerPixel + " bits per pixel, format 0x"
                    + Integer.toHexString(format));
        }
        if (width <= 0 || height <= 0 || bytesPerRow < width * bytesPerPixel
                || (long) bytesPerRow * (height - 1) + (long) width * bytesPerPixel > data.length) {
            throw new IllegalArgumentException("image data too short: " + data.length + " bytes for " + width + "x"
                    + height + " at " + bytesPerRow + " bytes per row");
        }
        if (bitsPerPixel == 64) {
            return wide(data, width, height, bytesPerRow, bitmapInfo);
        }
        if (format == PIXEL_FORMAT_RGB101010) {
            return packed10(data, width, height, bytesPerRow, bitmapInfo);
        }
        return eightBit(data, width, height, bytesPerRow, bitmapInfo);
    }

    private static boolean alphaFirst(int bitmapInfo) {
        int alpha = bitmapInfo & ALPHA_INFO_MASK;
        return alpha == ALPHA_PREMULTIPLIED_FIRST || alpha == ALPHA_FIRST || alpha == ALPHA_NONE_SKIP_FIRST;
    }

    private static int[] eightBit(byte[] data, int width, int height, int bytesPerRow, int bitmapInfo) {
        boolean alphaFirst = alphaFirst(bitmapInfo);
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

    /** 2-10-10-10 in one 32-bit word (the two top bits unused): each component's top 8 bits. */
    private static int[] packed10(byte[] data, int width, int height, int bytesPerRow, int bitmapInfo) {
        boolean little = (bitmapInfo & BYTE_ORDER_MASK) == BYTE_ORDER_32_LITTLE;
        int[] out = new int[width * height];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int p = y * bytesPerRow + x * 4;
                int w = little
                        ? (data[p] & 0xFF) | (data[p + 1] & 0xFF) << 8 | (data[p + 2] & 0xFF) << 16 | (data[p + 3] & 0xFF) << 24
                        : (data[p + 3] & 0xFF) | (data[p + 2] & 0xFF) << 8 | (data[p + 1] & 0xFF) << 16 | (data[p] & 0xFF) << 24;
                int r = (w >>> 20 & 0x3FF) >> 2;
                int g = (w >>> 10 & 0x3FF) >> 2;
                int b = (w & 0x3FF) >> 2;
                out[y * width + x] = 0xFF000000 | r << 16 | g << 8 | b;
            }
        }
        return out;
    }

    /** Four 16-bit components (integers, or half floats with kCGBitmapFloatComponents) per pixel. */
    private static int[] wide(byte[] data, int width, int height, int bytesPerRow, int bitmapInfo) {
        boolean little = (bitmapInfo & BYTE_ORDER_MASK) == BYTE_ORDER_16_LITTLE;
        boolean floats = (bitmapInfo & FLOAT_COMPONENTS) != 0;
        int first = alphaFirst(bitmapInfo) ? 1 : 0;
        int[] out = new int[width * height];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int p = y * bytesPerRow + x * 8;
                int rgb = 0xFF000000;
                for (int c = 0; c < 3; c++) {
                    int o = p + (first + c) * 2;
                    int v = little ? (data[o] & 0xFF) | (data[o + 1] & 0xFF) << 8 : (data[o] & 0xFF) << 8 | (data[o + 1] & 0xFF);
                    int eight = floats ? (int) Math.round(Math.max(0, Math.min(1, halfToFloat(v))) * 255) : v >> 8;
                    rgb |= eight << (16 - 8 * c);
                }
                out[y * width + x] = rgb;
            }
        }
        return out;
    }

    /** IEEE 754 binary16 to float (Java 17 has no Float.float16ToFloat). */
    static float halfToFloat(int h) {
        int sign = (h >> 15) & 1;
        int exp = (h >> 10) & 0x1F;
        int mantissa = h & 0x3FF;
        float v;
        if (exp == 0) {
            v = mantissa / 1024f * (float) Math.pow(2, -14);
        } else if (exp == 31) {
            v = mantissa == 0 ? Float.POSITIVE_INFINITY : Float.NaN;
        } else {
            v = (1 + mantissa / 1024f) * (float) Math.pow(2, exp - 15);
        }
        return sign == 1 ? -v : v;
    }
}
