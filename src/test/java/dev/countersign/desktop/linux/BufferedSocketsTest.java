package dev.countersign.desktop.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.freedesktop.dbus.connections.transports.AbstractTransport;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.messages.Message;
import org.freedesktop.dbus.messages.MessageFactory;
import org.freedesktop.dbus.messages.MethodCall;
import org.freedesktop.dbus.messages.constants.Endian;
import org.freedesktop.dbus.spi.message.IMessageReader;
import org.freedesktop.dbus.spi.message.ISocketProvider;
import org.freedesktop.dbus.spi.message.InputStreamMessageReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The socket reader and writer every D-Bus connection uses, over a real Unix-domain socket pair,
 * against messages dbus-java marshals and its own reader parses. The desktop suites run every
 * AT-SPI call through them too.
 */
@Timeout(value = 20, unit = TimeUnit.SECONDS)
class BufferedSocketsTest {
    @TempDir
    Path dir;
    private SocketChannel near;
    private SocketChannel far;

    @BeforeEach
    void connect() throws IOException {
        Path path = dir.resolve("s");
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(path));
            near = SocketChannel.open(UnixDomainSocketAddress.of(path));
            far = server.accept();
        }
        Files.deleteIfExists(path);
    }

    @AfterEach
    void close() throws IOException {
        near.close();
        far.close();
    }

    @Test
    void dbusJavaFindsItAsTheSocketProviderOfItsTransports() {
        // The class loader and service interface dbus-java's AbstractTransport asks for each connection.
        List<String> found = new ArrayList<>();
        ServiceLoader.load(ISocketProvider.class, AbstractTransport.class.getClassLoader())
                .forEach(p -> found.add(p.getClass().getName()));

        assertThat(found).containsExactly(BufferedSockets.class.getName());
    }

    @Test
    void manyMessagesArrivingTogetherAreReadWithAFewReadsAndHandedOutOneAtATimeAsDbusJavaBuiltThem() throws Exception {
        List<MethodCall> sent = calls(200);
        far.write(ByteBuffer.wrap(concat(sent)));

        CountingChannel counted = new CountingChannel(near);
        IMessageReader reader = new BufferedSockets().createReader(counted);
        for (MethodCall call : sent) {
            assertSame(call, reader.readMessage());
        }
        // dbus-java's own reader asks four times per message: 800 reads here.
        assertThat(counted.reads).isLessThanOrEqualTo(2);
    }

    @Test
    void messagesSplitAcrossReadsOfMoreThanTheBufferAreCarriedOverWhole() throws Exception {
        List<MethodCall> sent = calls(2_000);
        byte[] wire = concat(sent);
        assertThat(wire.length).isGreaterThan(4 * 65_536);
        // Odd-sized chunks, so messages straddle the reads and the unread rest is compacted.
        CompletableFuture<Void> writing = CompletableFuture.runAsync(() -> {
            try {
                for (int at = 0; at < wire.length; at += 7_919) {
                    far.write(ByteBuffer.wrap(wire, at, Math.min(7_919, wire.length - at)));
                }
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });

        IMessageReader reader = new BufferedSockets().createReader(near);
        for (MethodCall call : sent) {
            assertSame(call, reader.readMessage());
        }
        writing.get(10, TimeUnit.SECONDS);
    }

    @Test
    void aMessageDribbledInByteByByteIsWholeWhenHandedOut() throws Exception {
        MethodCall call = new MessageFactory(Endian.LITTLE).createMethodCall(":1.7", "/a", "org.a11y.atspi.Text",
                "GetText", (byte) 0, "ii", 0, -1);
        byte[] wire = bytes(call);
        CompletableFuture<Void> writing = CompletableFuture.runAsync(() -> {
            try {
                for (byte b : wire) {
                    far.write(ByteBuffer.wrap(new byte[] {b}));
                    Thread.sleep(1);
                }
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });

        assertSame(call, new BufferedSockets().createReader(near).readMessage());
        writing.get(10, TimeUnit.SECONDS);
    }

    @Test
    void aMessageLargerThanTheBufferAndABigEndianOneAreRead() throws Exception {
        String large = "x".repeat(300_000);
        MethodCall big = new MessageFactory(Endian.LITTLE).createMethodCall(":1.7", "/a", "org.a11y.atspi.Text",
                "SetText", (byte) 0, "s", large);
        MethodCall bigEndian = new MessageFactory(Endian.BIG).createMethodCall(":1.7", "/b", "org.a11y.atspi.Value",
                "SetCurrentValue", (byte) 0, "s", "42");
        CompletableFuture<Void> writing = CompletableFuture.runAsync(() -> {
            try {
                far.write(ByteBuffer.wrap(bytes(big)));
                far.write(ByteBuffer.wrap(bytes(bigEndian)));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });

        IMessageReader reader = new BufferedSockets().createReader(near);
        Message first = reader.readMessage();
        assertSame(big, first);
        assertThat(first.getParameters()[0]).isEqualTo(large);
        assertSame(bigEndian, reader.readMessage());
        writing.get(10, TimeUnit.SECONDS);
    }

    @Test
    void aPeerThatClosesMidMessageEndsTheReadWithEof() throws Exception {
        byte[] wire = bytes(new MessageFactory(Endian.LITTLE).createMethodCall(":1.7", "/a",
                "org.a11y.atspi.Accessible", "GetRole", (byte) 0, null));
        far.write(ByteBuffer.wrap(wire, 0, wire.length - 3));
        far.close();

        assertThatThrownBy(() -> new BufferedSockets().createReader(near).readMessage())
                .isInstanceOf(EOFException.class);
    }

    @Test
    void aHeaderClaimingMoreThanTheProtocolsLargestMessageIsRefusedBeforeItIsRead() throws Exception {
        for (int claimed : new int[] {Integer.MAX_VALUE, -1}) {
            byte[] wire = bytes(new MessageFactory(Endian.LITTLE).createMethodCall(":1.7", "/a",
                    "org.a11y.atspi.Accessible", "GetRole", (byte) 0, null));
            // Lengths are unsigned on the wire: -1 is 4 GiB, not a negative size.
            ByteBuffer.wrap(wire).order(ByteOrder.LITTLE_ENDIAN).putInt(4, claimed);
            far.write(ByteBuffer.wrap(wire));

            assertThatThrownBy(() -> new BufferedSockets().createReader(near).readMessage())
                    .isInstanceOf(IOException.class).hasMessageContaining("over the 128 MiB limit");
        }
    }

    @Test
    void theWriterSendsWhatDbusJavasOwnReaderParsesBack() throws Exception {
        MessageFactory factory = new MessageFactory(Endian.LITTLE);
        MethodCall small = factory.createMethodCall(":1.7", "/a", "org.a11y.atspi.Component", "GetExtents",
                (byte) 0, "u", new org.freedesktop.dbus.types.UInt32(0));
        MethodCall large = factory.createMethodCall(":1.7", "/b", "org.a11y.atspi.Text", "SetText", (byte) 0, "s",
                "y".repeat(100_000));
        assertThat(small.getWireData()[1]).as("dbus-java marshals a call in several pieces").isNotNull();
        CountingChannel counted = new CountingChannel(far);
        CompletableFuture<Void> writing = CompletableFuture.runAsync(() -> {
            try {
                var out = new BufferedSockets().createWriter(counted);
                out.writeMessage(small);
                out.writeMessage(large);
                out.writeMessage(small);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });

        InputStreamMessageReader theirs = new InputStreamMessageReader(near);
        assertSame(small, readWhole(theirs));
        assertSame(large, readWhole(theirs));
        assertSame(small, readWhole(theirs));
        writing.get(10, TimeUnit.SECONDS);
        // One write per message (a blocking channel writes it all), where the built-in writes each piece.
        assertThat(counted.writes).isEqualTo(3);
    }

    /** dbus-java's reader returns null for a message not all there yet; it is asked again, as its connection does. */
    private static Message readWhole(IMessageReader reader) throws IOException, DBusException {
        for (;;) {
            Message m = reader.readMessage();
            if (m != null) {
                return m;
            }
        }
    }

    private static void assertSame(MethodCall sent, Message read) throws DBusException {
        assertThat(read).isInstanceOf(MethodCall.class);
        assertThat(read.getSerial()).isEqualTo(sent.getSerial());
        assertThat(read.getPath()).isEqualTo(sent.getPath());
        assertThat(read.getInterface()).isEqualTo(sent.getInterface());
        assertThat(read.getName()).isEqualTo(sent.getName());
        assertThat(read.getDestination()).isEqualTo(sent.getDestination());
        assertThat(read.getSig()).isEqualTo(sent.getSig());
        assertThat(read.getParameters()).containsExactly(sent.getParameters());
    }

    private static List<MethodCall> calls(int count) throws DBusException {
        MessageFactory factory = new MessageFactory(Endian.LITTLE);
        List<MethodCall> calls = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            calls.add(factory.createMethodCall(":1.7", "/org/a11y/atspi/accessible/" + i,
                    "org.freedesktop.DBus.Properties", "Get", (byte) 0, "ss", "org.a11y.atspi.Accessible", "Name" + i));
        }
        return calls;
    }

    private static byte[] concat(List<? extends Message> messages) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        messages.forEach(m -> all.writeBytes(bytes(m)));
        return all.toByteArray();
    }

    private static byte[] bytes(Message message) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] piece : message.getWireData()) {
            if (piece == null) {
                break;
            }
            out.writeBytes(piece);
        }
        return out.toByteArray();
    }

    /** A real socket channel whose reads and writes are counted: the calls the kernel sees. */
    private static final class CountingChannel extends SocketChannel {
        private final SocketChannel real;
        int reads;
        int writes;

        CountingChannel(SocketChannel real) {
            super(real.provider());
            this.real = real;
        }

        @Override
        public int read(ByteBuffer dst) throws IOException {
            reads++;
            return real.read(dst);
        }

        @Override
        public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
            reads++;
            return real.read(dsts, offset, length);
        }

        @Override
        public int write(ByteBuffer src) throws IOException {
            writes++;
            return real.write(src);
        }

        @Override
        public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
            writes++;
            return real.write(srcs, offset, length);
        }

        @Override
        public SocketChannel bind(java.net.SocketAddress local) throws IOException {
            return real.bind(local);
        }

        @Override
        public <T> SocketChannel setOption(java.net.SocketOption<T> name, T value) throws IOException {
            return real.setOption(name, value);
        }

        @Override
        public <T> T getOption(java.net.SocketOption<T> name) throws IOException {
            return real.getOption(name);
        }

        @Override
        public java.util.Set<java.net.SocketOption<?>> supportedOptions() {
            return real.supportedOptions();
        }

        @Override
        public SocketChannel shutdownInput() throws IOException {
            return real.shutdownInput();
        }

        @Override
        public SocketChannel shutdownOutput() throws IOException {
            return real.shutdownOutput();
        }

        @Override
        public java.net.Socket socket() {
            return real.socket();
        }

        @Override
        public boolean isConnected() {
            return real.isConnected();
        }

        @Override
        public boolean isConnectionPending() {
            return real.isConnectionPending();
        }

        @Override
        public boolean connect(java.net.SocketAddress remote) throws IOException {
            return real.connect(remote);
        }

        @Override
        public boolean finishConnect() throws IOException {
            return real.finishConnect();
        }

        @Override
        public java.net.SocketAddress getRemoteAddress() throws IOException {
            return real.getRemoteAddress();
        }

        @Override
        public java.net.SocketAddress getLocalAddress() throws IOException {
            return real.getLocalAddress();
        }

        @Override
        protected void implCloseSelectableChannel() throws IOException {
            real.close();
        }

        @Override
        protected void implConfigureBlocking(boolean block) throws IOException {
            real.configureBlocking(block);
        }
    }
}
