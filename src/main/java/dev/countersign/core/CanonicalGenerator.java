package dev.countersign.core;

import com.fasterxml.jackson.core.Base64Variant;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.ObjectCodec;
import com.fasterxml.jackson.core.Version;
import com.fasterxml.jackson.core.base.GeneratorBase;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;

/**
 * A Jackson generator that writes RFC 8785 text as the value is serialized, for values whose
 * members arrive already in canonical order (a mapper that sorts properties and map keys) and
 * that hold only strings, booleans, nulls and integers JCS prints as they are. Anything else — a
 * member out of order, a fraction, an integer beyond 2^53, raw or binary content — stops it with
 * {@link NotCanonical}, and {@link Digests} takes the general path through a tree instead.
 */
final class CanonicalGenerator extends GeneratorBase {
    /** Integers up to this magnitude print the same as the double JCS reads them as. */
    private static final long EXACT = 1L << 53;

    /** The value cannot be written canonically in one pass. */
    static final class NotCanonical extends IOException {
        private static final long serialVersionUID = 1L;

        NotCanonical(String why) {
            super(why, null);
        }
    }

    private final StringBuilder out = new StringBuilder(4096);
    /** Per open container: how many members or elements it has so far. */
    private int[] counts = new int[16];
    /** Per open object: its last member name (null before the first). */
    private String[] lastNames = new String[16];
    private int depth;

    CanonicalGenerator(ObjectCodec codec) {
        super(0, codec);
    }

    String text() {
        return out.toString();
    }

    @Override
    public void writeStartObject() throws IOException {
        beforeValue();
        _writeContext = _writeContext.createChildObjectContext();
        open();
        out.append('{');
    }

    @Override
    public void writeEndObject() {
        _writeContext = _writeContext.clearAndGetParent();
        depth--;
        out.append('}');
    }

    @Override
    public void writeStartArray() throws IOException {
        beforeValue();
        _writeContext = _writeContext.createChildArrayContext();
        open();
        out.append('[');
    }

    @Override
    public void writeEndArray() {
        _writeContext = _writeContext.clearAndGetParent();
        depth--;
        out.append(']');
    }

    @Override
    public void writeFieldName(String name) throws IOException {
        String last = lastNames[depth - 1];
        if (last != null && last.compareTo(name) >= 0) {
            throw new NotCanonical("member " + name + " after " + last);
        }
        _writeContext.writeFieldName(name);
        lastNames[depth - 1] = name;
        if (counts[depth - 1]++ > 0) {
            out.append(',');
        }
        Digests.appendString(name, out);
        out.append(':');
    }

    @Override
    public void writeString(String text) throws IOException {
        if (text == null) {
            writeNull();
            return;
        }
        beforeValue();
        Digests.appendString(text, out);
    }

    @Override
    public void writeString(char[] text, int offset, int len) throws IOException {
        writeString(new String(text, offset, len));
    }

    @Override
    public void writeNumber(int v) throws IOException {
        beforeValue();
        out.append(v);
    }

    @Override
    public void writeNumber(long v) throws IOException {
        if (v < -EXACT || v > EXACT) {  // not Math.abs: it leaves Long.MIN_VALUE negative
            throw new NotCanonical("an integer beyond 2^53");
        }
        beforeValue();
        out.append(v);
    }

    @Override
    public void writeBoolean(boolean state) throws IOException {
        beforeValue();
        out.append(state);
    }

    @Override
    public void writeNull() throws IOException {
        beforeValue();
        out.append("null");
    }

    @Override
    public void writeNumber(BigInteger v) throws IOException {
        throw new NotCanonical("a big integer");
    }

    @Override
    public void writeNumber(double v) throws IOException {
        throw new NotCanonical("a double");
    }

    @Override
    public void writeNumber(float v) throws IOException {
        throw new NotCanonical("a float");
    }

    @Override
    public void writeNumber(BigDecimal v) throws IOException {
        throw new NotCanonical("a decimal");
    }

    @Override
    public void writeNumber(String encodedValue) throws IOException {
        throw new NotCanonical("a number as text");
    }

    @Override
    public void writeRawUTF8String(byte[] text, int offset, int length) throws IOException {
        throw new NotCanonical("raw UTF-8");
    }

    @Override
    public void writeUTF8String(byte[] text, int offset, int length) throws IOException {
        throw new NotCanonical("UTF-8 bytes");
    }

    @Override
    public void writeRaw(String text) throws IOException {
        throw new NotCanonical("raw text");
    }

    @Override
    public void writeRaw(String text, int offset, int len) throws IOException {
        throw new NotCanonical("raw text");
    }

    @Override
    public void writeRaw(char[] text, int offset, int len) throws IOException {
        throw new NotCanonical("raw text");
    }

    @Override
    public void writeRaw(char c) throws IOException {
        throw new NotCanonical("raw text");
    }

    @Override
    public void writeBinary(Base64Variant variant, byte[] data, int offset, int len) throws IOException {
        throw new NotCanonical("binary");
    }

    @Override
    public int writeBinary(Base64Variant variant, InputStream data, int dataLength) throws IOException {
        throw new NotCanonical("binary");
    }

    @Override
    public void flush() {
        // Everything is in memory already.
    }

    @Override
    protected void _releaseBuffers() {
        // No pooled buffers.
    }

    @Override
    protected void _verifyValueWrite(String typeMsg) throws IOException {
        throw new NotCanonical(typeMsg);
    }

    @Override
    public Version version() {
        return Version.unknownVersion();
    }

    @Override
    public JsonGenerator useDefaultPrettyPrinter() {
        return this;
    }

    /** The comma before an array's second and later elements; members get theirs with the name. */
    private void beforeValue() {
        if (_writeContext.inArray() && counts[depth - 1]++ > 0) {
            out.append(',');
        }
    }

    private void open() {
        if (depth == counts.length) {
            counts = Arrays.copyOf(counts, depth * 2);
            lastNames = Arrays.copyOf(lastNames, depth * 2);
        }
        counts[depth] = 0;
        lastNames[depth] = null;
        depth++;
    }
}
