package dev.countersign.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
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
import java.nio.file.StandardCopyOption;
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

    /** Listens on a Unix-domain socket and prints "got:N:BYTES" for each connection once it ends. */
    private static final String RECORDER = String.join("\n",
            "import socket, sys",
            "s = socket.socket(socket.AF_UNIX)",
            "s.bind(sys.argv[1])",
            "s.listen(5)",
            "print('ready', flush=True)",
            "while True:",
            "    c, _ = s.accept()",
            "    c.settimeout(5)",
            "    data = b''",
            "    try:",
            "        while True:",
            "            d = c.recv(65536)",
            "            if not d:",
            "                break",
            "            data += d",
            "    except Exception:",
            "        pass",
            "    print('got:%d:%s' % (len(data), data.decode('latin1').replace('\\n', ' ')), flush=True)",
            "    c.close()");

    /**
     * The path checks are not the whole proof: a socket that passes every one of them (the user's,
     * 0600, in a 0700 folder of the user's) while another user's process holds its other end, as
     * a path swapped between the check and the connect would, gets a connection and not one byte:
     * the kernel's word on the peer ({@code SO_PEERCRED}) is read before anything is written.
     * Needs root, to run the stranger's listener as {@code nobody}.
     */
    @Test
    void aListenerOfAnotherUserBehindASocketThatPassesThePathChecksGetsNotOneByte() throws Exception {
        // The test machine (and CI) runs as root, which this needs; it fails rather than skips elsewhere.
        assertThat("root".equals(System.getProperty("user.name"))).as("a listener of another user needs root here")
                .isTrue();
        assertThat(Files.isExecutable(Path.of("/usr/bin/setpriv")) && Files.isExecutable(Path.of("/usr/bin/python3")))
                .as("setpriv and python3 run the stranger's listener").isTrue();
        Path drop = Files.createTempDirectory("cs-peer");
        Files.setPosixFilePermissions(drop, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path own = Files.createTempDirectory("cs-own",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Process stranger = new ProcessBuilder("/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                "/usr/bin/python3", "-c", RECORDER, drop.resolve("l.sock").toString()).redirectErrorStream(true).start();
        try {
            BufferedReader said = new BufferedReader(new InputStreamReader(stranger.getInputStream(),
                    StandardCharsets.UTF_8));
            assertThat(said.readLine()).isEqualTo("ready");
            Path path = Files.move(drop.resolve("l.sock"), own.resolve("desk2.sock"), StandardCopyOption.ATOMIC_MOVE);
            Files.setOwner(path, path.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("root"));
            Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rw-------"));
            assertThat(RuntimeSocket.problemWith(path)).as("every path check passes").isEmpty();

            Throwable thrown = catchThrowable(() -> McpRuntimeLink.connect(URI.create("unix:" + path), TOKEN,
                    Duration.ofSeconds(5)).close());

            assertRefusedOnUrl(thrown);
            assertThat(((CountersignException) thrown).error().message()).contains("runs as nobody");
            assertThat(said.readLine()).as("what the stranger's listener received on the one connection")
                    .isEqualTo("got:0:");
        } finally {
            stranger.destroyForcibly().waitFor();
            try (var files = Files.list(own)) {
                for (Path f : files.toList()) {
                    Files.deleteIfExists(f);
                }
            }
            Files.deleteIfExists(own);
            Files.deleteIfExists(drop);
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
