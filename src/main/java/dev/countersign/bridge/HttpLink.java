package dev.countersign.bridge;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/** The bridge's link over loopback TCP, for an explicit {@code --url} (java.net.http). */
final class HttpLink implements EndpointLink {
    private final URI uri;
    private final HttpClient http;

    HttpLink(URI uri, HttpClient http) {
        this.uri = uri;
        this.http = http;
    }

    @Override
    public Reply send(String method, Map<String, String> headers, String body) throws IOException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri)
                // Short for DELETE: it may run in a shutdown hook, which must not hold up the exit.
                .timeout("DELETE".equals(method) ? Duration.ofSeconds(2) : Duration.ofMinutes(10))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(request::header);
        try {
            HttpResponse<InputStream> response = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
            Map<String, String> names = new HashMap<>();
            response.headers().map().forEach((k, v) -> names.put(k.toLowerCase(Locale.ROOT), v.isEmpty() ? "" : v.get(0)));
            return new Reply(response.statusCode(), names, response.body());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    @Override
    public String describe() {
        return uri.toString();
    }
}
