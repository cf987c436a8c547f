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

/**
 * The socket reader and writer of every dbus-java connection in this process, registered through
 * dbus-java's {@code ISocketProvider} service interface.
 *
 * <p>Why: dbus-java 5.2.2's built-in reader asks the socket for each message in four
 * {@code read(2)} calls (fixed header, header length, header fields, body), and its writer issues
 * one {@code write(2)} per marshalled piece of a message (about thirty for one AT-SPI call). A
 * 148-element observation receives some six hundred replies, and profiling the served app found
 * those read calls alone to be a quarter of its CPU per observation. Here the reader fills a
 * buffer with whatever the socket has ready — during a pipelined walk, dozens of replies at once —
 * and cuts messages out of it, and the writer sends each message with one write. Messages are
 * still parsed and built by dbus-java ({@link MessageFactory#createMessage}); only the bytes'
 * path changes. No file descriptors are passed, as with the built-in implementation on the JDK's
 * Unix sockets.
 */
public final class BufferedSockets implements ISocketProvider {
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

    /** Reads as much as the socket has ready and hands out one whole message at a time. */
    static final class Reader implements IMessageReader {
        private final SocketChannel channel;
        /** Unread bytes between position and limit (read mode between calls). */
        private ByteBuffer buffer = ByteBuffer.allocateDirect(INITIAL_BUFFER).flip();

        Reader(SocketChannel channel) {
            this.channel = channel;
        }

        @Override
        public Message readMessage() throws IOException, DBusException {
            fill(FIXED_HEADER);
            int start = buffer.position();
            if (buffer.get(start + 3) > Message.PROTOCOL) {
                throw new IOException("D-Bus protocol version " + buffer.get(start + 3) + " is not supported");
            }
            buffer.order(buffer.get(start) == Endian.BIG ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
            long bodyLength = Integer.toUnsignedLong(buffer.getInt(start + 4));
            long fieldsLength = Integer.toUnsignedLong(buffer.getInt(start + 12));
            long paddedFields = (fieldsLength + 7) & ~7L;
            long total = FIXED_HEADER + paddedFields + bodyLength;
            if (total > MAX_MESSAGE) {
                throw new IOException("a D-Bus message of " + total + " bytes is over the 128 MiB limit");
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
            return MessageFactory.createMessage(fixed[1], fixed, header, body, null);
        }

        /** Reads until at least {@code needed} unread bytes are buffered, growing the buffer for a large message. */
        private void fill(int needed) throws IOException {
            if (buffer.remaining() >= needed) {
                return;
            }
            if (buffer.capacity() < needed) {
                ByteBuffer larger = ByteBuffer.allocateDirect(Math.max(needed, buffer.capacity() * 2));
                // A copy's order is big-endian until the next message's header sets it.
                larger.put(buffer);
                buffer = larger;
            } else {
                buffer.compact();
            }
            // Write mode from here until enough is read.
            while (buffer.position() < needed) {
                if (channel.read(buffer) < 0) {
                    buffer.flip();
                    throw new EOFException("the D-Bus peer closed the connection");
                }
            }
            buffer.flip();
        }

        @Override
        public boolean isClosed() {
            return !channel.isOpen();
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }

    /** Writes each message's marshalled pieces with one write. */
    static final class Writer implements IMessageWriter {
        private final SocketChannel channel;
        private ByteBuffer buffer = ByteBuffer.allocateDirect(INITIAL_BUFFER);

        Writer(SocketChannel channel) {
            this.channel = channel;
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
            if (buffer.capacity() < length) {
                buffer = ByteBuffer.allocateDirect(Math.max(length, buffer.capacity() * 2));
            }
            buffer.clear();
            for (byte[] piece : pieces) {
                if (piece == null) {
                    break;
                }
                buffer.put(piece);
            }
            buffer.flip();
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
        }

        @Override
        public boolean isClosed() {
            return !channel.isOpen();
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }
}
