package dev.countersign.audit;

import java.io.IOException;
import java.io.RandomAccessFile;

/**
 * The end of an audit log read backwards: its last complete line and any torn bytes after it, so
 * that opening a large log costs one record's worth of reading, not the whole file.
 */
final class LogTail {
    private static final int CHUNK = 8 * 1024;

    /** {@code lastLine} is null when no complete line exists; it ends at {@code completeEnd} (newline included). */
    record Tail(byte[] lastLine, long completeEnd, byte[] torn) {
        boolean isTorn() {
            return torn.length > 0;
        }
    }

    private LogTail() {
    }

    static Tail read(RandomAccessFile file) throws IOException, RecordCodec.MalformedRecord {
        long size = file.length();
        long window = RecordCodec.MAX_RECORD_BYTES + 1L;
        long newline = lastNewline(file, size, Math.max(0, size - window));
        if (newline < 0 && size > window) {
            throw new RecordCodec.MalformedRecord("the log ends in " + window + "+ bytes without a newline, "
                    + "more than any record; this is not a torn write");
        }
        long completeEnd = newline + 1;
        byte[] torn = bytes(file, completeEnd, size);
        if (newline < 0) {
            return new Tail(null, 0, torn);
        }
        long previous = lastNewline(file, newline, Math.max(0, newline - window));
        if (previous < 0 && newline > window) {
            throw new RecordCodec.MalformedRecord("the last line is longer than any record");
        }
        return new Tail(bytes(file, previous + 1, newline), completeEnd, torn);
    }

    /** The offset of the last '\n' in {@code [floor, end)}, or -1. */
    private static long lastNewline(RandomAccessFile file, long end, long floor) throws IOException {
        byte[] chunk = new byte[CHUNK];
        long to = end;
        while (to > floor) {
            int n = (int) Math.min(CHUNK, to - floor);
            long from = to - n;
            file.seek(from);
            file.readFully(chunk, 0, n);
            for (int i = n - 1; i >= 0; i--) {
                if (chunk[i] == '\n') {
                    return from + i;
                }
            }
            to = from;
        }
        return -1;
    }

    private static byte[] bytes(RandomAccessFile file, long from, long to) throws IOException {
        byte[] out = new byte[(int) (to - from)];
        file.seek(from);
        file.readFully(out);
        return out;
    }
}
