package dev.countersign.desktop.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
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
import org.junit.jupiter.api.io.TempDir;

/**
 * The socket reader and writer every D-Bus connection uses, over a real Unix-domain socket pair,
 * against messages dbus-java marshals and its own reader parses. The desktop suites run every
 * AT-SPI call through them too.
 */
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
    void manyMessagesArrivingInOneReadAreHandedOutOneAtATimeAsDbusJavaBuiltThem() throws Exception {
        MessageFactory factory = new MessageFactory(Endian.LITTLE);
        List<MethodCall> sent = new ArrayList<>();
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (int i = 0; i < 200; i++) {
            MethodCall call = factory.createMethodCall(":1.7", "/org/a11y/atspi/accessible/" + i,
                    "org.freedesktop.DBus.Properties", "Get", (byte) 0, "ss", "org.a11y.atspi.Accessible", "Name" + i);
            sent.add(call);
            all.write(bytes(call));
        }
        far.write(ByteBuffer.wrap(all.toByteArray()));

        IMessageReader reader = new BufferedSockets().createReader(near);
        for (MethodCall call : sent) {
            assertSame(call, reader.readMessage());
        }
    }

    @Test
    void aMessageDribbledInByteByByteIsWholeWhenHandedOut() throws Exception {
        MethodCall call = new MessageFactory(Endian.LITTLE).createMethodCall(":1.7", "/a", "org.a11y.atspi.Text",
                "GetText", (byte) 0, "ii", 0, -1);
        byte[] wire = bytes(call);
        Thread writer = new Thread(() -> {
            try {
                for (byte b : wire) {
                    far.write(ByteBuffer.wrap(new byte[] {b}));
                    Thread.sleep(1);
                }
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        writer.start();

        assertSame(call, new BufferedSockets().createReader(near).readMessage());
        writer.join();
    }

    @Test
    void aMessageLargerThanTheBufferAndABigEndianOneAreRead() throws Exception {
        String large = "x".repeat(300_000);
        MethodCall big = new MessageFactory(Endian.LITTLE).createMethodCall(":1.7", "/a", "org.a11y.atspi.Text",
                "SetText", (byte) 0, "s", large);
        MethodCall bigEndian = new MessageFactory(Endian.BIG).createMethodCall(":1.7", "/b", "org.a11y.atspi.Value",
                "SetCurrentValue", (byte) 0, "s", "42");
        Thread writer = new Thread(() -> {
            try {
                far.write(ByteBuffer.wrap(bytes(big)));
                far.write(ByteBuffer.wrap(bytes(bigEndian)));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        writer.start();

        IMessageReader reader = new BufferedSockets().createReader(near);
        Message first = reader.readMessage();
        assertSame(big, first);
        assertThat(first.getParameters()[0]).isEqualTo(large);
        assertSame(bigEndian, reader.readMessage());
        writer.join();
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
    void aHeaderClaimingMoreThanTheProtocolsLargestMessageIsRefusedBeforeAnythingIsAllocated() throws Exception {
        byte[] wire = bytes(new MessageFactory(Endian.LITTLE).createMethodCall(":1.7", "/a",
                "org.a11y.atspi.Accessible", "GetRole", (byte) 0, null));
        ByteBuffer.wrap(wire).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(4, Integer.MAX_VALUE);
        far.write(ByteBuffer.wrap(wire));

        assertThatThrownBy(() -> new BufferedSockets().createReader(near).readMessage())
                .isInstanceOf(IOException.class).hasMessageContaining("over the 128 MiB limit");
    }

    @Test
    void theWriterSendsWhatDbusJavasOwnReaderParsesBack() throws Exception {
        MessageFactory factory = new MessageFactory(Endian.LITTLE);
        MethodCall small = factory.createMethodCall(":1.7", "/a", "org.a11y.atspi.Component", "GetExtents",
                (byte) 0, "u", new org.freedesktop.dbus.types.UInt32(0));
        MethodCall large = factory.createMethodCall(":1.7", "/b", "org.a11y.atspi.Text", "SetText", (byte) 0, "s",
                "y".repeat(100_000));
        Thread writer = new Thread(() -> {
            try {
                var out = new BufferedSockets().createWriter(far);
                out.writeMessage(small);
                out.writeMessage(large);
                out.writeMessage(small);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        writer.start();

        InputStreamMessageReader theirs = new InputStreamMessageReader(near);
        assertSame(small, readWhole(theirs));
        assertSame(large, readWhole(theirs));
        assertSame(small, readWhole(theirs));
        writer.join();
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
}
