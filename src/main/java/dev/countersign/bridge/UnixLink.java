package dev.countersign.bridge;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The bridge's link over the endpoint's Unix-domain socket: HTTP/1.1, one connection per exchange
 * ({@code Connection: close}), so that closing a call's body hangs up exactly that call. The JDK's
 * HTTP client cannot dial a Unix-domain socket, hence this small client; it speaks only what the
 * endpoint answers (a fixed-length or chunked body, or one that ends with the connection).
 */
final class UnixLink implements EndpointLink {
    private static final int MAX_HEAD = 64 * 1024;
    private final Path socket;

    UnixLink(Path socket) {
        this.socket = socket;
    }

    @Override
    public Reply send(String method, Map<String, String> headers, String body) throws IOException {
        SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            channel.connect(UnixDomainSocketAddress.of(socket));
            byte[] content = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
            StringBuilder head = new StringBuilder(method).append(" ").append(StdioBridge.ENDPOINT_PATH)
                    .append(" HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n");
            headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
            head.append("Content-Length: ").append(content.length).append("\r\n\r\n");
            // Head and body in one write: a refusal decided from the head never meets a body still
            // to be written into a socket the endpoint has closed.
            byte[] headBytes = head.toString().getBytes(StandardCharsets.UTF_8);
            byte[] request = Arrays.copyOf(headBytes, headBytes.length + content.length);
            System.arraycopy(content, 0, request, headBytes.length, content.length);
            OutputStream out = Channels.newOutputStream(channel);
            out.write(request);
            out.flush();
            InputStream in = new BufferedInputStream(Channels.newInputStream(channel));
            String status = line(in);
            String[] parts = status.split(" ", 3);
            if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
                throw new IOException("not an HTTP answer from " + socket);
            }
            Map<String, String> names = new HashMap<>();
            for (String line = line(in); !line.isEmpty(); line = line(in)) {
                int colon = line.indexOf(':');
                if (colon > 0) {
                    names.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
                }
            }
            InputStream bodyIn;
            if ("chunked".equalsIgnoreCase(names.getOrDefault("transfer-encoding", ""))) {
                bodyIn = new Chunked(in);
            } else if (names.containsKey("content-length")) {
                bodyIn = new Bounded(in, Long.parseLong(names.get("content-length")));
            } else {
                bodyIn = in;
            }
            InputStream owned = new FilterInputStream(bodyIn) {
                @Override
                public void close() throws IOException {
                    channel.close();
                }
            };
            return new Reply(Integer.parseInt(parts[1]), names, owned);
        } catch (NumberFormatException e) {
            channel.close();
            throw new IOException("a malformed HTTP answer", e);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    @Override
    public String describe() {
        return socket.toString();
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new IOException("the endpoint hung up");
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

    /** A fixed-length body. */
    private static final class Bounded extends FilterInputStream {
        private long left;

        Bounded(InputStream in, long length) {
            super(in);
            this.left = length;
        }

        @Override
        public int read() throws IOException {
            if (left <= 0) {
                return -1;
            }
            int b = super.read();
            if (b >= 0) {
                left--;
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int off, int len) throws IOException {
            if (left <= 0) {
                return -1;
            }
            int n = super.read(buffer, off, (int) Math.min(len, left));
            if (n > 0) {
                left -= n;
            }
            return n;
        }
    }

    /** A chunked body (RFC 9112, section 7.1), trailers ignored. */
    private static final class Chunked extends InputStream {
        private final InputStream in;
        private long left;
        private boolean done;

        Chunked(InputStream in) {
            this.in = in;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] buffer, int off, int len) throws IOException {
            if (done) {
                return -1;
            }
            if (left == 0) {
                String size = line(in);
                int semicolon = size.indexOf(';');
                left = Long.parseLong((semicolon < 0 ? size : size.substring(0, semicolon)).trim(), 16);
                if (left == 0) {
                    done = true;
                    return -1;
                }
            }
            int n = in.read(buffer, off, (int) Math.min(len, left));
            if (n < 0) {
                throw new IOException("the endpoint hung up inside a chunk");
            }
            left -= n;
            if (left == 0) {
                line(in);
            }
            return n;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
