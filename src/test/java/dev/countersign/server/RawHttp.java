package dev.countersign.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * HTTP/1.1 written by hand over a socket, for what {@code java.net.http} will not send (a foreign
 * {@code Host} header) and for hanging up in the middle of a call.
 */
final class RawHttp {
    private RawHttp() {
    }

    static Socket open(int port) {
        try {
            Socket socket = new Socket(InetAddress.getLoopbackAddress(), port);
            socket.setSoTimeout(10_000);
            return socket;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes a request that closes its connection; {@code headers} are complete lines without CRLF. */
    static void write(Socket socket, String method, String host, String body, String... headers) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        writeRaw(socket, head(method, host, bytes.length, headers) + "Connection: close\r\n\r\n");
        writeRaw(socket, body);
    }

    /**
     * Writes only the head of a request that announces a body of {@code length} bytes and keeps the
     * connection open, as a client does that sends its head and body in two writes.
     */
    static void writeHead(Socket socket, String method, String host, int length, String... headers) {
        writeRaw(socket, head(method, host, length, headers) + "\r\n");
    }

    /** A request's head up to its last header line, without the blank line that ends it. */
    private static String head(String method, String host, int length, String... headers) {
        StringBuilder head = new StringBuilder(method + " /mcp HTTP/1.1\r\nHost: " + host + "\r\n");
        for (String header : headers) {
            head.append(header).append("\r\n");
        }
        return head.append("Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n")
                .append("Content-Length: ").append(length).append("\r\n").toString();
    }

    static void writeRaw(Socket socket, String text) {
        try {
            OutputStream out = socket.getOutputStream();
            out.write(text.getBytes(StandardCharsets.UTF_8));
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One whole exchange: the status line and headers of the response (the connection is closed). */
    static String exchange(int port, String method, String host, String body, String... headers) {
        try (Socket socket = open(port)) {
            write(socket, method, host, body, headers);
            return readHead(socket.getInputStream());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A whole response: status, head (status line and headers) and body (de-chunked). */
    record Response(int status, String head, String body) {
        /** The value of header {@code name} (case-insensitive), or null. */
        String header(String name) {
            for (String line : head.split("\r\n")) {
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase(name)) {
                    return line.substring(colon + 1).trim();
                }
            }
            return null;
        }
    }

    /** One whole exchange, body included: the request closes its connection, so the body ends with it. */
    static Response send(int port, String method, String host, String body, String... headers) {
        try (Socket socket = open(port)) {
            write(socket, method, host, body, headers);
            return read(socket.getInputStream());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads one response to its end (the connection closes after it). */
    static Response read(InputStream in) throws IOException {
        String head = readHead(in);
        int status = Integer.parseInt(head.substring(9, 12));
        byte[] rest = in.readAllBytes();
        String body = head.toLowerCase(java.util.Locale.ROOT).contains("transfer-encoding: chunked")
                ? dechunk(rest) : new String(rest, StandardCharsets.UTF_8);
        return new Response(status, head, body);
    }

    private static String dechunk(byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int at = 0;
        while (at < bytes.length) {
            int lineEnd = at;
            while (lineEnd + 1 < bytes.length && !(bytes[lineEnd] == '\r' && bytes[lineEnd + 1] == '\n')) {
                lineEnd++;
            }
            String size = new String(bytes, at, lineEnd - at, StandardCharsets.US_ASCII).split(";")[0].trim();
            int length = size.isEmpty() ? 0 : Integer.parseInt(size, 16);
            if (length == 0) {
                break;
            }
            out.write(bytes, lineEnd + 2, length);
            at = lineEnd + 2 + length + 2;
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        int b;
        while ((b = in.read()) >= 0) {
            head.write(b);
            matched = (b == "\r\n\r\n".charAt(matched)) ? matched + 1 : (b == '\r' ? 1 : 0);
            if (matched == 4) {
                break;
            }
        }
        return head.toString(StandardCharsets.US_ASCII);
    }
}
