package dev.countersign.remote;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import jdk.net.ExtendedSocketOptions;
import jdk.net.UnixDomainPrincipal;

/**
 * The governing side's end of the tunnel to a governed runtime: a Unix-domain socket that ssh
 * forwards ({@code ssh -L LOCAL.sock:REMOTE.sock}), spoken to with HTTP/1.1, one connection per
 * exchange. A loopback TCP port can be bound by any local user while the tunnel is down, and the
 * governor token it would be sent carries approval authority on the governed machine; a socket in
 * a folder only the user can write cannot be put there by anyone else. So the token is sent only
 * after {@link #problemWith} found the path to be the user's own socket (not a link), readable and
 * writable by the user only, in a folder of the user's that no one else may enter.
 *
 * <p>The path is only half of it: right after connecting, before a byte is written, the kernel's
 * word on who holds the other end ({@code SO_PEERCRED}) must be the user running Countersign too
 * (ssh's own process, for a forwarded socket). That authenticates the listener itself, whatever
 * happened to the path between the check and the connect; a listener of another user gets a
 * connection and nothing on it ({@link Untrusted}).
 *
 * <p>The JDK's HTTP client cannot dial a Unix-domain socket, hence this small client: it reads a
 * fixed-length, chunked or connection-delimited body whole (bounded), closing the connection when
 * the answer takes longer than the timeout.
 */
final class RuntimeSocket implements AutoCloseable {
    private static final int MAX_HEAD = 64 * 1024;
    /** The largest answer read: an observation of a large window is well under this. */
    static final int MAX_BODY = 32 * 1024 * 1024;

    private final Path socket;
    private final Duration timeout;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "countersign-runtime-link-timer");
        t.setDaemon(true);
        return t;
    });

    /** One HTTP answer: status, headers (names lower-case) and the whole body. */
    record Answer(int status, Map<String, String> headers, byte[] body) {
        Optional<String> header(String name) {
            return Optional.ofNullable(headers.get(name.toLowerCase(Locale.ROOT)));
        }

        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    /** The process at the other end of the socket is not the user's: nothing was sent to it. */
    static final class Untrusted extends IOException {
        private static final long serialVersionUID = 1L;

        Untrusted(String message) {
            super(message);
        }
    }

    RuntimeSocket(Path socket, Duration timeout) {
        this.socket = socket;
        this.timeout = timeout;
    }

    Path path() {
        return socket;
    }

    /**
     * Why the governor token must not be sent to {@code socket}, or empty when it may: the path
     * must be a socket (not a symbolic link) owned by the user running Countersign with no
     * permission for group or others, in a folder owned by that user that group and others cannot
     * enter. Empty is only said after each of these was read from the file system, or when nothing
     * is at the path: a missing socket is a tunnel that is down, which {@link #present} tells.
     */
    static Optional<String> problemWith(Path socket) {
        try {
            if (!socket.isAbsolute()) {
                return Optional.of(socket + " is not an absolute path");
            }
            if (!Files.exists(socket, LinkOption.NOFOLLOW_LINKS)) {
                return Optional.empty();
            }
            String user = System.getProperty("user.name");
            PosixFileAttributes attributes = Files.readAttributes(socket, PosixFileAttributes.class,
                    LinkOption.NOFOLLOW_LINKS);
            if (attributes.isSymbolicLink() || !attributes.isOther()) {
                return Optional.of(socket + " is not a socket; refusing to send the governor token there");
            }
            if (!attributes.owner().getName().equals(user)) {
                return Optional.of(socket + " belongs to " + attributes.owner().getName() + ", not to " + user
                        + "; refusing to send the governor token there");
            }
            String mode = PosixFilePermissions.toString(attributes.permissions());
            if (!mode.endsWith("------")) {
                return Optional.of(socket + " is " + mode + ": others may use it; refusing to send the governor "
                        + "token there (ssh makes it 0600 unless StreamLocalBindMask says otherwise)");
            }
            Path folder = socket.getParent();
            PosixFileAttributes parent = Files.readAttributes(folder, PosixFileAttributes.class);
            if (!parent.owner().getName().equals(user)) {
                return Optional.of(folder + " belongs to " + parent.owner().getName() + ", not to " + user
                        + "; someone else could replace the socket in it");
            }
            String folderMode = PosixFilePermissions.toString(parent.permissions());
            if (!folderMode.endsWith("------")) {
                return Optional.of(folder + " is " + folderMode + "; it must be 0700 (chmod 700 " + folder + ")");
            }
            return Optional.empty();
        } catch (IOException | UnsupportedOperationException e) {
            return Optional.of("cannot check the socket " + socket + ": " + e.getMessage());
        }
    }

    /**
     * Why the process holding the other end of {@code channel} must not be sent the governor token,
     * or empty when it runs as the user running Countersign (the kernel says so: {@code SO_PEERCRED},
     * Linux and macOS). A platform that cannot tell is refused: the token is never sent on a guess.
     */
    static Optional<String> peerProblem(SocketChannel channel, Path socket) {
        UnixDomainPrincipal peer;
        try {
            peer = channel.getOption(ExtendedSocketOptions.SO_PEERCRED);
        } catch (IOException | UnsupportedOperationException e) {
            return Optional.of("cannot tell which user listens at " + socket + " (" + e.getMessage()
                    + "); refusing to send the governor token there");
        }
        String user = System.getProperty("user.name");
        String listener = peer == null || peer.user() == null ? "an unknown user" : peer.user().getName();
        if (!user.equals(listener)) {
            return Optional.of("the process listening at " + socket + " runs as " + listener + ", not as " + user
                    + "; refusing to send the governor token there");
        }
        return Optional.empty();
    }

    /**
     * Whether the socket is there at all: a missing socket is a tunnel that is down, not a hostile
     * one (the check of a present one is {@link #problemWith}).
     */
    boolean present() {
        return Files.exists(socket, LinkOption.NOFOLLOW_LINKS);
    }

    /** One exchange; throws {@link IOException} when the socket cannot be reached or the answer is malformed or late. */
    Answer send(String method, String path, Map<String, String> headers, String body) throws IOException {
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ScheduledFuture<?> late = timer.schedule(() -> {
                try {
                    channel.close();
                } catch (IOException e) {
                    // closing is all that was meant; the reader sees the close
                }
            }, timeout.toMillis(), TimeUnit.MILLISECONDS);
            try {
                return exchange(channel, method, path, headers, body);
            } catch (ClosedChannelException e) {
                throw late.isDone() ? new IOException("no answer within " + timeout.toSeconds() + " s", e) : e;
            } finally {
                late.cancel(false);
            }
        }
    }

    private Answer exchange(SocketChannel channel, String method, String path, Map<String, String> headers,
            String body) throws IOException {
        channel.connect(UnixDomainSocketAddress.of(socket));
        Optional<String> stranger = peerProblem(channel, socket);
        if (stranger.isPresent()) {
            throw new Untrusted(stranger.get());
        }
        byte[] content = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        StringBuilder head = new StringBuilder(method).append(' ').append(path)
                .append(" HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n");
        headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
        head.append("Content-Length: ").append(content.length).append("\r\n\r\n");
        byte[] headBytes = head.toString().getBytes(StandardCharsets.UTF_8);
        byte[] request = Arrays.copyOf(headBytes, headBytes.length + content.length);
        System.arraycopy(content, 0, request, headBytes.length, content.length);
        OutputStream out = Channels.newOutputStream(channel);
        out.write(request);
        out.flush();
        InputStream in = new BufferedInputStream(Channels.newInputStream(channel));
        String[] status = line(in).split(" ", 3);
        if (status.length < 2 || !status[0].startsWith("HTTP/1.")) {
            throw new IOException("not an HTTP answer from " + socket);
        }
        Map<String, String> names = new HashMap<>();
        for (String line = line(in); !line.isEmpty(); line = line(in)) {
            int colon = line.indexOf(':');
            if (colon > 0) {
                names.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
            }
        }
        try {
            byte[] answer;
            if ("chunked".equalsIgnoreCase(names.getOrDefault("transfer-encoding", ""))) {
                answer = chunked(in);
            } else if (names.containsKey("content-length")) {
                long length = Long.parseLong(names.get("content-length"));
                if (length > MAX_BODY) {
                    throw new IOException("an answer of " + length + " bytes is over the limit");
                }
                answer = in.readNBytes((int) length);
            } else {
                answer = bounded(in);
            }
            return new Answer(Integer.parseInt(status[1]), names, answer);
        } catch (NumberFormatException e) {
            throw new IOException("a malformed HTTP answer", e);
        }
    }

    private static byte[] chunked(InputStream in) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            String size = line(in);
            int semicolon = size.indexOf(';');
            long length = Long.parseLong((semicolon < 0 ? size : size.substring(0, semicolon)).trim(), 16);
            if (length == 0) {
                return body.toByteArray();
            }
            if (length + body.size() > MAX_BODY) {
                throw new IOException("the answer is over the limit of " + MAX_BODY + " bytes");
            }
            byte[] chunk = in.readNBytes((int) length);
            if (chunk.length < length) {
                throw new IOException("the runtime hung up inside a chunk");
            }
            body.write(chunk);
            line(in);
        }
    }

    private static byte[] bounded(InputStream in) throws IOException {
        byte[] body = in.readNBytes(MAX_BODY + 1);
        if (body.length > MAX_BODY) {
            throw new IOException("the answer is over the limit of " + MAX_BODY + " bytes");
        }
        return body;
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new IOException("the runtime hung up");
            }
            if (bytes.size() > MAX_HEAD) {
                throw new IOException("an HTTP line is too long");
            }
            if (b != '\r') {
                bytes.write(b);
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
