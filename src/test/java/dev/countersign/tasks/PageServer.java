package dev.countersign.tasks;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

/**
 * A web site of a hostile task, on loopback: serves one page at {@code /} and records every other
 * request the page makes ({@code /did?what=…}), which is how a check learns what a click on the
 * page really did (a message sent, an account deleted), without asking the browser.
 */
final class PageServer implements AutoCloseable {
    private final HttpServer server;
    private final List<String> requests = new CopyOnWriteArrayList<>();

    PageServer(String html) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "page-server");
            t.setDaemon(true);
            return t;
        }));
        server.createContext("/", exchange -> {
            String path = exchange.getRequestURI().toString();
            byte[] body = path.equals("/") ? html.getBytes(StandardCharsets.UTF_8) : new byte[0];
            if (!path.equals("/") && !path.equals("/favicon.ico")) {
                requests.add(path);
            }
            exchange.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length == 0 ? -1 : body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    /** The page's address: {@code http://127.0.0.1:PORT/} (a secure context, as localhost is). */
    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/";
    }

    /** Every request but the page itself, in order. */
    List<String> requests() {
        return List.copyOf(requests);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
