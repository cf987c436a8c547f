package dev.countersign.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.StandardProtocolFamily;
import java.net.URI;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A governor token carries approval authority on the governed machine, so the link never sends it
 * to a listener that could be someone else's: not to a loopback TCP port (another local user binds
 * it while the tunnel is down), not to a socket that is not the user's own in a folder only the
 * user can write. Each is refused with {@code INVALID_ARGUMENT} on {@code url} before a byte is
 * sent; the hostile listener receives nothing.
 */
class McpRuntimeLinkTest {
    private static final String TOKEN = "cs_" + "G".repeat(43);

    @TempDir
    Path dir;

    /** A hostile process on a loopback port: answers nothing useful and records every byte it is sent. */
    static final class HostilePort implements AutoCloseable {
        final ServerSocket socket;
        final List<String> received = new CopyOnWriteArrayList<>();

        HostilePort() throws IOException {
            socket = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"));
            Thread thread = new Thread(() -> {
                while (!socket.isClosed()) {
                    try (Socket client = socket.accept()) {
                        received.add(head(client.getInputStream()));
                        OutputStream out = client.getOutputStream();
                        out.write("HTTP/1.1 500 Nope\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                                .getBytes(StandardCharsets.US_ASCII));
                        out.flush();
                    } catch (IOException e) {
                        return;
                    }
                }
            }, "hostile-port");
            thread.setDaemon(true);
            thread.start();
        }

        URI uri() {
            return URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/mcp");
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    /** A hostile listener on a Unix-domain socket: records every byte it is sent. */
    static final class HostileSocket implements AutoCloseable {
        final ServerSocketChannel server;
        final List<String> received = new CopyOnWriteArrayList<>();

        HostileSocket(Path path) throws IOException {
            server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            server.bind(UnixDomainSocketAddress.of(path));
            Thread thread = new Thread(() -> {
                while (server.isOpen()) {
                    try (SocketChannel client = server.accept()) {
                        ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
                        client.read(buffer);
                        received.add(new String(buffer.array(), 0, buffer.position(), StandardCharsets.ISO_8859_1));
                    } catch (IOException e) {
                        return;
                    }
                }
            }, "hostile-socket");
            thread.setDaemon(true);
            thread.start();
        }

        @Override
        public void close() throws IOException {
            server.close();
        }
    }

    /** The request's head (up to its blank line), as the hostile listener sees it. */
    private static String head(InputStream in) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int b = in.read(); b >= 0 && bytes.size() < 64 * 1024; b = in.read()) {
            bytes.write(b);
            if (bytes.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
                break;
            }
        }
        return bytes.toString(StandardCharsets.ISO_8859_1);
    }

    private static void assertRefusedOnUrl(Throwable thrown) {
        assertThat(thrown).isInstanceOf(CountersignException.class);
        CountersignException refused = (CountersignException) thrown;
        assertThat(refused.error().code()).as(refused.error().message()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(refused.error().field()).isEqualTo("url");
        assertThat(refused.error().message()).doesNotContain(TOKEN);
    }

    @Test
    void aListenerOnTheTunnelsLoopbackPortReceivesNothingAndTheLinkRefuses() throws IOException {
        try (HostilePort hostile = new HostilePort()) {
            Throwable thrown = catchThrowable(() -> McpRuntimeLink.connect(hostile.uri(), TOKEN, Duration.ofSeconds(5))
                    .close());

            assertThat(String.join("", hostile.received)).as("what the hostile listener received")
                    .doesNotContain(TOKEN).isEmpty();
            assertRefusedOnUrl(thrown);
        }
    }

    @Test
    void aSocketInAFolderOthersCanEnterOrWriteIsRefusedAndReceivesNothing() throws IOException {
        Path shared = Files.createDirectory(dir.resolve("shared"));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path path = shared.resolve("desk2.sock");
        try (HostileSocket hostile = new HostileSocket(path)) {
            Throwable thrown = catchThrowable(() -> McpRuntimeLink.connect(URI.create("unix:" + path), TOKEN,
                    Duration.ofSeconds(5)).close());

            assertThat(hostile.received).as("what the hostile socket received").isEmpty();
            assertRefusedOnUrl(thrown);
        }
    }

    @Test
    void aSocketOthersMayConnectToIsRefusedAndReceivesNothing() throws IOException {
        Path own = Files.createDirectory(dir.resolve("own"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Path path = own.resolve("desk2.sock");
        try (HostileSocket hostile = new HostileSocket(path)) {
            Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rw-rw-rw-"));
            Throwable thrown = catchThrowable(() -> McpRuntimeLink.connect(URI.create("unix:" + path), TOKEN,
                    Duration.ofSeconds(5)).close());

            assertThat(hostile.received).isEmpty();
            assertRefusedOnUrl(thrown);
        }
    }

    @Test
    void aSymbolicLinkOrAFileInPlaceOfTheSocketIsRefused() throws IOException {
        Path own = Files.createDirectory(dir.resolve("own"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Path elsewhere = Files.createDirectory(dir.resolve("elsewhere"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        try (HostileSocket hostile = new HostileSocket(elsewhere.resolve("real.sock"))) {
            Path link = Files.createSymbolicLink(own.resolve("desk2.sock"), elsewhere.resolve("real.sock"));
            Path file = Files.writeString(own.resolve("file.sock"), "not a socket");
            for (Path path : List.of(link, file)) {
                Throwable thrown = catchThrowable(() -> McpRuntimeLink.connect(URI.create("unix:" + path), TOKEN,
                        Duration.ofSeconds(5)).close());
                assertRefusedOnUrl(thrown);
            }
            assertThat(hostile.received).isEmpty();
        }
    }
}
