package dev.countersign.vision;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * A small PNG writer: 8-bit RGB, one fixed scanline filter, {@link Deflater} at a chosen level and
 * strategy. It exists because the JDK's ImageIO writer spends most of its time in adaptive
 * filtering and a high default level (ADR 0004); attachments are opaque, so alpha is dropped.
 */
final class DeflatePngEncoder {
    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    private static final int BYTES_PER_PIXEL = 3;
    /** Filtered rows are handed to zlib in blocks of about this size: fewer JNI crossings. */
    private static final int INPUT_BLOCK = 128 * 1024;
    /** IDAT chunks are cut at this size; any size is valid PNG, this keeps decoders' buffers modest. */
    private static final int IDAT_MAX = 256 * 1024;

    private final int level;
    private final int strategy;
    private final ScanlineFilter filter;

    DeflatePngEncoder(int level, int strategy, ScanlineFilter filter) {
        if (level < 0 || level > 9) {
            throw new IllegalArgumentException("deflate level is 0..9, got " + level);
        }
        this.level = level;
        this.strategy = strategy;
        this.filter = filter;
    }

    byte[] encode(BufferedImage image) {
        int width = image.getWidth();
        int height = image.getHeight();
        ByteArrayOutputStream out = new ByteArrayOutputStream(width * height / 3 + 1024);
        out.writeBytes(SIGNATURE);
        writeChunk(out, "IHDR", header(width, height), 13);
        IdatWriter idat = new IdatWriter(out);
        Deflater deflater = new Deflater(level);
        deflater.setStrategy(strategy);
        try {
            compressRows(image, deflater, idat);
        } finally {
            deflater.end();
        }
        idat.flush();
        writeChunk(out, "IEND", new byte[0], 0);
        return out.toByteArray();
    }

    private void compressRows(BufferedImage image, Deflater deflater, IdatWriter idat) {
        int width = image.getWidth();
        int height = image.getHeight();
        int stride = 1 + width * BYTES_PER_PIXEL;
        int rowsPerBlock = Math.max(1, INPUT_BLOCK / stride);
        byte[] block = new byte[rowsPerBlock * stride];
        byte[] previous = new byte[width * BYTES_PER_PIXEL];
        byte[] current = new byte[width * BYTES_PER_PIXEL];
        int[] pixels = new int[width];
        byte[] zout = new byte[64 * 1024];
        int filled = 0;
        for (int y = 0; y < height; y++) {
            Pixels.readRow(image, y, pixels);
            toRgb(pixels, current);
            block[filled] = (byte) filter.type();
            filter.apply(current, previous, block, filled + 1, BYTES_PER_PIXEL);
            filled += stride;
            if (filled == block.length || y == height - 1) {
                deflater.setInput(block, 0, filled);
                while (!deflater.needsInput()) {
                    idat.write(zout, deflater.deflate(zout));
                }
                filled = 0;
            }
            byte[] swap = previous;
            previous = current;
            current = swap;
        }
        deflater.finish();
        while (!deflater.finished()) {
            idat.write(zout, deflater.deflate(zout));
        }
    }

    private static void toRgb(int[] pixels, byte[] rgb) {
        for (int i = 0, j = 0; i < pixels.length; i++, j += 3) {
            int p = pixels[i];
            rgb[j] = (byte) (p >>> 16);
            rgb[j + 1] = (byte) (p >>> 8);
            rgb[j + 2] = (byte) p;
        }
    }

    private static byte[] header(int width, int height) {
        byte[] h = new byte[13];
        putInt(h, 0, width);
        putInt(h, 4, height);
        h[8] = 8;  // bit depth
        h[9] = 2;  // colour type: truecolour RGB
        h[10] = 0; // compression: deflate
        h[11] = 0; // filter method 0 (per-row filter types)
        h[12] = 0; // no interlace
        return h;
    }

    static void writeChunk(ByteArrayOutputStream out, String type, byte[] data, int length) {
        byte[] typeBytes = type.getBytes(StandardCharsets.US_ASCII);
        byte[] len = new byte[4];
        putInt(len, 0, length);
        out.writeBytes(len);
        out.writeBytes(typeBytes);
        out.write(data, 0, length);
        CRC32 crc = new CRC32();
        crc.update(typeBytes);
        crc.update(data, 0, length);
        byte[] c = new byte[4];
        putInt(c, 0, (int) crc.getValue());
        out.writeBytes(c);
    }

    private static void putInt(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 24);
        b[at + 1] = (byte) (v >>> 16);
        b[at + 2] = (byte) (v >>> 8);
        b[at + 3] = (byte) v;
    }

    /** Collects zlib output and cuts it into IDAT chunks. */
    private static final class IdatWriter {
        private final ByteArrayOutputStream out;
        private final byte[] buffer = new byte[IDAT_MAX];
        private int size;

        IdatWriter(ByteArrayOutputStream out) {
            this.out = out;
        }

        void write(byte[] data, int length) {
            int offset = 0;
            while (offset < length) {
                int n = Math.min(length - offset, buffer.length - size);
                System.arraycopy(data, offset, buffer, size, n);
                size += n;
                offset += n;
                if (size == buffer.length) {
                    flush();
                }
            }
        }

        void flush() {
            if (size > 0) {
                writeChunk(out, "IDAT", buffer, size);
                size = 0;
            }
        }
    }
}
