package dev.countersign.audit;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;

/**
 * Splits a byte stream into newline-terminated lines, counting them from 1, and says whether the
 * last one had its newline. Lines longer than {@link RecordCodec#MAX_RECORD_BYTES} keep only their
 * length, so a damaged file cannot exhaust memory.
 */
final class LineReader implements Closeable {
    private final InputStream in;
    private final byte[] buffer = new byte[64 * 1024];
    private int position;
    private int limit;
    private long lineNumber;

    LineReader(InputStream in) {
        this.in = in;
    }

    /** One line without its newline; {@code content} is empty when the line was too long to keep. */
    record Line(long number, byte[] content, long length, boolean terminated) {
        boolean tooLong() {
            return length > RecordCodec.MAX_RECORD_BYTES;
        }
    }

    /** The next line, or null at the end of the stream. */
    Line next() throws IOException {
        ByteArrayOutputStream content = new ByteArrayOutputStream(256);
        long length = 0;
        while (true) {
            if (position == limit) {
                limit = in.read(buffer);
                position = 0;
                if (limit <= 0) {
                    limit = 0;
                    if (length == 0) {
                        return null;
                    }
                    return line(content, length, false);
                }
            }
            int start = position;
            while (position < limit && buffer[position] != '\n') {
                position++;
            }
            int count = position - start;
            if (length + count <= RecordCodec.MAX_RECORD_BYTES) {
                content.write(buffer, start, count);
            }
            length += count;
            if (position < limit) {
                position++; // the newline
                return line(content, length, true);
            }
        }
    }

    private Line line(ByteArrayOutputStream content, long length, boolean terminated) {
        lineNumber++;
        byte[] bytes = length > RecordCodec.MAX_RECORD_BYTES ? new byte[0] : content.toByteArray();
        return new Line(lineNumber, bytes, length, terminated);
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
