package dev.countersign.desktop.linux;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.messages.Message;
import org.freedesktop.dbus.messages.MessageFactory;
import org.freedesktop.dbus.messages.constants.Endian;
import org.freedesktop.dbus.spi.message.IMessageReader;
import org.freedesktop.dbus.spi.message.IMessageWriter;
import org.freedesktop.dbus.spi.message.ISocketProvider;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The socket reader and writer of every dbus-java connection in this process, registered through
 * dbus-java's {@code ISocketProvider} service interface.
 *
 * <p>Why: dbus-java 5.2.2's built-in reader asks the socket for each message in four
 * {@code read(2)} calls (fixed header, header length, header fields, body), and its writer issues
 * one {@code write(2)} per marshalled piece of a message (about thirty for one AT-SPI call). A
 * 148-element observation receives some four hundred replies, and profiling the served app found
 * those read calls alone to be nearly a quarter of its CPU per observation. Here the reader fills a
 * buffer with whatever the socket has ready — during a pipelined walk, dozens of replies at once —
 * and cuts messages out of it, and the writer sends each message with one write. Messages are
 * still parsed and built by dbus-java ({@link MessageFactory#createMessage}); only the bytes'
 * path changes. No file descriptors are passed, as with the built-in implementation on the JDK's
 * Unix sockets.
 */
public final class BufferedSockets implements ISocketProvider {
    private static final Logger LOG = LoggerFactory.getLogger(BufferedSockets.class);
    /** The D-Bus specification's largest message: 128 MiB. */
    static final int MAX_MESSAGE = 128 << 20;
    private static final int FIXED_HEADER = 16;
    private static final int INITIAL_BUFFER = 64 << 10;

    /** Public for {@link java.util.ServiceLoader}, which dbus-java asks for each new connection. */
    public BufferedSockets() {
        // Stateless: every connection gets its own reader and writer.
    }

    @Override
    public IMessageReader createReader(SocketChannel channel) {
        return new Reader(channel);
    }

    @Override
    public IMessageWriter createWriter(SocketChannel channel) {
        return new Writer(channel);
    }

    @Override
    public void setFileDescriptorSupport(boolean support) {
        // Never passed: the JDK's Unix-domain sockets cannot carry them (dbus-java's transport says so too).
    }

    @Override
    public boolean isFileDescriptorPassingSupported() {
        return false;
    }

    /** One direction of a connection's socket; closing either closes the socket, as dbus-java's own do. */
    private abstract static class Side {
        final SocketChannel channel;

        Side(SocketChannel channel) {
            this.channel = channel;
        }

        public boolean isClosed() {
            return !channel.isOpen();
        }

        public void close() throws IOException {
            channel.close();
        }
    }

    /** Reads as much as the socket has ready and hands out one whole message at a time. */
    static final class Reader extends Side implements IMessageReader {
        /** Unread bytes between position and limit (read mode between calls). */
        private ByteBuffer buffer = ByteBuffer.allocateDirect(INITIAL_BUFFER).flip();

        Reader(SocketChannel channel) {
            super(channel);
        }

        @Override
        public Message readMessage() throws IOException, DBusException {
            fill(FIXED_HEADER);
            int start = buffer.position();
            if (buffer.get(start + 3) > Message.PROTOCOL) {
                throw refused("D-Bus protocol version " + buffer.get(start + 3) + " is not supported");
            }
            buffer.order(buffer.get(start) == Endian.BIG ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
            long bodyLength = Integer.toUnsignedLong(buffer.getInt(start + 4));
            long fieldsLength = Integer.toUnsignedLong(buffer.getInt(start + 12));
            long paddedFields = (fieldsLength + 7) & ~7L;
            long total = FIXED_HEADER + paddedFields + bodyLength;
            if (total > MAX_MESSAGE) {
                throw refused("a D-Bus message of " + total + " bytes is over the 128 MiB limit");
            }
            fill((int) total);
            // The layout dbus-java's own reader hands to the factory: the 12-byte fixed header; the
            // header fields' length in the first four bytes of the header array and the fields from
            // its eighth byte on; the body.
            byte[] fixed = new byte[12];
            buffer.get(fixed);
            byte[] header = new byte[(int) paddedFields + 8];
            buffer.get(header, 0, 4);
            buffer.get(header, 8, (int) paddedFields);
            byte[] body = new byte[(int) bodyLength];
            buffer.get(body);
            if (buffer.capacity() > INITIAL_BUFFER && buffer.remaining() <= INITIAL_BUFFER) {
                // A large message is not a reason to keep its buffer for the connection's life.
                buffer = ByteBuffer.allocateDirect(INITIAL_BUFFER).put(buffer).flip();
            }
            return MessageFactory.createMessage(fixed[1], fixed, header, body, null);
        }

        /**
         * Reads until at least {@code needed} unread bytes are buffered. The buffer grows only as
         * bytes arrive, so a header that claims a large message and a peer that then sends nothing
         * hold no more memory than was sent.
         */
        private void fill(int needed) throws IOException {
            if (buffer.remaining() >= needed) {
                return;
            }
            buffer.compact();
            try {
                while (buffer.position() < needed) {
                    if (!buffer.hasRemaining()) {
                        int larger = (int) Math.min(Math.max((long) buffer.capacity() * 2, INITIAL_BUFFER), MAX_MESSAGE);
                        buffer = ByteBuffer.allocateDirect(larger).put(buffer.flip());
                    }
                    if (channel.read(buffer) < 0) {
                        throw new EOFException("the D-Bus peer closed the connection");
                    }
                }
            } finally {
                // Read mode again whatever happened, so the buffer never holds a half-read state.
                buffer.flip();
            }
        }
    }

    private static IOException refused(String why) {
        LOG.warn("closing a D-Bus connection: {}", why);
        return new IOException(why);
    }

    /** Writes each message's marshalled pieces with one write. */
    static final class Writer extends Side implements IMessageWriter {
        private final ByteBuffer buffer = ByteBuffer.allocateDirect(INITIAL_BUFFER);

        Writer(SocketChannel channel) {
            super(channel);
        }

        @Override
        public synchronized void writeMessage(Message message) throws IOException {
            byte[][] pieces = message == null ? null : message.getWireData();
            if (pieces == null) {
                return;
            }
            int length = 0;
            for (byte[] piece : pieces) {
                if (piece == null) {
                    break;
                }
                length += piece.length;
            }
            ByteBuffer out = length <= buffer.capacity() ? buffer.clear() : ByteBuffer.allocateDirect(length);
            for (byte[] piece : pieces) {
                if (piece == null) {
                    break;
                }
                out.put(piece);
            }
            out.flip();
            // A large message gets a buffer of its own, not kept for the connection's life.
            while (out.hasRemaining()) {
                channel.write(out);
            }
        }
    }
}
